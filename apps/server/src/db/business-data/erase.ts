import type pg from "pg";
import { ERASE_AFTER_DAYS } from "@app/shared/businesses/business-data";
import type { FileStorage } from "../../platform/files.ts";
import { quoteIdent } from "../backup.ts";
import { referencedFileKeys } from "../file-keys.ts";
import { businessTables } from "./tables.ts";

/**
 * Erases a deleted business for good, in one transaction: every row of it in every table
 * (children before parents), its sessions, the business, and its owner's user when they own no
 * other business; then the files its rows referred to. Only a business deleted at or before
 * `deletedBy`; locked with SKIP LOCKED, so several servers running the job erase it once.
 * false: not erased (restored meanwhile, not due, or another server is at it).
 */
export async function eraseBusiness(
  pool: pg.Pool,
  businessId: string,
  files: FileStorage,
  deletedBy: Date,
): Promise<boolean> {
  const client = await pool.connect();
  let keys: string[];
  try {
    await client.query("BEGIN");
    await client.query("SET LOCAL statement_timeout = 0");
    // The reports' triggers stay quiet: the report rows go with everything else.
    await client.query("SET LOCAL app.restoring = 'on'");
    const { rows } = await client.query<{ owner_id: string }>(
      `SELECT owner_id FROM businesses WHERE id = $1 AND deleted_at <= $2 FOR UPDATE SKIP LOCKED`,
      [businessId, deletedBy],
    );
    if (!rows[0]) {
      await client.query("ROLLBACK");
      return false;
    }
    const ownerId = rows[0].owner_id;
    // The audit tables' triggers let this business's rows, and only its, be deleted (migration 0030).
    await client.query("SELECT set_config('app.erasing_business', $1, true)", [businessId]);
    const tables = await businessTables(client);
    const tenant = tables.filter((t) => t.columns.includes("business_id"));
    const tenantNames = new Set(tenant.map((t) => t.name));
    keys = await referencedFileKeys(
      client,
      (t) => (t === "businesses" ? "t.id = $1" : tenantNames.has(t) ? "t.business_id = $1" : null),
      [businessId],
    );
    for (const t of [...tenant].reverse())
      await client.query(`DELETE FROM ${quoteIdent(t.name)} WHERE business_id = $1`, [businessId]);
    await client.query("DELETE FROM sessions WHERE business_id = $1", [businessId]);
    await client.query("DELETE FROM businesses WHERE id = $1", [businessId]);
    const { rows: others } = await client.query("SELECT 1 FROM businesses WHERE owner_id = $1 LIMIT 1", [ownerId]);
    if (!others.length) {
      const { rows: owner } = await client.query<{ image: string | null }>(
        "DELETE FROM users WHERE id = $1 AND NOT is_support_user RETURNING image",
        [ownerId],
      );
      await client.query("DELETE FROM sessions WHERE user_id = $1", [ownerId]);
      const image = /^\/api\/files\/(.+)$/.exec(owner[0]?.image ?? "");
      if (image) keys.push(image[1]!);
    }
    await client.query("COMMIT");
  } catch (err) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
  // After the commit: a file left behind by a failure here is harmless, a row pointing at none is not.
  for (const key of keys) await files.remove(key).catch(() => undefined);
  return true;
}

/**
 * The erasure job's work: every business deleted ERASE_AFTER_DAYS or more before `now` is
 * erased for good. `now` is passed in (tests move it; the job passes the clock's). Returns the
 * ids erased. One failing business does not stop the others; its error is reported.
 */
export async function eraseDueBusinesses(
  pool: pg.Pool,
  files: FileStorage,
  now: Date,
  onError: (businessId: string, err: unknown) => void = () => undefined,
): Promise<string[]> {
  const cutoff = new Date(now.getTime() - ERASE_AFTER_DAYS * 86_400_000);
  const { rows } = await pool.query<{ id: string }>(
    "SELECT id FROM businesses WHERE deleted_at <= $1 ORDER BY deleted_at, id",
    [cutoff],
  );
  const erased: string[] = [];
  for (const { id } of rows) {
    try {
      if (await eraseBusiness(pool, id, files, cutoff)) erased.push(id);
    } catch (err) {
      onError(id, err);
    }
  }
  return erased;
}
