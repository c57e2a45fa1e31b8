import { completeMpesaConfig, completeTillMpesaConfig, loadConfig, ConfigError } from "./config.ts";
import { openFileStorage } from "./platform/s3-files.ts";
import { buildApp } from "./app.ts";
import { openDatabase } from "./db/client.ts";
import { startEmbeddedPostgres, type EmbeddedDatabase } from "./db/embedded.ts";
import { runMigrations } from "./db/migrate.ts";
import { startErasureTicker } from "./db/business-data/erase.ts";
import { now } from "./platform/clock.ts";
import { startBillingJob } from "./modules/subscriptions/billing-job.ts";
import { readOrCreateSecret } from "./platform/secrets.ts";
import { createTokenService } from "./platform/tokens.ts";

async function main(): Promise<void> {
  const config = await completeTillMpesaConfig(await completeMpesaConfig(loadConfig()));
  const say = (msg: string) => console.log(`[server] ${msg}`);

  let embedded: EmbeddedDatabase | null = null;
  let url = config.databaseUrl;
  if (!url) {
    // Supervised: restarted on the same data when it exits or hangs, while this process stays up.
    embedded = await startEmbeddedPostgres(config.dataDir, say, { supervise: true });
    url = embedded.url;
    say(`Embedded PostgreSQL running with data in ${config.dataDir}/pg`);
  }
  const database = openDatabase(url, config.databasePoolSize, config.statementTimeoutMs);
  await runMigrations(database.pool);
  const secret = config.jwtSecret ?? (await readOrCreateSecret(config.dataDir, "jwt-secret"));
  const files = openFileStorage(config);
  const app = await buildApp({
    config,
    db: database.db,
    tokens: createTokenService(secret),
    files,
    databaseState: embedded?.state,
  });

  // The renewal and lapse job; safe with several processes (an advisory lock picks one per run).
  const stopBillingJob =
    config.subscriptionJobIntervalMs > 0
      ? startBillingJob(app.billing, config.subscriptionJobIntervalMs)
      : async () => undefined;
  // Deleted businesses are erased for good 30 days on (hourly; safe with several processes: each
  // business is locked while it is erased). The lead moves this onto the job runner.
  const stopErasure = startErasureTicker(database.pool, files, 3600_000, now, (message, err) =>
    err ? app.log.error({ err }, message) : say(message),
  );
  if (!config.paypal)
    say("PayPal is not configured (PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET): subscription pages say so");
  say(config.filesS3 ? `Uploads in the S3 bucket ${config.filesS3.bucket}` : "Uploads in DATA_DIR/uploads");
  if (!config.mpesa) say("M-Pesa is not configured (MPESA_*): subscription pages say so");

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    say(`${signal}: finishing in-flight requests`);
    const force = setTimeout(() => process.exit(1), 20_000);
    force.unref();
    try {
      await stopBillingJob();
      await stopErasure();
      await app.close(); // stops accepting, waits for in-flight requests
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

  await app.listen({ port: config.port, host: config.host });
  say(`Listening on http://localhost:${config.port}`);
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
