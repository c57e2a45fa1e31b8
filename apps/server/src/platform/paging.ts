import { sql, type SQL } from "drizzle-orm";

/** A page of a list as its query asks for it (see `pageQueryFields` in @app/shared/paging). */
export type PageQuery = { page: number; pageSize: number };

/** How many rows come before the page. */
export const offsetOf = (q: PageQuery): number => q.page * q.pageSize;

/** `LIMIT … OFFSET …` of the page, for a list read in plain SQL. */
export const limitOffset = (q: PageQuery): SQL => sql`LIMIT ${q.pageSize} OFFSET ${offsetOf(q)}`;
