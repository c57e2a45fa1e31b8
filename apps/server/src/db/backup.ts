import { once } from "node:events";
import { createReadStream } from "node:fs";
import { createInterface } from "node:readline";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import type pg from "pg";
import { from as copyFrom, to as copyTo } from "pg-copy-streams";
import { runMigrations } from "./migrate.ts";
import { steadyWriteStream } from "./steady-write.ts";

/**
 * Logical backups without pg_dump (the embedded PostgreSQL package ships none): a gzipped
 * text file with a JSON header line, then each table as a `@@TABLE name columns` line
 * followed by its rows in COPY text format (one row a line) and a `\.` line.
 * It works the same against the embedded database and a PostgreSQL server.
 */
const FORMAT = "duka-pos-backup";
const VERSION = 1;
const END_OF_DATA = "\\.";

type Header = { format: string; version: number; createdAt: string; migrations: number; tables: string[] };
export type Table = { name: string; columns: string[] };
/** What a dump holds: rows per table (`counts`), and the schema version it was taken at. */
export type DumpSummary = {
  tables: number;
  rows: number;
  counts: Record<string, number>;
  migrations: number;
  createdAt: string;
};

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The app's tables in an order where every table comes after those it references. */
export async function tablesInDependencyOrder(client: pg.PoolClient): Promise<Table[]> {
  const { rows: tables } = await client.query<{ name: string; columns: string[] }>(`
    SELECT c.relname AS name, array_agg(a.attname::text ORDER BY a.attnum) AS columns
    FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
    WHERE c.relkind IN ('r', 'p')
    GROUP BY c.relname ORDER BY c.relname`);
  const { rows: edges } = await client.query<{ child: string; parent: string }>(`
    SELECT cc.relname AS child, pc.relname AS parent
    FROM pg_constraint k
    JOIN pg_class cc ON cc.oid = k.conrelid
    JOIN pg_class pc ON pc.oid = k.confrelid
    JOIN pg_namespace n ON n.oid = cc.relnamespace AND n.nspname = 'public'
    WHERE k.contype = 'f' AND cc.oid <> pc.oid`);
  const ordered: Table[] = [];
  const done = new Set<string>();
  const visit = (t: Table, path: Set<string>) => {
    if (done.has(t.name) || path.has(t.name)) return;
    path.add(t.name);
    for (const e of edges)
      if (e.child === t.name)
        visit(
          tables.find((x) => x.name === e.parent)!,
          path,
        );
    done.add(t.name);
    ordered.push(t);
  };
  for (const t of tables) visit(t, new Set());
  return ordered;
}

