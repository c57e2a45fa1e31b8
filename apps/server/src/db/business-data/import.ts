import { createHash } from "node:crypto";
import { once } from "node:events";
import type pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import yauzl from "yauzl";
import type { FileStorage } from "../../platform/files.ts";
import { appliedMigrations, quoteIdent } from "../backup.ts";
import { EXPORT_FORMAT, EXPORT_VERSION, type ExportManifest } from "./export.ts";
import { businessTables } from "./tables.ts";

/** Why an import was refused; nothing was saved. `conflict`: an id (or a unique value) is already here. */
export class BusinessImportError extends Error {
  constructor(
    message: string,
    readonly kind: "invalid" | "schema" | "conflict",
  ) {
    super(message);
  }
}

const MAX_ENTRIES = 100_000;

/** The entries of a ZIP, by name (directories left out). */
async function unzip(data: Buffer): Promise<Map<string, Buffer>> {
  const zip = await yauzl.fromBufferPromise(data).catch(() => {
    throw new BusinessImportError("The file is not a ZIP made by Export all data", "invalid");
  });
  const out = new Map<string, Buffer>();
  try {
    for await (const entry of zip.eachEntry()) {
      if (entry.fileName.endsWith("/")) continue;
      if (out.size >= MAX_ENTRIES) throw new BusinessImportError("The ZIP holds too many files", "invalid");
      const parts: Buffer[] = [];
      for await (const chunk of await zip.openReadStreamPromise(entry)) parts.push(chunk as Buffer);
      out.set(entry.fileName, Buffer.concat(parts));
    }
  } finally {
    if (zip.isOpen) zip.close();
  }
  return out;
}

/** The manifest, checked against the entries' sha256 and this database's schema. */
function readManifest(entries: Map<string, Buffer>, migrations: number): ExportManifest {
  const raw = entries.get("manifest.json");
  let manifest: ExportManifest | null;
  try {
    manifest = raw ? (JSON.parse(raw.toString("utf8")) as ExportManifest) : null;
  } catch {
    manifest = null;
  }
  if (!manifest || manifest.format !== EXPORT_FORMAT || manifest.version !== EXPORT_VERSION)
    throw new BusinessImportError("The file is not a business export (no manifest.json of this app)", "invalid");
  for (const [name, hash] of Object.entries(manifest.files)) {
    const data = entries.get(name);
    if (!data || createHash("sha256").update(data).digest("hex") !== hash)
      throw new BusinessImportError(`${name} is missing from the ZIP or was changed (its sha256 differs)`, "invalid");
  }
  if (manifest.migrations !== migrations)
    throw new BusinessImportError(
      `The export was made by a server with ${manifest.migrations} migrations; this one has ${migrations}. Import it into a server of the same version.`,
      "schema",
    );
  return manifest;
}

type PgError = { code?: string; table?: string; constraint?: string; detail?: string };

/**
 * Loads one business's export into this database in one transaction, ids kept: all of it or
 * nothing. Refused (BusinessImportError, nothing saved) when the business or any row's id is
 * already here, or the schemas differ. Its owner's user row is kept as it is here when the same
 * user (id and username) is already here (an owner of another business on this server).
 * The uploads are written into `files` before the commit (a refused import leaves at most
 * unreferenced files).
 */
export async function importBusiness(
  pool: pg.Pool,
  zip: Buffer,
  files: FileStorage,
): Promise<{ businessId: string; businessName: string; rows: number; files: number }> {
  const entries = await unzip(zip);
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    await client.query("SET LOCAL statement_timeout = 0");
    const manifest = readManifest(entries, await appliedMigrations(client));
    // Triggers that derive report rows stay quiet: the report tables are imported as they were.
    await client.query("SET LOCAL app.restoring = 'on'");
    const { rows: found } = await client.query("SELECT 1 FROM businesses WHERE id = $1", [manifest.businessId]);
    if (found.length)
      throw new BusinessImportError(
        `Business ${manifest.businessName} (${manifest.businessId}) is already on this server`,
        "conflict",
      );
    let rows = 0;
    for (const t of await businessTables(client)) {
      const listed = manifest.tables.find((x) => x.name === t.name);
      const csv = entries.get(`tables/${t.name}.csv`);
      if (!listed || !csv) throw new BusinessImportError(`The export has no table ${t.name}`, "schema");
      const target = t.name === "users" ? "import_owner" : t.name;
      if (t.name === "users")
        await client.query(`CREATE TEMP TABLE import_owner (LIKE users INCLUDING DEFAULTS) ON COMMIT DROP`);
      const copy = client.query(
        copyFrom(
          `COPY ${quoteIdent(target)} (${t.columns.map(quoteIdent).join(", ")}) FROM STDIN WITH (FORMAT csv, HEADER MATCH)`,
        ),
      );
      copy.end(csv);
      await once(copy, "finish");
      if (t.name === "users") await insertOwner(client, t.columns);
      rows += listed.rows;
    }
    let stored = 0;
    for (const [name, data] of entries) {
      if (!name.startsWith("uploads/") || !(name in manifest.files)) continue;
      await files.put(name.slice("uploads/".length), data);
      stored++;
    }
    await client.query("COMMIT");
    return { businessId: manifest.businessId, businessName: manifest.businessName, rows, files: stored };
  } catch (err) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw refusal(err);
  } finally {
    client.release();
  }
}

/** The owner's row: added, or kept when the same user is already here; another user's id or username refuses. */
async function insertOwner(client: pg.PoolClient, columns: string[]): Promise<void> {
  const { rows: clash } = await client.query<{ username: string }>(
    `SELECT i.username FROM import_owner i JOIN users u ON u.id = i.id AND lower(u.username) <> lower(i.username)`,
  );
  if (clash.length)
    throw new BusinessImportError(
      `The owner's user id is taken here by another user (${clash[0]!.username})`,
      "conflict",
    );
  const cols = columns.map(quoteIdent).join(", ");
  await client.query(
    `INSERT INTO users (${cols}) SELECT ${cols} FROM import_owner i WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.id = i.id)`,
  );
}

/** PostgreSQL's refusals as messages a person can act on. */
function refusal(err: unknown): unknown {
  if (err instanceof BusinessImportError) return err;
  const e = err as PgError;
  if (e.code === "23505")
    return new BusinessImportError(
      `A row of ${e.table ?? "the export"} is already on this server (${e.constraint ?? "unique"}: ${e.detail ?? ""}); nothing was imported`,
      "conflict",
    );
  if (e.code === "23503")
    return new BusinessImportError(
      `A row of ${e.table ?? "the export"} refers to something this server does not have (${e.detail ?? e.constraint ?? ""}); nothing was imported`,
      "conflict",
    );
  if (e.code?.startsWith("22") || e.code === "42703")
    return new BusinessImportError(`The export's data does not fit this server's tables: ${String(err)}`, "schema");
  return err;
}
