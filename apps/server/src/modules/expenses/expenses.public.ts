// What other modules may use of the expenses module: its public entry (modules/README.md).
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { expenses } from "./expenses.table.ts";

/** An expense confirmed from a supplier's KRA invoice, in the caller's transaction (flows/etims-purchases.ts). */
export { recordKraInvoiceExpense } from "./expenses.service.ts";

/** The live (not deleted) expenses spent in [start, end), summed in cents: the reports' net profit. */
export async function expensesTotal(db: DbOrTx, businessId: string, start: string, end: string): Promise<number> {
  const { rows } = await db.execute<{ total: string }>(sql`
    SELECT coalesce(sum(amount), 0)::text AS total FROM ${expenses}
    WHERE business_id = ${businessId} AND deleted_at IS NULL AND spent_at >= ${start}::timestamptz AND spent_at < ${end}::timestamptz`);
  return Number(rows[0]?.total ?? 0);
}
