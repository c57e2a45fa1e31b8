import type pg from "pg";

/** How stored files are referenced from rows: a URL `/api/files/KEY` in any text column. */
export const FILE_URL_PATTERN = "/api/files/([a-z0-9-]+(?:/[a-z0-9-]+)*\\.[a-z0-9]+)";

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The app's tables with their columns that may hold a file URL (text, varchar, arrays, json). */
async function textColumns(client: pg.PoolClient): Promise<Map<string, string[]>> {
  const { rows } = await client.query<{ table: string; columns: string[] }>(`
    SELECT c.relname AS table, array_agg(a.attname::text ORDER BY a.attnum) AS columns
    FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
    JOIN pg_type t ON t.oid = a.atttypid
    WHERE c.relkind IN ('r', 'p')
      AND (t.typname IN ('text', 'varchar', '_text', '_varchar', 'json', 'jsonb'))
    GROUP BY c.relname`);
  return new Map(rows.map((r) => [r.table, r.columns]));
}

/**
 * Every stored file's key that a row refers to, in the client's transaction (its snapshot).
 * `where(table)` limits a table's rows (an SQL condition on alias t, e.g. one business's), or
 * returns null to skip the table.
 */
export async function referencedFileKeys(
  client: pg.PoolClient,
  where: (table: string) => string | null = () => "TRUE",
  params: unknown[] = [],
): Promise<string[]> {
  const keys = new Set<string>();
  for (const [table, columns] of await textColumns(client)) {
    const condition = where(table);
    if (condition === null) continue;
    const text = columns.map((c) => `coalesce(t.${quoteIdent(c)}::text, '')`).join(" || ' ' || ");
    const { rows } = await client.query<{ key: string }>(
      `SELECT DISTINCT m[1] AS key FROM ${quoteIdent(table)} AS t,
         regexp_matches(${text}, '${FILE_URL_PATTERN}', 'g') AS m
       WHERE (${condition}) AND (${text}) LIKE '%/api/files/%'`,
      params,
    );
    for (const r of rows) keys.add(r.key);
  }
  return [...keys].sort();
}
