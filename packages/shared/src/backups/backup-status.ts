import { z } from "zod";

/** GET /api/backups/status: the installation's nightly backups, for its owners (Settings, dashboard). */
export const backupStatusQuerySchema = z.object({ businessId: z.uuid() });

const placeSchema = z.object({
  /** main: the server's backup folder; second: BACKUP_SECOND_DIR (a USB disk, a network share). */
  kind: z.enum(["main", "second"]),
  /** The folder, shown only to an owner of every business on the installation. */
  path: z.string().nullable(),
  ok: z.boolean(),
  problem: z.string().nullable(),
});

export const backupStatusSchema = z.object({
  /** false: this installation makes no backups (a PostgreSQL server without BACKUP_DIR). */
  enabled: z.boolean(),
  /** "HH:MM" and its time zone. */
  time: z.string(),
  timeZone: z.string(),
  /** How many daily, weekly and monthly backups rotation keeps. */
  retention: z.object({ daily: z.number().int(), weekly: z.number().int(), monthly: z.number().int() }),
  /** Point-in-time recovery (WAL archiving) is on. */
  pointInTime: z.boolean(),
  lastSuccess: z
    .object({ at: z.string(), bytes: z.number().int(), durationMs: z.number().int(), places: z.array(placeSchema) })
    .nullable(),
  lastAttempt: z.object({ at: z.string(), ok: z.boolean(), problem: z.string().nullable() }).nullable(),
  /** No backup succeeded in the last 48 hours: the dashboard warns. */
  stale: z.boolean(),
  /** This owner may restore from Settings: they own every business on the installation. */
  mayRestore: z.boolean(),
  /** How many backups are kept now. */
  kept: z.number().int(),
});
export type BackupStatusView = z.infer<typeof backupStatusSchema>;

/** A backup an owner of the whole installation may restore from Settings. */
export const backupEntrySchema = z.object({ name: z.string(), at: z.string(), bytes: z.number().int() });
export type BackupEntry = z.infer<typeof backupEntrySchema>;

/** The word the owner types to confirm a restore. */
export const RESTORE_CONFIRMATION = "RESTORE";
export const backupNameSchema = z.string().regex(/^backup-[0-9T-]+Z$/, "Not a backup's name");
export const restorePlanInputSchema = z.object({ businessId: z.uuid(), name: backupNameSchema });
export const restoreInputSchema = restorePlanInputSchema.extend({
  confirm: z.literal(RESTORE_CONFIRMATION, { error: `Type ${RESTORE_CONFIRMATION} to confirm` }),
});

/** What a restore replaces: rows per table now and in the backup (those that differ, and the main ones). */
export const restorePlanSchema = z.object({
  backupTakenAt: z.string(),
  tables: z.array(z.object({ name: z.string(), now: z.number().int(), backup: z.number().int() })),
  files: z.object({ now: z.number().int(), backup: z.number().int() }),
});
export type RestorePlanView = z.infer<typeof restorePlanSchema>;
export const restoreResultSchema = z.object({
  tables: z.number().int(),
  rows: z.number().int(),
  files: z.number().int(),
});
