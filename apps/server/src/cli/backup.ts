import path from "node:path";
import { loadConfig } from "../config.ts";
import { backupDatabase } from "../db/backup.ts";
import { readBackupStatus, runDueBackup } from "../db/backups/runner.ts";
import { openCliDatabase } from "./cli-db.ts";
import { openFileStorage } from "../platform/s3-files.ts";

/**
 * `npm run backup`: a backup set now (database + uploads + manifest, verified, copied to the
 * second folder, rotated), as the nightly one, into the backup folder.
 * `npm run backup -- FILE`: the database alone into one file (the older, portable form).
 */
const config = loadConfig();
const database = await openCliDatabase();
try {
  if (process.argv[2]) {
    const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), process.argv[2]);
    const { tables, rows } = await backupDatabase(database.pool, file);
    console.log(`Database backup written to ${file} (${tables} tables, ${rows} rows).`);
  } else if (!config.backups) {
    console.error("Backups are off (BACKUPS=false, or a DATABASE_URL without BACKUP_DIR). Give a FILE instead.");
    process.exitCode = 2;
  } else {
    // One at a time with the server's nightly run (its advisory lock).
    const did = await runDueBackup(
      database.pool,
      { ...config.backups, uploadsStore: config.filesS3 ? openFileStorage(config) : null },
      new Date(),
      (m) => console.log(m),
      true,
    );
    const status = await readBackupStatus(config.backups);
    if (did === "busy") {
      console.error("A backup is being made right now (by the server); try again in a few minutes.");
      process.exitCode = 1;
    } else if (!status.lastAttempt?.ok) process.exitCode = 1;
    else
      console.log(
        `Backup ${status.lastSuccess!.name} in ${status.lastSuccess!.places.map((p) => `${p.place}${p.ok ? "" : ` (FAILED: ${p.problem})`}`).join(", ")}`,
      );
  }
} catch (err) {
  console.error(`Backup failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
