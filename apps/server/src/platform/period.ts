import { sql, type SQL } from "drizzle-orm";

/** The filters of a list's period (see `periodQueryFields` in @app/shared/period): from inclusive, to exclusive. */
export function periodFilters(column: SQL, q: { from?: string; to?: string }): SQL[] {
  const filters: SQL[] = [];
  if (q.from) filters.push(sql`${column} >= ${q.from}`);
  if (q.to) filters.push(sql`${column} < ${q.to}`);
  return filters;
}
