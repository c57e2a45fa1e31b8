import path from "node:path";
import { backupDatabase } from "../db/backup.ts";
import { openCliDatabase } from "./cli-db.ts";

// `npm run backup [-- FILE]`: writes a consistent snapshot of every table.
const stamp = new Date().toISOString().replace(/[:.]/g, "-");
const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), process.argv[2] ?? `backup-${stamp}.duka.gz`);
const database = await openCliDatabase();
try {
  const { tables, rows } = await backupDatabase(database.pool, file);
  console.log(`Backup written to ${file} (${tables} tables, ${rows} rows).`);
} catch (err) {
  console.error(`Backup failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
