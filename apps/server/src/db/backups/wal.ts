import { createReadStream, existsSync } from "node:fs";
import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { pipeline } from "node:stream/promises";
import path from "node:path";
import type pg from "pg";
import { steadyWriteStream } from "../steady-write.ts";

/**
 * Point-in-time safety for the embedded PostgreSQL: it archives each finished WAL segment
 * (gzipped) into a folder with PostgreSQL's own archive_command, and `makeBaseBackup` copies the
 * data dir between pg_backup_start and pg_backup_stop (the low-level API: the embedded package
 * ships no pg_basebackup). A base backup plus the WAL archived after it brings the database back to
 * any moment since (recover.ts). Linux and macOS only: the commands use sh, gzip and mv.
 */

/** A path PostgreSQL may put inside a single-quoted sh word. */
function shellPath(dir: string): string {
  if (/['\n\r]/.test(dir)) throw new Error(`The WAL archive folder may not contain quotes or new lines: ${dir}`);
  return path.resolve(dir);
}

/**
 * The postgres flags that archive WAL into `walDir`. archive_timeout closes a segment at least
 * once a minute while anything is written, so at most about a minute is lost with the disk.
 * An existing data dir takes them on its next start (they are command-line settings).
 */
export function walArchiveFlags(walDir: string, timeoutSeconds = 60): string[] {
  const dir = shellPath(walDir);
  const target = `'${dir}/%f.gz'`;
  // An archived segment is never overwritten (PostgreSQL may offer the same one twice after a crash).
  const command = `test -f ${target} || (gzip -c '%p' > '${dir}/%f.gz.part' && mv '${dir}/%f.gz.part' ${target})`;
  return ["-c", "archive_mode=on", "-c", `archive_command=${command}`, "-c", `archive_timeout=${timeoutSeconds}`];
}

/** The restore_command that reads segments back from the archive. */
export function walRestoreCommand(walDir: string): string {
  const dir = shellPath(walDir);
  return `gunzip -c '${dir}/%f.gz' > '%p'`;
}

/** What a base backup's folder holds besides the data dir's files. */
export const BASE_META = "base-backup.json";
export type BaseMeta = { startedAt: string; stoppedAt: string; startWal: string; stopLsn: string };

/** The data dir's contents a base backup leaves out (PostgreSQL's documented list, and our own files). */
const SKIP_CONTENTS = new Set([
  "pg_wal",
  "pg_replslot",
  "pg_dynshmem",
  "pg_notify",
  "pg_serial",
  "pg_snapshots",
  "pg_stat_tmp",
  "pg_subtrans",
]);
const SKIP_FILES = new Set([
  "postmaster.pid",
  "postmaster.opts",
  "backup_label",
  "tablespace_map",
  "recovery.signal",
  "standby.signal",
]);

/** Copies a live data dir; files that vanish while it runs are skipped (WAL replay recreates them). */
async function copyLiveDir(from: string, to: string, top: boolean): Promise<void> {
  await mkdir(to, { recursive: true, mode: 0o700 });
  for (const entry of await readdir(from, { withFileTypes: true })) {
    const src = path.join(from, entry.name);
    const dst = path.join(to, entry.name);
    if (entry.isDirectory()) {
      if (top && SKIP_CONTENTS.has(entry.name)) await mkdir(dst, { recursive: true, mode: 0o700 });
      else if (!entry.name.startsWith("pgsql_tmp")) await copyLiveDir(src, dst, false);
    } else if (entry.isFile() && !(top && SKIP_FILES.has(entry.name))) {
      // Flushed as it goes (steady-write.ts), not the kernel's copy: 800 MB at once would queue the tills' commits.
      await pipeline(createReadStream(src), steadyWriteStream(dst)).catch(async (err: NodeJS.ErrnoException) => {
        if (err.code !== "ENOENT") throw err;
        await rm(dst, { force: true });
      });
    }
  }
  if (top) await mkdir(path.join(to, "pg_wal", "archive_status"), { recursive: true, mode: 0o700 });
}

/** Waits until `walfile` is in the archive; throws when archiving seems broken. */
async function waitForArchived(walDir: string, walfile: string, waitMs: number): Promise<void> {
  const deadline = Date.now() + waitMs;
  while (!existsSync(path.join(walDir, `${walfile}.gz`))) {
    if (Date.now() > deadline)
      throw new Error(
        `WAL archiving is not working: ${walfile} did not reach ${walDir} within ${Math.round(waitMs / 1000)} s (see PostgreSQL's log)`,
      );
    await new Promise((r) => setTimeout(r, 250));
  }
}

export const baseNameOf = (at: Date) => `base-${at.toISOString().replace(/[:.]/g, "-")}`;

/**
 * A base backup of the running cluster into `baseDir/base-<time>`: pg_backup_start (with a fast
 * checkpoint), a copy of the data dir, pg_backup_stop waiting until the WAL it needs is archived,
 * and the backup_label it returns written into the copy. The session must stay open throughout.
 * It then waits (up to `archiveWaitMs`) for the WAL the backup needs to reach `walDir`.
 */
export async function makeBaseBackup(
  pool: pg.Pool,
  pgDir: string,
  baseDir: string,
  walDir: string,
  archiveWaitMs = 120_000,
): Promise<string> {
  const now = () => new Date();
  const startedAt = now();
  const folder = path.join(baseDir, baseNameOf(startedAt));
  const partial = `${folder}.partial`;
  await rm(partial, { recursive: true, force: true });
  const client = await pool.connect();
  try {
    await client.query("SET statement_timeout = 0");
    await client.query("SELECT pg_backup_start($1, true)", [path.basename(folder)]);
    try {
      await copyLiveDir(pgDir, partial, true);
    } catch (err) {
      await client.query("SELECT pg_backup_stop(false)").catch(() => undefined);
      throw err;
    }
    // Not pg_backup_stop(true): it would wait forever if archiving is broken. It switches WAL
    // segments itself; the segment holding its stop point must then reach the archive.
    const { rows } = await client.query<{ lsn: string; labelfile: string; spcmapfile: string; walfile: string }>(
      "SELECT lsn::text, labelfile, spcmapfile, pg_walfile_name(lsn) AS walfile FROM pg_backup_stop(false)",
    );
    await waitForArchived(walDir, rows[0]!.walfile, archiveWaitMs);
    const { labelfile, spcmapfile, lsn } = rows[0]!;
    await writeFile(path.join(partial, "backup_label"), labelfile, { mode: 0o600 });
    if (spcmapfile) await writeFile(path.join(partial, "tablespace_map"), spcmapfile, { mode: 0o600 });
    const startWal = /START WAL LOCATION: .* \(file ([0-9A-F]{24})\)/.exec(labelfile)?.[1] ?? "";
    const meta: BaseMeta = {
      startedAt: startedAt.toISOString(),
      stoppedAt: now().toISOString(),
      startWal,
      stopLsn: lsn,
    };
    await writeFile(path.join(partial, BASE_META), JSON.stringify(meta, null, 1));
    await rename(partial, folder);
    return folder;
  } catch (err) {
    await rm(partial, { recursive: true, force: true });
    throw err;
  } finally {
    await client.query("RESET statement_timeout").catch(() => undefined); // back to the pool's own
    client.release();
  }
}

/** The base backups in `baseDir`, newest first. */
export async function listBaseBackups(baseDir: string): Promise<{ folder: string; meta: BaseMeta }[]> {
  if (!existsSync(baseDir)) return [];
  const found: { folder: string; meta: BaseMeta }[] = [];
  for (const entry of await readdir(baseDir, { withFileTypes: true })) {
    if (!entry.isDirectory() || !entry.name.startsWith("base-") || entry.name.endsWith(".partial")) continue;
    const folder = path.join(baseDir, entry.name);
    try {
      found.push({ folder, meta: JSON.parse(await readFile(path.join(folder, BASE_META), "utf8")) as BaseMeta });
    } catch {
      // no meta: not a complete base backup
    }
  }
  return found.sort((a, b) => b.meta.startedAt.localeCompare(a.meta.startedAt));
}

/**
 * Keeps the newest `keep` base backups and the WAL from the oldest kept one's start on; deletes
 * older ones. WAL file names sort in the order they were written (within a timeline and across).
 */
export async function pruneWal(baseDir: string, walDir: string, keep: number): Promise<void> {
  const bases = await listBaseBackups(baseDir);
  for (const old of bases.slice(keep)) await rm(old.folder, { recursive: true, force: true });
  const oldest = bases.slice(0, keep).at(-1);
  if (!oldest?.meta.startWal || !existsSync(walDir)) return;
  const firstKept = oldest.meta.startWal.slice(8); // log and segment, whatever the timeline
  for (const name of await readdir(walDir)) {
    const m = /^([0-9A-F]{8})([0-9A-F]{16})(\..*)?$/.exec(name);
    if (m && !name.includes(".history") && m[2]! < firstKept) await rm(path.join(walDir, name), { force: true });
  }
}
