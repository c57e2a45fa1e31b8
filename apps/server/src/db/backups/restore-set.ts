import { existsSync } from "node:fs";
import { rename, rm } from "node:fs/promises";
import type pg from "pg";
import { countRows, restoreDatabase } from "../backup.ts";
import {
  DATABASE_FILE,
  listFiles,
  stageUploads,
  verifyBackupSet,
  type Manifest,
  type UploadsPlace,
} from "./backup-set.ts";
import { putStoredUploads, referencedKeys } from "./stored-uploads.ts";
import path from "node:path";

/** What a restore replaces: rows per table now and in the backup, and the uploaded files. */
export type RestorePlan = {
  backupTakenAt: string;
  tables: { name: string; now: number; backup: number }[];
  files: { now: number; backup: number };
};

/** The tables people recognise, shown first (the rest follow in name order). */
const HEADLINE = ["businesses", "users", "products", "sales", "sale_lines", "customers", "expenses"];

export async function planRestore(pool: pg.Pool, uploads: UploadsPlace, manifest: Manifest): Promise<RestorePlan> {
  const now = await countRows(pool);
  const names = [...new Set([...Object.keys(now), ...Object.keys(manifest.tables)])].sort(
    (a, b) =>
      (HEADLINE.includes(a) ? HEADLINE.indexOf(a) : 99) - (HEADLINE.includes(b) ? HEADLINE.indexOf(b) : 99) ||
      a.localeCompare(b),
  );
  return {
    backupTakenAt: manifest.createdAt,
    tables: names.map((name) => ({ name, now: now[name] ?? 0, backup: manifest.tables[name] ?? 0 })),
    files: {
      now: (typeof uploads === "string" ? await listFiles(uploads) : await referencedKeys(pool)).length,
      backup: manifest.uploads.length,
    },
  };
}

/** Plain lines of a plan, for the command line. */
export function describePlan(plan: RestorePlan): string[] {
  const changed = plan.tables.filter((t) => t.now !== t.backup || HEADLINE.includes(t.name));
  return [
    `The backup was taken at ${plan.backupTakenAt}. Restoring it replaces ALL data of this installation:`,
    ...changed.map((t) => `  ${t.name.padEnd(32)} now ${String(t.now).padStart(9)}   in the backup ${t.backup}`),
    `  ${"uploaded files".padEnd(32)} now ${String(plan.files.now).padStart(9)}   in the backup ${plan.files.backup}`,
    `(${plan.tables.length - changed.length} other tables hold the same number of rows now and in the backup.)`,
  ];
}

/**
 * Brings back a verified set: its uploads are first copied next to the live folder, then the
 * database is restored in one transaction (backup.ts: all or nothing), then the folders are
 * swapped. A failure before the swap leaves the database and files as they were. Everyone signs
 * in again afterwards.
 */
export async function restoreBackupSet(
  pool: pg.Pool,
  uploads: UploadsPlace,
  folder: string,
): Promise<{ tables: number; rows: number; files: number }> {
  const verified = await verifyBackupSet(folder);
  if (!verified.ok) throw new Error(`The backup is damaged (${verified.problem}); nothing was restored`);
  if (typeof uploads !== "string") {
    // An S3 store: the files go back first (each key is unique, so putting one again is harmless),
    // then the database in one transaction; a failure before it leaves the data as it was.
    await putStoredUploads(uploads, path.join(folder, "uploads"), verified.manifest.uploads);
    const result = await restoreDatabase(pool, path.join(folder, DATABASE_FILE), async (client) => {
      await client.query("UPDATE sessions SET revoked_at = $1 WHERE revoked_at IS NULL", [new Date()]);
    });
    return { ...result, files: verified.manifest.uploads.length };
  }
  const uploadsDir = uploads;
  const staging = `${uploadsDir}.restoring`;
  await stageUploads(folder, verified.manifest, staging);
  try {
    // Every session ends: none may act on what it saw before, nor come back from the backup.
    const result = await restoreDatabase(pool, path.join(folder, DATABASE_FILE), async (client) => {
      await client.query("UPDATE sessions SET revoked_at = $1 WHERE revoked_at IS NULL", [new Date()]);
    });
    const old = `${uploadsDir}.before-restore`;
    await rm(old, { recursive: true, force: true });
    if (existsSync(uploadsDir)) await rename(uploadsDir, old);
    await rename(staging, uploadsDir);
    await rm(old, { recursive: true, force: true });
    return { ...result, files: verified.manifest.uploads.length };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
