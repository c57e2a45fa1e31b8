// What other modules may use of the clinic module: its public entry (modules/README.md).
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { visits } from "./clinic.table.ts";

/** How many visits were queued in [start, end): the dashboard's visits today. Names no patient. */
export async function visitsCount(db: DbOrTx, businessId: string, start: string, end: string): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM ${visits}
    WHERE business_id = ${businessId} AND queued_at >= ${start}::timestamptz AND queued_at < ${end}::timestamptz`);
  return Number(rows[0]?.n ?? 0);
}
