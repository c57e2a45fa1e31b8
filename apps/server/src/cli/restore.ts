import path from "node:path";
import { restoreDatabase } from "../db/backup.ts";
import { loadConfig } from "../config.ts";
import { openFileStorage } from "../platform/s3-files.ts";
import { openCliDatabase } from "./cli-db.ts";

// `npm run restore -- FILE`: replaces all data with the backup's, in one transaction.
const arg = process.argv[2];
if (!arg) {
  console.error("Usage: npm run restore -- FILE   (a file written by npm run backup)");
  process.exit(2);
}
const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), arg);
const database = await openCliDatabase();
try {
  const { tables, rows, files } = await restoreDatabase(database.pool, file, openFileStorage(loadConfig()));
  console.log(`Restored ${rows} rows into ${tables} tables and ${files} uploaded files from ${file}.`);
} catch (err) {
  console.error(`Restore failed, nothing was changed: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
