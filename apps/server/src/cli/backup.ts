import path from "node:path";
import { backupDatabase } from "../db/backup.ts";
import { loadConfig } from "../config.ts";
import { openFileStorage } from "../platform/s3-files.ts";
import { openCliDatabase } from "./cli-db.ts";

// `npm run backup [-- FILE]`: writes a consistent snapshot of every table.
const stamp = new Date().toISOString().replace(/[:.]/g, "-");
const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), process.argv[2] ?? `backup-${stamp}.duka.gz`);
const database = await openCliDatabase();
try {
  const result = await backupDatabase(database.pool, file, openFileStorage(loadConfig()));
  console.log(
    `Backup written to ${file} (${result.tables} tables, ${result.rows} rows, ${result.files} uploaded files).`,
  );
  if (result.missingFiles.length)
    console.warn(`Files referenced but no longer stored (left out): ${result.missingFiles.join(", ")}`);
} catch (err) {
  console.error(`Backup failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
