import path from "node:path";
import type { BackupEntry, RestorePlanView } from "@app/shared/backups/backup-status";
import { listBackupSets, readManifest, verifyBackupSet } from "../../db/backups/backup-set.ts";
import { planRestore, restoreBackupSet } from "../../db/backups/restore-set.ts";
import { BACKUP_LOCK_KEY, uploadsPlaceOf } from "../../db/backups/runner.ts";
import { AppError } from "../../platform/errors.ts";
import type { Ctx } from "../../platform/context.ts";
import { ownsWholeInstallation, type BackupsOptions } from "./backups.service.ts";

/**
 * Restores from Settings. A restore replaces the data of every business on the installation, so
 * only an owner of all of them may (never support, never where another owner has a business: they
 * are told to use the command line or ask support).
 */
async function settingsFor(ctx: Ctx, opts: BackupsOptions) {
  if (!opts.settings) throw new AppError("CONFLICT", "This installation makes no backups");
  if (ctx.user.isSupportUser || !(await ownsWholeInstallation(ctx.db, ctx.user.userId)))
    throw new AppError(
      "FORBIDDEN",
      "Other owners' businesses are on this installation: a restore would replace their data too. Use npm run restore on the server, or ask support.",
    );
  return opts.settings;
}

async function folderOf(ctx: Ctx, opts: BackupsOptions, name: string): Promise<string> {
  const s = await settingsFor(ctx, opts);
  const found = (await listBackupSets(s.dir)).find((x) => x.name === name);
  if (!found) throw new AppError("NOT_FOUND", "No such backup");
  return found.folder;
}

export async function listBackups(ctx: Ctx, opts: BackupsOptions): Promise<BackupEntry[]> {
  const s = await settingsFor(ctx, opts);
  const entries: BackupEntry[] = [];
  for (const set of await listBackupSets(s.dir)) {
    const manifest = await readManifest(set.folder).catch(() => null);
    if (manifest) entries.push({ name: set.name, at: set.at.toISOString(), bytes: manifest.bytes });
  }
  return entries;
}

export async function restorePlan(ctx: Ctx, opts: BackupsOptions, name: string): Promise<RestorePlanView> {
  const folder = await folderOf(ctx, opts, name);
  const verified = await verifyBackupSet(folder);
  if (!verified.ok)
    throw new AppError("CONFLICT", `This backup is damaged (${verified.problem}) and cannot be restored`);
  const plan = await planRestore(ctx.db.$client, uploadsPlaceOf(opts.settings!), verified.manifest);
  const headline = new Set(["businesses", "users", "products", "sales", "customers", "expenses"]);
  return { ...plan, tables: plan.tables.filter((t) => t.now !== t.backup || headline.has(t.name)) };
}

/** Runs the restore; while it runs no backup starts (the backups' advisory lock). Every session ends. */
export async function restoreBackup(ctx: Ctx, opts: BackupsOptions, name: string) {
  const folder = await folderOf(ctx, opts, name);
  const pool = ctx.db.$client;
  const lock = await pool.connect();
  try {
    const { rows } = await lock.query<{ got: boolean }>("SELECT pg_try_advisory_lock($1) AS got", [BACKUP_LOCK_KEY]);
    if (!rows[0]!.got) throw new AppError("CONFLICT", "A backup is being made right now; try again in a few minutes");
    try {
      return await restoreBackupSet(pool, uploadsPlaceOf(opts.settings!), path.resolve(folder));
    } finally {
      await lock.query("SELECT pg_advisory_unlock($1)", [BACKUP_LOCK_KEY]);
    }
  } finally {
    lock.release();
  }
}
