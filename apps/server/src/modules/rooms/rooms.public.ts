// What other modules may use of the rooms module: its public entry (modules/README.md).
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { bookings, rooms } from "./rooms.table.ts";
import { stayEndSql } from "./stay-end.ts";

/** A hotel's rooms and how many are taken on the night of `day` (yyyy-MM-dd): the dashboard's occupancy (stay-end.ts). */
export async function occupancyOn(
  db: DbOrTx,
  businessId: string,
  day: string,
  timeZone: string,
): Promise<{ rooms: number; occupied: number }> {
  const { rows } = await db.execute<{ rooms: number; occupied: number }>(sql`
    SELECT (SELECT count(*)::int FROM ${rooms} WHERE business_id = ${businessId} AND deleted_at IS NULL) AS rooms,
           (SELECT count(DISTINCT room_id)::int FROM ${bookings}
            WHERE business_id = ${businessId} AND status <> 'cancelled'
              AND check_in <= ${day}::date AND ${stayEndSql(timeZone)} > ${day}::date) AS occupied`);
  return { rooms: Number(rows[0]?.rooms ?? 0), occupied: Number(rows[0]?.occupied ?? 0) };
}
