import { sql, type SQL } from "drizzle-orm";

/**
 * The day a stay really ends (the morning after its last night), in the business's time zone.
 * A stay checked out early ends on its check-out day, not on the departure it was booked for:
 * a guest booked for 3 nights who left on the morning after the first holds that one night on the
 * board, in the occupancy analysis (nights sold, and revenue earned only for the nights stayed,
 * at their stored rates) and on the dashboard, and the room is free for the next guest. A guest
 * who leaves on the day they arrived stayed no night: the stay holds none (the room may be let
 * again that night; what they paid stays in the cash book). A late check-out never adds a night.
 * Every other stay ends at its booked check-out day.
 *
 * `alias`: the bookings table's name in the query ("bookings", or an alias such as "b").
 */
export function stayEndSql(timeZone: string, alias = "bookings"): SQL {
  const col = (name: string) => sql.raw(`"${alias}"."${name}"`);
  return sql`(CASE WHEN ${col("status")} = 'checkedOut' AND ${col("checked_out_at")} IS NOT NULL
    THEN least(${col("check_out")}, greatest(${col("check_in")}, (${col("checked_out_at")} AT TIME ZONE ${timeZone})::date))
    ELSE ${col("check_out")} END)`;
}
