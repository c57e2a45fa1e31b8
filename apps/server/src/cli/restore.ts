import { statSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline/promises";
import { loadConfig } from "../config.ts";
import { restoreDatabase } from "../db/backup.ts";
import { verifyBackupSet } from "../db/backups/backup-set.ts";
import { describePlan, planRestore, restoreBackupSet } from "../db/backups/restore-set.ts";
import { openCliDatabase } from "./cli-db.ts";
import { openFileStorage } from "../platform/s3-files.ts";

/**
 * `npm run restore -- BACKUP [--yes]`: BACKUP is a backup set's folder (database and uploads come
 * back together) or a single database file from `npm run backup -- FILE`. It says what it will
 * replace and asks to type RESTORE first, unless --yes. Stop the server first, or restart it after.
 */
const args = process.argv.slice(2);
const yes = args.includes("--yes");
const arg = args.find((a) => !a.startsWith("--"));
if (!arg) {
  console.error(
    "Usage: npm run restore -- BACKUP [--yes]   (a backup folder, e.g. data/backups/backup-..., or a file)",
  );
  process.exit(2);
}
const target = path.resolve(process.env.INIT_CWD ?? process.cwd(), arg);
const isSet = statSync(target, { throwIfNoEntry: false })?.isDirectory() ?? false;
const config = loadConfig();
// The uploads' place: DATA_DIR/uploads, or the S3 bucket of FILES_S3_* (stored-uploads.ts).
const uploadsDir = config.filesS3 ? openFileStorage(config) : path.join(config.dataDir, "uploads");

async function confirmed(): Promise<boolean> {
  if (yes) return true;
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  // A closed input (no terminal) answers no.
  const answer = await new Promise<string>((resolve) => {
    rl.once("close", () => resolve(""));
    rl.question("Type RESTORE to replace the data above with the backup's: ").then(resolve, () => resolve(""));
  });
  rl.close();
  return answer.trim() === "RESTORE";
}

const database = await openCliDatabase();
try {
  if (isSet) {
    const verified = await verifyBackupSet(target);
    if (!verified.ok) throw new Error(`the backup is damaged (${verified.problem})`);
    for (const line of describePlan(await planRestore(database.pool, uploadsDir, verified.manifest))) console.log(line);
    if (!(await confirmed())) {
      console.log("Nothing was changed.");
    } else {
      const { tables, rows, files } = await restoreBackupSet(database.pool, uploadsDir, target);
      console.log(`Restored ${rows} rows into ${tables} tables and ${files} uploaded files from ${target}.`);
      console.log("Restart the server so that no one is served what it remembered from before.");
    }
  } else {
    console.log(`Restoring ${target} replaces ALL data of this installation (uploaded files are left as they are).`);
    if (!(await confirmed())) console.log("Nothing was changed.");
    else {
      const { tables, rows } = await restoreDatabase(database.pool, target);
      console.log(`Restored ${rows} rows into ${tables} tables from ${target}.`);
    }
  }
} catch (err) {
  console.error(`Restore failed, nothing was changed: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
