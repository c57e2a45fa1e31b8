import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type pg from "pg";
import type { FilesS3Config } from "../../config.ts";
import { S3FileStorage } from "../../platform/s3-files.ts";
import { readBackupStatus, runBackup, writeBackupStatus, type BackupSettings, type BackupStatus } from "./runner.ts";

/**
 * The nightly backup in a process of its own at the lowest CPU priority, so the shop's tills keep
 * their speed while it runs: its dump, gzip, checksums, read-back and file copies, and the
 * database session serving its COPY, all yield to the sales. It is slower when the shop is busy
 * and as fast as ever when it is not. The parent keeps the one-at-a-time lock (runner.ts) and
 * waits; the child runs `runBackup` and sends back the status it wrote.
 */

/** nice(1)'s lowest priority: the kernel runs it only when nothing else wants the CPU. */
export const BACKUP_NICE = 19;

/** What the parent sends the child: everything the backup needs, as plain data. */
export type ApartJob = {
  connection: Pick<pg.PoolConfig, "connectionString" | "host" | "port" | "user" | "password" | "database" | "ssl">;
  settings: Omit<BackupSettings, "uploadsStore">;
  s3: FilesS3Config | null;
  at: string;
};

export type ApartMessage =
  | { kind: "log"; line: string }
  | { kind: "done"; status: BackupStatus; nice: { process: number; database: number | null } };

/**
 * Lowers the priority of the PostgreSQL backend `pid` when it is a postgres process on this
 * machine (the embedded database, or a server on the same host). A pid from a database elsewhere,
 * or in a container, names some other process here: it is left alone. Linux only (/proc).
 */
export function reniceBackend(pid: number): number | null {
  try {
    if (readFileSync(`/proc/${pid}/comm`, "utf8").trim() !== "postgres") return null;
    os.setPriority(pid, BACKUP_NICE);
    return os.getPriority(pid);
  } catch {
    return null; // not Linux, not ours to change (another user), or gone
  }
}

/** The child's command: through nice(1) so every thread it starts has the low priority. */
function childCommand(): { file: string; args: string[] } {
  const fromSource = import.meta.url.endsWith(".ts");
  // Bundled, this code is in dist/main.js and the child is dist/backup-child.js (build.mjs).
  const script = fileURLToPath(new URL(fromSource ? "./child.ts" : "./backup-child.js", import.meta.url));
  const node = [process.execPath, ...(fromSource ? ["--import", "tsx"] : ["--enable-source-maps"]), script];
  return process.platform === "win32"
    ? { file: node[0]!, args: node.slice(1) }
    : { file: "nice", args: ["-n", String(BACKUP_NICE), ...node] };
}

const connectionOf = (pool: pg.Pool): ApartJob["connection"] => {
  const o = (pool as unknown as { options: pg.PoolConfig }).options;
  return {
    connectionString: o.connectionString,
    host: o.host,
    port: o.port,
    user: o.user,
    password: typeof o.password === "string" ? o.password : undefined,
    database: o.database,
    ssl: o.ssl,
  };
};

/**
 * `runBackup` in a low-priority child process. Uploads in a store the child cannot open again
 * from settings (not this disk, not S3) are backed up here, in this process, as before.
 */
export async function runBackupApart(
  pool: pg.Pool,
  s: BackupSettings,
  now = new Date(),
  log: (m: string) => void = () => {},
): Promise<BackupStatus> {
  const { uploadsStore, ...settings } = s;
  if (uploadsStore && !(uploadsStore instanceof S3FileStorage)) return runBackup(pool, s, now, log);
  const job: ApartJob = {
    connection: connectionOf(pool),
    settings,
    s3: uploadsStore instanceof S3FileStorage ? uploadsStore.config : null,
    at: now.toISOString(),
  };
  const { file, args } = childCommand();
  const child = spawn(file, args, { stdio: ["ignore", "inherit", "inherit", "ipc"], serialization: "advanced" });
  return new Promise<BackupStatus>((resolve, reject) => {
    let status: BackupStatus | null = null;
    child.on("message", (m: ApartMessage) => {
      if (m.kind === "log") log(m.line);
      else {
        status = m.status;
        log(
          `backup: ran in a process of its own at nice ${m.nice.process}, its database session at ${m.nice.database ?? "the server's priority"}`,
        );
      }
    });
    child.on("error", reject);
    // "close", not "exit": the channel is read to its end first, so a sent status is never missed.
    child.on("close", (code, signal) => {
      if (status) resolve(status);
      else reject(new Error(`the backup process stopped (${signal ?? `exit ${code}`}) before it finished`));
    });
    child.send(job);
  }).catch(async (err: unknown) => {
    // The child wrote no status (killed, out of memory): the failure is recorded here, and its
    // half-written set removed, as runBackup would have.
    const problem = err instanceof Error ? err.message : String(err);
    log(`backup failed: ${problem}`);
    await removePartialSets(s.dir);
    const status = await readBackupStatus(s);
    status.lastAttempt = { at: now.toISOString(), ok: false, problem };
    await writeBackupStatus(s, status);
    return status;
  });
}

async function removePartialSets(dir: string): Promise<void> {
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names)
    if (name.endsWith(".partial")) await rm(path.join(dir, name), { recursive: true, force: true });
}
