import { readFile } from "node:fs/promises";
import path from "node:path";
import { loadConfig } from "../config.ts";
import { BusinessImportError, importBusiness } from "../db/business-data/import.ts";
import { openFileStorage } from "../platform/s3-files.ts";
import { openCliDatabase } from "./cli-db.ts";

// `npm run import-business -- FILE`: loads one business's export ZIP (Settings > Export all data)
// into this server's database and file store, ids kept; all of it or nothing.
const arg = process.argv[2];
if (!arg) {
  console.error("Usage: npm run import-business -- FILE   (a ZIP made by Export all data)");
  process.exit(2);
}
const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), arg);
const database = await openCliDatabase();
try {
  const done = await importBusiness(database.pool, await readFile(file), openFileStorage(loadConfig()));
  console.log(`Imported ${done.businessName} (${done.businessId}): ${done.rows} rows, ${done.files} files.`);
} catch (err) {
  const why = err instanceof BusinessImportError || err instanceof Error ? err.message : String(err);
  console.error(`Import refused, nothing was changed: ${why}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
