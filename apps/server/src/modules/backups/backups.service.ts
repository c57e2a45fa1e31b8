import { count, ne, or, isNull } from "drizzle-orm";
import { backupIsStale } from "@app/shared/backups/rotation";
import type { BackupStatusView } from "@app/shared/backups/backup-status";
import type { Db } from "../../db/client.ts";
import { listBackupSets } from "../../db/backups/backup-set.ts";
import { readBackupStatus, type BackupSettings } from "../../db/backups/runner.ts";
import { now } from "../../platform/clock.ts";
import type { Ctx } from "../../platform/context.ts";
import { businesses } from "../businesses/businesses.public.ts";

export type BackupsOptions = { settings: (BackupSettings & { walArchiving: boolean }) | null };

/**
 * True when every business on the installation belongs to this owner: only then may they see
 * the folders and restore from Settings (a restore replaces every business's data).
 */
export async function ownsWholeInstallation(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ others: count() })
    .from(businesses)
    .where(or(ne(businesses.ownerId, userId), isNull(businesses.ownerId)));
  return (row?.others ?? 0) === 0;
}

/** The installation's backups as its owners see them (paths only for an owner of everything). */
export async function backupStatus(ctx: Ctx, opts: BackupsOptions): Promise<BackupStatusView> {
  const s = opts.settings;
  if (!s)
    return {
      enabled: false,
      time: "",
      timeZone: "",
      retention: { daily: 0, weekly: 0, monthly: 0 },
      pointInTime: false,
      lastSuccess: null,
      lastAttempt: null,
      stale: false,
      mayRestore: false,
      kept: 0,
    };
  const showPaths = !ctx.user.isSupportUser && (await ownsWholeInstallation(ctx.db, ctx.user.userId));
  const status = await readBackupStatus(s);
  const success = status.lastSuccess;
  return {
    enabled: true,
    time: s.time,
    timeZone: s.timeZone,
    retention: s.retention,
    pointInTime: s.walArchiving,
    lastSuccess: success && {
      at: success.at,
      bytes: success.bytes,
      durationMs: success.durationMs,
      places: success.places.map((p) => ({
        kind: p.place === s.dir ? ("main" as const) : ("second" as const),
        path: showPaths ? p.place : null,
        ok: p.ok,
        problem: p.problem ?? null,
      })),
    },
    lastAttempt: status.lastAttempt && { ...status.lastAttempt, problem: status.lastAttempt.problem ?? null },
    stale: backupIsStale(now(), success ? new Date(success.at) : null),
    mayRestore: showPaths,
    kept: (await listBackupSets(s.dir)).length,
  };
}
