import { completeMpesaConfig, completeTillMpesaConfig, loadConfig, ConfigError } from "./config.ts";
import { openFileStorage } from "./platform/s3-files.ts";
import { buildApp } from "./app.ts";
import { openDatabase } from "./db/client.ts";
import { startEmbeddedPostgres, type EmbeddedDatabase } from "./db/embedded.ts";
import { runMigrations } from "./db/migrate.ts";
import { Jobs, survivePgBossCompletionErrors, type JobLog } from "./platform/jobs.ts";
import { walDirOf } from "./db/backups/runner.ts";
import { readOrCreateSecret } from "./platform/secrets.ts";
import { createTokenService } from "./platform/tokens.ts";

// `--worker` (npm run worker): jobs only, no HTTP server. `--no-jobs` (or JOBS=off): HTTP only; the
// server still queues jobs, and workers run them. Neither: both in this process (a shop machine).
const workerOnly = process.argv.includes("--worker");
const noJobs = process.argv.includes("--no-jobs");

async function main(): Promise<void> {
  const config = await completeTillMpesaConfig(await completeMpesaConfig(loadConfig()));
  const say = (msg: string) => console.log(`[${workerOnly ? "worker" : "server"}] ${msg}`);
  if (workerOnly && !config.databaseUrl)
    throw new ConfigError("npm run worker needs DATABASE_URL: separate job workers share a PostgreSQL server");
  if (workerOnly && (noJobs || !config.runJobs))
    throw new ConfigError("A worker with --no-jobs or JOBS=off runs nothing");

  let embedded: EmbeddedDatabase | null = null;
  let url = config.databaseUrl;
  if (!url) {
    // Supervised: restarted on the same data when it exits or hangs, while this process stays up.
    embedded = await startEmbeddedPostgres(config.dataDir, say, {
      supervise: true,
      walArchiveDir: config.backups?.walArchiving ? walDirOf(config.backups) : undefined,
    });
    url = embedded.url;
    say(`Embedded PostgreSQL running with data in ${config.dataDir}/pg`);
  }
  const database = openDatabase(url, config.databasePoolSize, config.statementTimeoutMs);
  await runMigrations(database.pool);
  const secret = config.jwtSecret ?? (await readOrCreateSecret(config.dataDir, "jwt-secret"));
  const files = openFileStorage(config);
  const runJobs = config.runJobs && !noJobs;
  const jobLog: JobLog = {
    info: (o, m) => say(`${m ?? "jobs"} ${describe(o)}`),
    warn: (o, m) => say(`${m ?? "jobs"} ${describe(o)}`),
    error: (o, m) => console.error(`[jobs] ${m ?? "error"} ${describe(o)}`),
  };
  survivePgBossCompletionErrors(jobLog);
  const jobs = new Jobs({
    connectionString: url,
    work: runJobs,
    pollSeconds: config.jobsPollSeconds,
    maintenanceSeconds: config.jobsMaintenanceSeconds,
    log: jobLog,
  });
  const app = await buildApp({
    config,
    db: database.db,
    tokens: createTokenService(secret),
    files,
    databaseState: embedded?.state,
    jobs,
  });
  say(
    runJobs
      ? "Running jobs (reports, renewals) in this process"
      : "Not running jobs here (--no-jobs or JOBS=off): job workers do",
  );
  say(config.filesS3 ? `Uploads in the S3 bucket ${config.filesS3.bucket}` : "Uploads in DATA_DIR/uploads");
  // Nightly backups and the erasure of deleted businesses run on the job runner (flows/jobs.ts).
  const backups = config.backups;
  if (backups)
    say(
      `Backups: nightly at ${backups.time} (${backups.timeZone}) into ${backups.dir}${runJobs ? "" : " (by the job workers)"}`,
    );
  if (!config.paypal)
    say("PayPal is not configured (PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET): subscription pages say so");
  if (!config.mpesa) say("M-Pesa is not configured (MPESA_*): subscription pages say so");

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    say(`${signal}: finishing in-flight requests`);
    const force = setTimeout(() => process.exit(1), 20_000);
    force.unref();
    try {
      await app.close(); // stops accepting, waits for in-flight requests and running jobs
      await database.close();
      await embedded?.stop();
      say("stopped cleanly");
      process.exit(0);
    } catch (err) {
      console.error(err);
      process.exit(1);
    }
  };
  for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"] as const) process.on(signal, () => void shutdown(signal));

  if (workerOnly) return say("Job worker running");
  await app.listen({ port: config.port, host: config.host });
  say(`Listening on http://localhost:${config.port}`);
}

/** A log line's object, an error as its message only (a database error's details stay out of the log). */
function describe(o: object): string {
  const err = (o as { err?: unknown }).err;
  return err instanceof Error ? err.message : JSON.stringify(o);
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
