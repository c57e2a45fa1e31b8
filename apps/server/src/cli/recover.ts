import { existsSync } from "node:fs";
import { copyFile, rename } from "node:fs/promises";
import path from "node:path";
import { parseLocalMoment } from "@app/shared/backups/rotation";
import pg from "pg";
import { loadConfig } from "../config.ts";
import { prepareRecovery, RECOVERY_SETTINGS } from "../db/backups/recover.ts";
import { baseDirOf, walDirOf } from "../db/backups/runner.ts";
import { claimDataDir, startEmbeddedPostgres } from "../db/embedded.ts";
import { parseFlags } from "./cli-db.ts";

/**
 * `npm run recover -- [--to "2026-11-28 14:59"] [--apply]` (docs/operations.md, "Point-in-time
 * recovery"): builds DATA_DIR/recovered-<time>/pg from the newest base backup before that moment
 * plus the archived WAL (to the end of the archive without --to), starts it to replay, shows the
 * last sale it holds and stops it. With --apply (server stopped), it then becomes DATA_DIR/pg and
 * the old data dir is kept beside it as pg-before-recovery-<time>.
 */
const flags = parseFlags(process.argv.slice(2));
const apply = process.argv.includes("--apply");
const config = loadConfig();
if (config.databaseUrl || !config.backups?.walArchiving) {
  console.error("Point-in-time recovery is for the embedded database with WAL archiving (WAL_ARCHIVING not false).");
  process.exit(2);
}
const backups = config.backups;
let target: Date | undefined;
if (flags.to) {
  target = parseLocalMoment(flags.to, backups.timeZone) ?? undefined;
  if (!target) {
    console.error(`--to takes "YYYY-MM-DD HH:MM" in ${backups.timeZone} (got ${flags.to})`);
    process.exit(2);
  }
}

const stamp = new Date().toISOString().replace(/[:.]/g, "-");
const rescueDir = path.join(config.dataDir, `recovered-${stamp}`);
try {
  const used = await prepareRecovery({
    baseDir: baseDirOf(backups),
    walDir: walDirOf(backups),
    into: path.join(rescueDir, "pg"),
    target,
  });
  console.log(
    `Base backup ${path.basename(used.base)} (finished ${used.baseTakenAt}); replaying WAL${target ? ` to ${target.toISOString()}` : ""}...`,
  );
  await copyFile(path.join(config.dataDir, "pg-password"), path.join(rescueDir, "pg-password"));
  const recovered = await startEmbeddedPostgres(rescueDir, (m) => console.log(m));
  const client = new pg.Client({ connectionString: recovered.url });
  await client.connect();
  const { rows } = await client.query<{ last: Date | null; n: number }>(
    "SELECT max(created_at) AS last, count(*)::int AS n FROM sales",
  );
  for (const name of RECOVERY_SETTINGS) await client.query(`ALTER SYSTEM RESET ${name}`);
  await client.end();
  await recovered.stop();
  console.log(
    `Recovered into ${path.join(rescueDir, "pg")}: ${rows[0]!.n} sales, the last at ${rows[0]!.last?.toISOString() ?? "-"}.`,
  );
  if (!apply) {
    console.log("Check it, then run again with --apply (server stopped), or move that folder to DATA_DIR/pg yourself.");
  } else {
    const release = await claimDataDir(config.dataDir, (m) => console.log(m), 0);
    try {
      const live = path.join(config.dataDir, "pg");
      const kept = path.join(config.dataDir, `pg-before-recovery-${stamp}`);
      if (existsSync(live)) await rename(live, kept);
      await rename(path.join(rescueDir, "pg"), live);
      console.log(
        `Done: ${live} is the recovered database (the old one is kept in ${kept}). Start the server, then run npm run backup.`,
      );
    } finally {
      await release();
    }
  }
} catch (err) {
  console.error(`Recovery failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
}
