import { existsSync } from "node:fs";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type pg from "pg";
import { backupIsDue, backupsToKeep, type RetentionPolicy } from "@app/shared/backups/rotation";
import { copyBackupSet, listBackupSets, verifyBackupSet, writeBackupSet } from "./backup-set.ts";
import { makeBaseBackup, pruneWal } from "./wal.ts";
import type { FileStorage } from "../../platform/files.ts";

/** Where and when backups run (config.ts reads them from the environment). */
export type BackupSettings = {
  /** DATA_DIR/backups or BACKUP_DIR: the sets, status.json, and (embedded) base/ and wal/. */
  dir: string;
  /** BACKUP_SECOND_DIR: a USB disk or network share each verified set is copied to. */
  secondDir: string | null;
  /** "HH:MM" in `timeZone`. */
  time: string;
  timeZone: string;
  retention: RetentionPolicy;
  uploadsDir: string;
  /** The S3 store when uploads live there (FILES_S3_*): backups read and restores write it instead of uploadsDir. */
  uploadsStore?: FileStorage | null;
  /** The embedded data dir: base backups for point-in-time recovery; null on a PostgreSQL server. */
  pgDir: string | null;
};

export type PlaceResult = { place: string; ok: boolean; problem?: string };
export type BackupStatus = {
  lastAttempt: { at: string; ok: boolean; problem?: string } | null;
  lastSuccess: {
    at: string;
    name: string;
    bytes: number;
    durationMs: number;
    places: PlaceResult[];
    /** How long each part took: the dump holds one snapshot of the database throughout. */
    phasesMs?: { dump: number; uploads: number; check: number; base: number | null };
  } | null;
};

/** Where a backup reads and a restore writes the uploads: the S3 store when they live there, else uploadsDir. */
export const uploadsPlaceOf = (s: Pick<BackupSettings, "uploadsStore" | "uploadsDir">) =>
  s.uploadsStore ?? s.uploadsDir;

export const walDirOf = (s: { dir: string }) => path.join(s.dir, "wal");
export const baseDirOf = (s: { dir: string }) => path.join(s.dir, "base");
const statusFile = (s: BackupSettings) => path.join(s.dir, "status.json");
/** After a failed run, the next try waits this long (not every tick). */
const RETRY_AFTER_MS = 30 * 60_000;
/** Base backups kept: WAL from the older one's start on stays, so about two days can be recovered. */
const BASE_BACKUPS_KEPT = 2;
/** One backup at a time on an installation, whichever process's job asks. */
export const BACKUP_LOCK_KEY = 7_291_029;

/**
 * The status lives in a file beside the backups, not in the database: a restore replaces every
 * table, and should not make the installation forget its own backups.
 */
export async function readBackupStatus(s: BackupSettings): Promise<BackupStatus> {
  try {
    return JSON.parse(await readFile(statusFile(s), "utf8")) as BackupStatus;
  } catch {
    return { lastAttempt: null, lastSuccess: null };
  }
}

export async function writeBackupStatus(s: BackupSettings, status: BackupStatus): Promise<void> {
  await mkdir(s.dir, { recursive: true });
  const tmp = `${statusFile(s)}.tmp`;
  await writeFile(tmp, JSON.stringify(status, null, 1));
  await rename(tmp, statusFile(s));
}

const problemOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** Deletes the sets in `dir` that rotation does not keep. */
export async function rotate(dir: string, s: BackupSettings): Promise<string[]> {
  const sets = await listBackupSets(dir);
  const keep = new Set(
    backupsToKeep(
      sets.map((x) => x.at),
      s.retention,
      s.timeZone,
    ).map((d) => d.getTime()),
  );
  const removed = sets.filter((x) => !keep.has(x.at.getTime()));
  for (const x of removed) await rm(x.folder, { recursive: true, force: true });
  return removed.map((x) => x.name);
}

/**
 * One backup now: a set written and read back (a set that does not verify is deleted and the run
 * fails), copied to the second folder and verified there, rotation in both, then (embedded) a new
 * base backup and the WAL before the older kept one pruned. The outcome goes into status.json.
 */
