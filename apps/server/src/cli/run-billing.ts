import { completeMpesaConfig, loadConfig } from "../config.ts";
import { createBillingDeps } from "../modules/subscriptions/billing-deps.ts";
import { runBillingJob } from "../modules/subscriptions/billing-job.ts";
import { openCliDatabase, parseFlags } from "./cli-db.ts";

// `npm run billing -- [--now 2026-05-01T08:00:00Z]`: one run of the renewal and lapse job, now
// or as at a given moment (to catch up after downtime, or to rehearse a date). Safe while the
// server runs: the job takes an advisory lock, so it never runs twice at once.
const flags = parseFlags(process.argv.slice(2));
const now = flags.now ? new Date(flags.now) : new Date();
if (Number.isNaN(now.getTime())) {
  console.error("Usage: npm run billing -- [--now ISO-8601 time]");
  process.exit(2);
}
// The same callback token as the server (DATA_DIR/mpesa-callback-token), for renewal pushes.
const config = await completeMpesaConfig(loadConfig());
const database = await openCliDatabase();
const log = {
  info: (o: object, m?: string) => console.log(m ?? "", JSON.stringify(o)),
  warn: (o: object, m?: string) => console.warn(m ?? "", JSON.stringify(o)),
  error: (o: object, m?: string) => console.error(m ?? "", JSON.stringify(o)),
};
try {
  const run = await runBillingJob(createBillingDeps(database.db, config, log), now);
  console.log(
    run
      ? JSON.stringify({ now: now.toISOString(), ...run })
      : "Another process is running the job right now; nothing was done.",
  );
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await database.close();
}