export async function appliedMigrations(client: pg.PoolClient): Promise<number> {
  const { rows } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`);
  return rows[0]?.n ?? 0;
}

/** The rows in a chunk of COPY text: one a line, counted on the bytes (no string is made). */
function linesIn(chunk: Buffer): number {
  let n = 0;
  for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) n++;
  return n;
}

/**
 * Writes a consistent snapshot of every table to `file` (gzip). The fastest gzip level: the dump
 * runs in the server that is selling; on 38 MB of sale-like COPY rows, level 1 took half the CPU
 * time of level 6 (1.2 s against 2.4 s) for a file 5% larger.
 */
export async function backupDatabase(pool: pg.Pool, file: string): Promise<DumpSummary> {
  const client = await pool.connect();
  const gzip = createGzip({ level: 1 });
  const done = pipeline(gzip, steadyWriteStream(file));
  let rows = 0;
  const counts: Record<string, number> = {};
  const write = async (text: string) => {
    if (!gzip.write(text)) await once(gzip, "drain");
  };
  try {
    // One snapshot for all tables, so the backup is consistent while the shop keeps selling.
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    // A big shop's backup may take minutes: no statement timeout, whatever pool it runs on.
    await client.query("SET LOCAL statement_timeout = 0");
    const tables = await tablesInDependencyOrder(client);
    const header: Header = {
      format: FORMAT,
      version: VERSION,
      createdAt: new Date().toISOString(),
      migrations: await appliedMigrations(client),
      tables: tables.map((t) => t.name),
    };
    await write(`${JSON.stringify(header)}\n`);
    for (const t of tables) {
      await write(`@@TABLE ${t.name} ${JSON.stringify(t.columns)}\n`);
      const before = rows;
      const stream = client.query(
        copyTo(`COPY ${quoteIdent(t.name)} (${t.columns.map(quoteIdent).join(", ")}) TO STDOUT`),
      );
      for await (const chunk of stream) {
        rows += linesIn(chunk as Buffer);
        if (!gzip.write(chunk)) await once(gzip, "drain");
      }
      await write(`${END_OF_DATA}\n`);
      counts[t.name] = rows - before;
    }
    await client.query("COMMIT");
    gzip.end();
    await done;
    return { tables: tables.length, rows, counts, migrations: header.migrations, createdAt: header.createdAt };
  } catch (err) {
    gzip.destroy();
    await done.catch(() => undefined);
    await client.query("ROLLBACK").catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

/** Opens a dump's lines and checks its header: throws when it is no backup of this app. */
function openDump(file: string) {
  const lines = createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity })[
    Symbol.asyncIterator
  ]();
  const header = async () => {
    const first = await lines.next();
    try {
      const parsed = JSON.parse(String(first.value)) as Header;
      if (parsed.format === FORMAT && parsed.version === VERSION) return parsed;
    } catch {
      // not JSON: reported below
    }
    throw new Error(`${file} is not a backup made by npm run backup`);
  };
  return { lines, header };
}

/**
 * Reads a whole dump back (gzip checksum included) and counts its rows per table: the check
 * after writing a backup. Throws when it does not open or ends early.
 */
export async function readDumpCounts(file: string): Promise<DumpSummary> {
  const { lines, header: readHeader } = openDump(file);
  const header = await readHeader();
  const counts: Record<string, number> = {};
  let rows = 0;
  for (let next = await lines.next(); !next.done; next = await lines.next()) {
    if (!next.value) continue;
    const match = /^@@TABLE (\S+) /.exec(next.value);
    if (!match) throw new Error(`Unexpected line in backup: ${next.value.slice(0, 80)}`);
    const name = match[1]!;
    counts[name] = 0;
    for (let row = await lines.next(); ; row = await lines.next()) {
      if (row.done) throw new Error(`The backup ends inside table ${name}: it is incomplete`);
      if (row.value === END_OF_DATA) break;
      counts[name]++;
      rows++;
    }
  }
  return {
    tables: Object.keys(counts).length,
    rows,
    counts,
    migrations: header.migrations,
    createdAt: header.createdAt,
  };
}

/** Rows per table in the database now (for "what a restore replaces"). */
export async function countRows(pool: pg.Pool): Promise<Record<string, number>> {
  const client = await pool.connect();
  try {
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    await client.query("SET LOCAL statement_timeout = 0");
    const counts: Record<string, number> = {};
    for (const t of await tablesInDependencyOrder(client)) {
      const { rows } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${quoteIdent(t.name)}`);
      counts[t.name] = rows[0]!.n;
    }
    await client.query("COMMIT");
    return counts;
  } catch (err) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

/**
 * Replaces every table's rows with those of a backup, in one transaction: either the whole
 * backup is restored or nothing changes. The schema is migrated to this version first.
 */
export async function restoreDatabase(
  pool: pg.Pool,
  file: string,
  /** More work in the same transaction, once the rows are back. */
  after?: (client: pg.PoolClient) => Promise<void>,
): Promise<{ tables: number; rows: number }> {
  await runMigrations(pool);
  const { lines, header: readHeader } = openDump(file);
  const header = await readHeader();

  const client = await pool.connect();
  let rows = 0;
  let tables = 0;
  try {
    await client.query("BEGIN");
    await client.query("SET LOCAL statement_timeout = 0"); // as the backup
    if ((await appliedMigrations(client)) < header.migrations) {
      throw new Error("This backup was made by a newer version of the app; update the app before restoring it");
    }
    const current = await tablesInDependencyOrder(client);
    // The reports' triggers (migration 0021) stay quiet: their tables are restored as they were.
    await client.query("SET LOCAL app.restoring = 'on'");
    await client.query(`TRUNCATE ${current.map((t) => quoteIdent(t.name)).join(", ")} CASCADE`);
    for (let next = await lines.next(); !next.done; next = await lines.next()) {
      const line = next.value;
      if (!line) continue;
      const match = /^@@TABLE (\S+) (\[.*\])$/.exec(line);
      if (!match) throw new Error(`Unexpected line in backup: ${line.slice(0, 80)}`);
      const [, name, columnsJson] = match as unknown as [string, string, string];
      const columns = JSON.parse(columnsJson) as string[];
      const copy = client.query(
        copyFrom(`COPY ${quoteIdent(name)} (${columns.map(quoteIdent).join(", ")}) FROM STDIN`),
      );
      const finished = once(copy, "finish");
      for (let row = await lines.next(); ; row = await lines.next()) {
        if (row.done) throw new Error(`The backup ends inside table ${name}: it is incomplete`);
        if (row.value === END_OF_DATA) break;
        rows++;
        if (!copy.write(`${row.value}\n`)) await once(copy, "drain");
      }
      copy.end();
      await finished;
      tables++;
    }
    await after?.(client);
    await client.query("COMMIT");
    return { tables, rows };
  } catch (err) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}
