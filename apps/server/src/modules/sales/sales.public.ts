// What other modules may use of the sales module: its public entry (modules/README.md).
import { sql } from "drizzle-orm";
import type { ServedSale } from "@app/shared/payroll/commission";
import type { DbOrTx } from "../../db/client.ts";
import { saleLines, sales } from "./sales.table.ts";

/**
 * The sales (retail and wholesale) each member of staff served in a period, summed in SQL by
 * employee and voided or not, with their item counts: what commissions are computed from.
 */
export async function salesServedInPeriod(
  db: DbOrTx,
  businessId: string,
  start: Date,
  end: Date,
): Promise<ServedSale[]> {
  const { rows } = await db.execute<{
    served_by_id: string;
    voided: boolean;
    n: number;
    total: string;
    items: string;
  }>(sql`
    SELECT served_by_id, voided, count(*)::int AS n, sum(total)::text AS total, sum(items)::text AS items
    FROM (
      SELECT s.served_by_id, s.status = 'voided' AS voided, s.total,
        (SELECT coalesce(sum(l.quantity), 0) FROM ${saleLines} l WHERE l.business_id = s.business_id AND l.sale_id = s.id) AS items
      FROM ${sales} s
      WHERE s.business_id = ${businessId} AND s.created_at >= ${start.toISOString()} AND s.created_at < ${end.toISOString()}
        AND s.served_by_id IS NOT NULL
    ) x
    GROUP BY served_by_id, voided`);
  return rows.map((r) => ({
    servedById: r.served_by_id,
    voided: r.voided,
    count: r.n,
    total: Number(r.total),
    items: Number(r.items),
  }));
}

/** How many sales (any status, voided too) a member of staff served: history HR must keep. */
export async function salesServedCountOf(db: DbOrTx, businessId: string, employeeId: string): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM ${sales} WHERE business_id = ${businessId} AND served_by_id = ${employeeId}`,
  );
  return rows[0]?.n ?? 0;
}