export async function runBackup(
  pool: pg.Pool,
  s: BackupSettings,
  now = new Date(),
  log: (m: string) => void = () => {},
) {
  const started = Date.now();
  const status = await readBackupStatus(s);
  try {
    await mkdir(s.dir, { recursive: true });
    const { folder, manifest, dumpMs, uploadsMs } = await writeBackupSet(pool, uploadsPlaceOf(s), s.dir, now, log);
    let phase = performance.now();
    const check = await verifyBackupSet(folder);
    if (!check.ok) {
      await rm(folder, { recursive: true, force: true });
      throw new Error(`the backup did not verify: ${check.problem}`);
    }
    const checkMs = performance.now() - phase;
    log(`backup: read back and checked in ${(checkMs / 1000).toFixed(1)} s`);
    let baseMs: number | null = null;
    const places: PlaceResult[] = [{ place: s.dir, ok: true }];
    if (s.secondDir) {
      try {
        if (!existsSync(s.secondDir)) throw new Error(`${s.secondDir} is not there (is the disk connected?)`);
        const copy = await copyBackupSet(folder, s.secondDir);
        const again = await verifyBackupSet(copy);
        if (!again.ok) throw new Error(`the copy did not verify: ${again.problem}`);
        await rotate(s.secondDir, s);
        places.push({ place: s.secondDir, ok: true });
      } catch (err) {
        places.push({ place: s.secondDir, ok: false, problem: problemOf(err) });
        log(`backup: copy to ${s.secondDir} failed: ${problemOf(err)}`);
      }
    }
    await rotate(s.dir, s);
    if (s.pgDir) {
      phase = performance.now();
      await makeBaseBackup(pool, s.pgDir, baseDirOf(s), walDirOf(s));
      await pruneWal(baseDirOf(s), walDirOf(s), BASE_BACKUPS_KEPT);
      baseMs = performance.now() - phase;
      log(`backup: base backup for point-in-time recovery made in ${(baseMs / 1000).toFixed(1)} s`);
    }
    status.lastSuccess = {
      at: now.toISOString(),
      name: path.basename(folder),
      bytes: manifest.bytes,
      durationMs: Date.now() - started,
      places,
      phasesMs: {
        dump: Math.round(dumpMs),
        uploads: Math.round(uploadsMs),
        check: Math.round(checkMs),
        base: baseMs === null ? null : Math.round(baseMs),
      },
    };
    status.lastAttempt = { at: now.toISOString(), ok: true };
    log(`backup: ${path.basename(folder)} written and verified (${manifest.bytes} bytes)`);
  } catch (err) {
    status.lastAttempt = { at: now.toISOString(), ok: false, problem: problemOf(err) };
    log(`backup failed: ${problemOf(err)}`);
  }
  await writeBackupStatus(s, status);
  return status;
}

/**
 * Idempotent: runs a backup when none succeeded since the most recent scheduled time (and the
 * last failure is not too recent); else does nothing. Safe from several processes at once: an
 * advisory lock lets one run, the others return "busy". Returns what it did.
 */
export async function runDueBackup(
  pool: pg.Pool,
  s: BackupSettings,
  now = new Date(),
  log: (m: string) => void = () => {},
  /** Run now whether due or not (npm run backup), still one at a time. */
  force = false,
  /** How the backup runs: here, or in a low-priority process of its own (apart.ts, the nightly job). */
  run: typeof runBackup = runBackup,
): Promise<"ran" | "not-due" | "busy" | "waiting-after-failure"> {
  const client = await pool.connect();
  try {
    const { rows } = await client.query<{ got: boolean }>("SELECT pg_try_advisory_lock($1) AS got", [BACKUP_LOCK_KEY]);
    if (!rows[0]!.got) return "busy";
    try {
      if (force) {
        await run(pool, s, now, log);
        return "ran";
      }
      const status = await readBackupStatus(s);
      const last = status.lastSuccess ? new Date(status.lastSuccess.at) : null;
      if (!backupIsDue(now, last, s.time, s.timeZone)) return "not-due";
      const failed = status.lastAttempt && !status.lastAttempt.ok ? new Date(status.lastAttempt.at) : null;
      if (failed && now.getTime() - failed.getTime() < RETRY_AFTER_MS && failed.getTime() <= now.getTime())
        return "waiting-after-failure";
      await run(pool, s, now, log);
      return "ran";
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [BACKUP_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}
