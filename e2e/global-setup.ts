import { spawn, spawnSync } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { RESULT_DESC, startFakeDaraja } from "../apps/server/test/fakes/fake-daraja.ts";
import { startFakePaypal } from "../apps/server/test/fakes/fake-paypal.ts";
import { startFakeEtims } from "../apps/server/test/fakes/fake-etims.ts";
import { startFakeAfricasTalking } from "../apps/server/test/fakes/fake-africastalking.ts";
import { startSmtpCapture } from "../apps/server/test/fakes/smtp-capture.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const SUPPORT = { username: "support", password: "supportpass1" };
/** M-Pesa numbers the fake Daraja answers specially: the customer cancels (1032), or never answers (1037, no callback). */
export const MPESA_CANCELS = "0711000032";
export const MPESA_TIMES_OUT = "0711000037";
/** Till M-Pesa: the customer enters a wrong PIN (2001, with a callback). */
export const MPESA_WRONG_PIN = "0711002001";

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * A fake Daraja that answers by itself like a customer with a phone: after a moment it calls
 * the app back with success, or with 1032 (cancelled); for MPESA_TIMES_OUT it never calls back
 * and only the status query knows (1037).
 */
function startDaraja() {
  const msisdn = (phone: string) => `254${phone.slice(1)}`;
  return startFakeDaraja({
    auto: (push) => {
      if (push.phone === msisdn(MPESA_CANCELS))
        return { resultCode: 1032, resultDesc: RESULT_DESC[1032]!, delayMs: 1500, callback: true };
      if (push.phone === msisdn(MPESA_WRONG_PIN))
        return { resultCode: 2001, resultDesc: RESULT_DESC[2001]!, delayMs: 1500, callback: true };
      if (push.phone === msisdn(MPESA_TIMES_OUT))
        return { resultCode: 1037, resultDesc: RESULT_DESC[1037]!, delayMs: 1500, callback: false };
      return { resultCode: 0, resultDesc: RESULT_DESC[0]!, delayMs: 4000, callback: true };
    },
  });
}

/** Starts fake PayPal and Daraja servers, then the built app on a fresh data dir (embedded PostgreSQL) with a support user. */
export default async function globalSetup() {
  const build = spawnSync(process.execPath, [path.join(ROOT, "scripts/build-if-needed.mjs")], { stdio: "inherit" });
  if (build.status !== 0) throw new Error("The build failed");
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "duka-e2e-"));
  chmodSync(dataDir, 0o755); // PostgreSQL runs as the postgres user when we are root
  const port = await freePort();
  const [daraja, paypal, etims, sms, smtp] = await Promise.all([
    startDaraja(),
    startFakePaypal(),
    startFakeEtims(),
    startFakeAfricasTalking(),
    startSmtpCapture(),
  ]);
  const mpesa = daraja.config(`http://127.0.0.1:${port}/api/subscriptions/mpesa/callback`);
  const providers = {
    MPESA_CONSUMER_KEY: mpesa.consumerKey,
    MPESA_CONSUMER_SECRET: mpesa.consumerSecret,
    MPESA_SHORTCODE: mpesa.shortcode,
    MPESA_PASSKEY: mpesa.passkey,
    MPESA_BASE_URL: mpesa.baseUrl,
    MPESA_CALLBACK_URL: mpesa.callbackUrl,
    PAYPAL_CLIENT_ID: paypal.config().clientId,
    PAYPAL_CLIENT_SECRET: paypal.config().clientSecret,
    PAYPAL_BASE_URL: paypal.url,
    // KRA eTIMS (OSCU): the fake KRA; tests add the taxpayers it knows (POST /fake/taxpayers).
    ETIMS_BASE_URL: etims.url,
    // Receipts by SMS: the fake Africa's Talking (GET /fake/sent lists what it took); by e-mail: a local SMTP server.
    AT_USERNAME: sms.account.username,
    AT_API_KEY: sms.account.apiKey,
    AT_BASE_URL: sms.url,
    SMTP_URL: smtp.url,
    SMTP_FROM: "Duka <receipts@duka.test>",
    // M-Pesa at the till: Daraja calls the app back here; the businesses' own credentials are the fake's.
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    // The renewal job runs when a test says so (npm run billing -- --now ...), not on a timer.
    SUBSCRIPTION_JOB_INTERVAL_MINUTES: "0",
    // The printer test adds a printer at 127.0.0.1: a test-only opt-in (a real shop's is on its LAN).
    NETWORK_PRINTING_ALLOW_LOOPBACK: "true",
    // Every test registers its owners, pairs its devices and signs in from this one address, two
    // files at a time (the limits per address are the server suite's to test: test/accounts/auth.test.ts).
    REGISTRATION_RATE_LIMIT_PER_HOUR: "1000",
    LOGIN_RATE_LIMIT_PER_MINUTE: "600",
  };
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    LOG_LEVEL: "warn",
    ...providers,
  };
  delete env.DATABASE_URL; // always the embedded database: a fresh one per run
  delete env.TEST_DATABASE_URL;
  const server = spawn(process.execPath, [path.join(ROOT, "apps/server/dist/main.js")], {
    env,
    stdio: ["ignore", "inherit", "inherit"],
  });
  const baseURL = `http://127.0.0.1:${port}`;
  // E2E_HEALTH_TIMEOUT_MS: more time on a machine shared with other runs (initdb and the migrations take over a minute there).
  const waitMs = Number(process.env.E2E_HEALTH_TIMEOUT_MS ?? 180_000);
  const deadline = Date.now() + waitMs;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`The server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${baseURL}/api/health`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`The server did not become healthy within ${waitMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 250));
  }
  const cli = spawnSync(
    process.execPath,
    [
      "--import",
      "tsx",
      path.join(ROOT, "apps/server/src/cli/create-support-user.ts"),
      "--username",
      SUPPORT.username,
      "--password",
      SUPPORT.password,
    ],
    {
      env,
      cwd: path.join(ROOT, "apps/server"),
      encoding: "utf8",
    },
  );
  if (cli.status !== 0) throw new Error(`create-support-user failed: ${cli.stderr}`);
  process.env.E2E_BASE_URL = baseURL;
  // The environment of the server, for tests that run its command-line tools (npm run billing).
  process.env.E2E_SERVER_ENV = JSON.stringify({ DATA_DIR: dataDir, ...providers });
  // The fake Daraja, for tests that make a customer pay the till from their phone (C2B).
  process.env.E2E_DARAJA_URL = daraja.url;
  // The fake KRA eTIMS, for tests that connect a business (and, later, check what was signed).
  process.env.E2E_ETIMS_URL = etims.url;
  // The fake Africa's Talking, for tests that send a receipt by SMS.
  process.env.E2E_SMS_URL = sms.url;

  return async () => {
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
    await Promise.all([daraja.close(), paypal.close(), etims.close(), sms.close(), smtp.close()]);
    rmSync(dataDir, { recursive: true, force: true });
  };
}
