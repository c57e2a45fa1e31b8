import { createHash } from "node:crypto";
import type { Readable, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { ZipArchive } from "archiver";
import type pg from "pg";
import { to as copyTo } from "pg-copy-streams";
import type { FileStorage } from "../../platform/files.ts";
import { readStoredFile } from "../../platform/s3-files.ts";
import { appliedMigrations, quoteIdent } from "../backup.ts";
import { referencedFileKeys } from "../file-keys.ts";
import { businessTables, copyOutSql } from "./tables.ts";

/**
 * One business's data as a ZIP: `tables/<table>.csv` (PostgreSQL's own CSV, header line first,
 * NULL as an empty field and an empty text as ""), `uploads/<key>` (the files its rows refer to)
 * and `manifest.json` last (format, the app's migrations count, rows per table, sha256 per file).
 * import.ts reads it back, ids kept.
 */
export const EXPORT_FORMAT = "duka-pos-business-export";
export const EXPORT_VERSION = 1;

export type ExportManifest = {
  format: string;
  version: number;
  createdAt: string;
  businessId: string;
  businessName: string;
  /** Migrations applied to the exporting database: an import needs the same schema. */
  migrations: number;
  /** Tables in import order (parents first), with their columns and row counts. */
  tables: { name: string; columns: string[]; rows: number }[];
  /** sha256 (hex) of every other entry of the ZIP, by its name. */
  files: Record<string, string>;
  /** Files a row refers to that the store no longer has (left out). */
  missingFiles: string[];
};

const sha256 = (data: Buffer) => createHash("sha256").update(data).digest("hex");

async function copyToBuffer(client: pg.PoolClient, sql: string): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of client.query(copyTo(sql))) parts.push(chunk as Buffer);
  return Buffer.concat(parts);
}

/** Reads one business's rows (one consistent snapshot) and the files they refer to. */
export async function readBusinessData(
  pool: pg.Pool,
  businessId: string,
  files: FileStorage,
): Promise<{ manifest: ExportManifest; entries: [string, Buffer][] }> {
  const client = await pool.connect();
  const entries: [string, Buffer][] = [];
  const tables: ExportManifest["tables"] = [];
  let businessName: string;
  let migrations: number;
  let keys: string[];
  try {
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    await client.query("SET LOCAL statement_timeout = 0"); // a big shop's export may take a while
    const { rows } = await client.query<{ name: string }>("SELECT name FROM businesses WHERE id = $1", [businessId]);
    if (!rows[0]) throw new Error(`No business ${businessId}`);
    businessName = rows[0].name;
    migrations = await appliedMigrations(client);
    const all = await businessTables(client);
    for (const t of all) {
      const csv = await copyToBuffer(client, copyOutSql(t, businessId));
      const { rows: count } = await client.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM ${quoteIdent(t.name)} WHERE ${t.where}`,
        [businessId],
      );
      tables.push({ name: t.name, columns: t.columns, rows: count[0]!.n });
      entries.push([`tables/${t.name}.csv`, csv]);
    }
    const where = new Map(all.map((t) => [t.name, t.where.replace(/\b(id|business_id) =/, "t.$1 =")]));
    keys = await referencedFileKeys(client, (table) => where.get(table) ?? null, [businessId]);
    await client.query("COMMIT");
  } catch (err) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
  const missingFiles: string[] = [];
  for (const key of keys) {
    const data = await readStoredFile(files, key);
    if (data) entries.push([`uploads/${key}`, data]);
    else missingFiles.push(key);
  }
  const manifest: ExportManifest = {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    createdAt: new Date().toISOString(),
    businessId,
    businessName,
    migrations,
    tables,
    files: Object.fromEntries(entries.map(([name, data]) => [name, sha256(data)])),
    missingFiles,
  };
  return { manifest, entries };
}

/** The export ZIP of data read by readBusinessData, as a stream (an HTTP reply's body, a file). */
export function businessExportZip({ manifest, entries }: Awaited<ReturnType<typeof readBusinessData>>): Readable {
  const zip = new ZipArchive({ zlib: { level: 6 } });
  for (const [name, data] of entries) zip.append(data, { name });
  zip.append(Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`), { name: "manifest.json" });
  void zip.finalize().catch((err: unknown) => zip.destroy(err as Error));
  return zip;
}

/** Writes one business's export ZIP to `out` and waits until it is written. */
export async function writeBusinessExport(
  pool: pg.Pool,
  businessId: string,
  files: FileStorage,
  out: Writable,
): Promise<ExportManifest> {
  const data = await readBusinessData(pool, businessId, files);
  await pipeline(businessExportZip(data), out);
  return data.manifest;
}
