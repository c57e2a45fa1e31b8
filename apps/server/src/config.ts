import path from "node:path";
import { z } from "zod";
import { readOrCreateSecret } from "./platform/secrets.ts";
import { DEFAULT_STATEMENT_TIMEOUT_MS } from "./db/client.ts";
import type { BackupSettings } from "./db/backups/runner.ts";
import { BACKUP_TIME_PATTERN, DEFAULT_RETENTION } from "@app/shared/backups/rotation";
import { DEFAULT_TIME_ZONE } from "@app/shared/businesses/business";
import { AT_LIVE_URL, AT_SANDBOX_URL, type MessagingConfig } from "./modules/messages/messages.public.ts";

const httpUrl = z
  .url({ protocol: /^https?$/, error: "must be an http(s):// URL" })
  .transform((u) => u.replace(/\/+$/, ""));

const booleanFromEnv = z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1");

/** Every environment variable the server reads, parsed once at startup. */
const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: "must be a postgres:// URL" }).optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** How long one query of a request may run before PostgreSQL cancels it (0: no limit). */
  STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(DEFAULT_STATEMENT_TIMEOUT_MS),
  JWT_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  LOGIN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  REGISTRATION_RATE_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(10),
  SESSION_IDLE_HOURS: z.coerce.number().positive().default(12),
  WEB_DIST_DIR: z.string().optional(),
  TRUST_PROXY: booleanFromEnv.default(false),
  /** Unset: on in development and tests, off in production (then only signed-in support reads /api/docs). */
  API_DOCS: booleanFromEnv.optional(),
  PAYPAL_CLIENT_ID: z.string().min(1).optional(),
  PAYPAL_CLIENT_SECRET: z.string().min(1).optional(),
  PAYPAL_BASE_URL: httpUrl.default("https://api-m.sandbox.paypal.com"),
  PAYPAL_SDK_URL: httpUrl.default("https://www.paypal.com/sdk/js"),
  MPESA_CONSUMER_KEY: z.string().min(1).optional(),
  MPESA_CONSUMER_SECRET: z.string().min(1).optional(),
  MPESA_SHORTCODE: z
    .string()
    .regex(/^\d{5,7}$/, "must be a 5-7 digit paybill or till number")
    .optional(),
  MPESA_PASSKEY: z.string().min(1).optional(),
  MPESA_BASE_URL: httpUrl.default("https://sandbox.safaricom.co.ke"),
  MPESA_CALLBACK_URL: httpUrl.optional(),
  MPESA_CALLBACK_TOKEN: z
    .string()
    .regex(/^[A-Za-z0-9_-]{32,128}$/, "must be 32 to 128 letters, digits, - or _")
    .optional(),
  /** The server's public address (https://...), where Daraja calls back for till payments (STK, C2B). */
  PUBLIC_URL: httpUrl.optional(),
  /** Encrypts businesses' M-Pesa credentials (else DATA_DIR/credentials-key, made once). */
  CREDENTIALS_KEY: z.string().min(32, "must be at least 32 characters").optional(),
  /** The unguessable path segment of till callbacks (else DATA_DIR/till-callback-token, made once). */
  TILL_CALLBACK_TOKEN: z
    .string()
    .regex(/^[A-Za-z0-9_-]{32,128}$/, "must be 32 to 128 letters, digits, - or _")
    .optional(),
  MPESA_TRANSACTION_TYPE: z.enum(["CustomerPayBillOnline", "CustomerBuyGoodsOnline"]).default("CustomerPayBillOnline"),
  SUBSCRIPTION_GRACE_DAYS: z.coerce.number().int().min(0).max(365).default(7),
  SUBSCRIPTION_JOB_INTERVAL_MINUTES: z.coerce.number().min(0).max(1440).default(15),
  /** off: this server only answers requests (and queues jobs); job workers (`npm run worker`) run them. */
  JOBS: z.enum(["on", "off"]).default("on"),
  /** How often an idle job worker looks for work, in seconds. */
  JOBS_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
  /** How often a running job past its time limit (a killed worker's) is failed for a retry, in seconds. */
  JOBS_MAINTENANCE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  NETWORK_PRINTING: z.enum(["on", "off", "true", "false", "1", "0"]).optional(),
  NETWORK_PRINTER_PORTS: z
    .string()
    .regex(
      /^\s*\d{1,5}(?:\s*-\s*\d{1,5})?(?:\s*,\s*\d{1,5}(?:\s*-\s*\d{1,5})?)*\s*$/,
      "must be ports or ranges, e.g. 9100,9101-9103",
    )
    .default("9100"),
  NETWORK_PRINTING_ALLOW_LOOPBACK: booleanFromEnv.default(false),
  /** Uploads in an S3-compatible bucket (hosted, several servers); unset: DATA_DIR/uploads on this disk. */
  FILES_S3_BUCKET: z.string().min(1).optional(),
  /** The service's address for one other than AWS (MinIO, R2, Spaces...); unset: AWS S3. */
  FILES_S3_ENDPOINT: httpUrl.optional(),
  FILES_S3_REGION: z.string().min(1).default("us-east-1"),
  /** Unset: the AWS SDK's own chain (AWS_* variables, instance role...). */
  FILES_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  FILES_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** bucket in the path (http://host/bucket/key), as most S3-compatible servers want. */
  FILES_S3_FORCE_PATH_STYLE: booleanFromEnv.default(false),
  /** Keys are stored under this prefix (e.g. "duka/"), so one bucket may serve other things. */
  FILES_S3_PREFIX: z
    .string()
    .regex(/^([a-z0-9-]+\/)*$/, "must be folder names ending with /, e.g. duka/")
    .default(""),
  /** Turns on Prometheus's /metrics, readable only with this bearer token. */
  METRICS_TOKEN: z.string().min(32, "must be at least 32 characters").optional(),
  /** KRA eTIMS (OSCU): KRA's sandbox by default; production is https://etims-api.kra.go.ke/etims-api. */
  ETIMS_BASE_URL: httpUrl.default("https://etims-api-sbx.kra.go.ke/etims-api"),
  ETIMS_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120_000).default(20_000),
  /** Africa's Talking SMS (receipts and reminders): username ("sandbox" for their sandbox) and API key go together. */
  AT_USERNAME: z.string().min(1).optional(),
  AT_API_KEY: z.string().min(1).optional(),
  /** An approved alphanumeric sender id or short code; unset: the account's default. */
  AT_SENDER_ID: z.string().min(1).max(20).optional(),
  /** Unset: their sandbox for the username "sandbox", else their live API. */
  AT_BASE_URL: httpUrl.optional(),
  /** E-mail (receipts, statements): smtp://user:pass@host:587 or smtps://user:pass@host:465; goes with SMTP_FROM. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, "must be smtp://[user:pass@]host[:port] or smtps://...")
    .optional(),
  SMTP_FROM: z.string().min(3).max(200).optional(),
  /** Nightly backups: on by default with the embedded database, or wherever BACKUP_DIR is set. */
  BACKUPS: booleanFromEnv.optional(),
  BACKUP_DIR: z.string().min(1).optional(),
  BACKUP_SECOND_DIR: z.string().min(1).optional(),
  BACKUP_TIME: z.string().regex(BACKUP_TIME_PATTERN, "must be a time of day, HH:MM (24 h)").default("02:00"),
  BACKUP_TIME_ZONE: z
    .string()
    .refine(isTimeZone, "must be a time zone such as Africa/Nairobi")
    .default(DEFAULT_TIME_ZONE),
  /** MiB a second a backup writes at most (db/steady-write.ts reads it); 0: no limit. */
  BACKUP_WRITE_MBPS: z.coerce.number().min(0).max(100_000).optional(),
  BACKUP_KEEP_DAILY: z.coerce.number().int().min(1).max(366).default(DEFAULT_RETENTION.daily),
  BACKUP_KEEP_WEEKLY: z.coerce.number().int().min(0).max(520).default(DEFAULT_RETENTION.weekly),
  BACKUP_KEEP_MONTHLY: z.coerce.number().int().min(0).max(240).default(DEFAULT_RETENTION.monthly),
  /** Point-in-time recovery (embedded database only): archive WAL into the backup folder. */
  WAL_ARCHIVING: booleanFromEnv.default(true),
  BACKUP_CHECK_INTERVAL_MINUTES: z.coerce.number().min(0).max(1440).default(5),
});

function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** Settings that only work together: naming one without the others is a mistake worth stopping for. */
const PROVIDER_GROUPS = {
  PayPal: ["PAYPAL_CLIENT_ID", "PAYPAL_CLIENT_SECRET"],
  "S3 files": ["FILES_S3_ACCESS_KEY_ID", "FILES_S3_SECRET_ACCESS_KEY"],
  "Africa's Talking": ["AT_USERNAME", "AT_API_KEY"],
  "E-mail": ["SMTP_URL", "SMTP_FROM"],
  "M-Pesa": ["MPESA_CONSUMER_KEY", "MPESA_CONSUMER_SECRET", "MPESA_SHORTCODE", "MPESA_PASSKEY", "MPESA_CALLBACK_URL"],
} as const;

export type TillMpesaConfig = {
  darajaBaseUrl: string;
  /** null: till M-Pesa says it is not configured (Daraja could not call back). */
  publicUrl: string | null;
  callbackToken: string;
  credentialsKey: string;
};

export type PaypalConfig = { clientId: string; clientSecret: string; baseUrl: string; sdkUrl: string };
export type MpesaConfig = {
  consumerKey: string;
  consumerSecret: string;
  shortcode: string;
  passkey: string;
  baseUrl: string;
  callbackUrl: string;
  /**
   * The unguessable last segment of the address Daraja calls back (MPESA_CALLBACK_TOKEN, or made
   * once into DATA_DIR/mpesa-callback-token by completeMpesaConfig); callbacks elsewhere are ignored.
   */
  callbackToken: string;
  transactionType: "CustomerPayBillOnline" | "CustomerBuyGoodsOnline";
};

/**
 * Where the server may send print jobs. A server that prints sits in the shop; a hosted one
 * (DATABASE_URL) does not, so there network printing is off unless NETWORK_PRINTING says so.
 */
export type NetworkPrintingPolicy = {
  enabled: boolean;
  /** Allowed printer ports, as inclusive ranges. */
  ports: readonly (readonly [number, number])[];
  /** Tests only: a fake printer on 127.0.0.0/8. */
  allowLoopback: boolean;
};

/** "9100,9101-9103" -> [[9100, 9100], [9101, 9103]]. */
export function parsePortRanges(text: string): [number, number][] {
  return text.split(",").map((part) => {
    const [from, to = from] = part.split("-").map((n) => Number(n.trim()));
    return [from!, to!];
  });
}

export type FilesS3Config = {
  bucket: string;
  endpoint: string | undefined;
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  forcePathStyle: boolean;
  prefix: string;
};

export type Config = {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  /** The server's pool connections' statement_timeout (ms; 0: none). Migrations and the CLI are exempt. */
  statementTimeoutMs: number;
  jwtSecret: string | undefined;
  logLevel: string;
  loginRateLimitPerMinute: number;
  /** Signed-out business registrations per address per hour. */
  registrationRateLimitPerHour: number;
  sessionIdleMs: number;
  webDistDir: string | undefined;
  trustProxy: boolean;
  /** Serve the OpenAPI document and its UI at /api/docs to anyone; false: to signed-in support only. */
  apiDocs: boolean;
  /** null: PayPal is not configured, and the app says so. */
  paypal: PaypalConfig | null;
  /** null: M-Pesa is not configured, and the app says so. */
  mpesa: MpesaConfig | null;
  /** M-Pesa at the counter, with each business's own credentials (completeTillMpesaConfig fills the secrets). */
  tillMpesa: TillMpesaConfig;
  subscriptionGraceDays: number;
  /** When the renewal and lapse job runs (a cron in Africa/Nairobi, from SUBSCRIPTION_JOB_INTERVAL_MINUTES); null: never. */
  subscriptionJobCron: string | null;
  /** Run jobs in this process (false: JOBS=off or --no-jobs, a web-only server). */
  runJobs: boolean;
  jobsPollSeconds: number;
  jobsMaintenanceSeconds: number;
  printing: NetworkPrintingPolicy;
  /** null: uploads on this disk (DATA_DIR/uploads), the shop default. */
  filesS3: FilesS3Config | null;
  /** The bearer token Prometheus sends to /metrics; null: /metrics is off. */
  metricsToken: string | null;
  /** KRA eTIMS (OSCU): where KRA's API is and how long a call may take; the CMC keys are sealed with tillMpesa.credentialsKey. */
  etims: { baseUrl: string; timeoutMs: number };
  /** SMS and e-mail providers of messages (null: not set up, and the app says what is missing). */
  messaging: MessagingConfig;
  /** null: backups are off (a PostgreSQL server without BACKUP_DIR, or BACKUPS=false). */
  backups: (BackupSettings & { walArchiving: boolean; checkIntervalMs: number }) | null;
};

export class ConfigError extends Error {}

/** Variables whose values a configuration error does not repeat. */
const SECRET_VARIABLES = new Set(["AT_API_KEY", "SMTP_URL"]);

/** Parses the environment; throws ConfigError naming every bad or missing variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => {
      const name = String(i.path[0]);
      // A secret's value (an SMTP URL carries its password) is not printed back into the log.
      const got = SECRET_VARIABLES.has(name) ? "a value, not shown" : JSON.stringify(env[name]);
      return `  ${i.path.join(".")}: ${i.message} (got ${got})`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const partial = Object.values(PROVIDER_GROUPS).flatMap((names) => {
    const missing = names.filter((n) => !e[n]);
    return missing.length && missing.length < names.length
      ? missing.map((n) => `  ${n}: required when ${names.filter((x) => e[x]).join(", ")} is set`)
      : [];
  });
  if (partial.length) throw new ConfigError(`Invalid configuration:\n${partial.join("\n")}`);
  const ports = parsePortRanges(e.NETWORK_PRINTER_PORTS);
  if (ports.some(([from, to]) => from < 1 || to > 65535 || from > to))
    throw new ConfigError(
      `Invalid configuration:\n  NETWORK_PRINTER_PORTS: ports run from 1 to 65535 (got ${e.NETWORK_PRINTER_PORTS})`,
    );
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    statementTimeoutMs: e.STATEMENT_TIMEOUT_MS,
    jwtSecret: e.JWT_SECRET,
    logLevel: e.LOG_LEVEL,
    loginRateLimitPerMinute: e.LOGIN_RATE_LIMIT_PER_MINUTE,
    registrationRateLimitPerHour: e.REGISTRATION_RATE_LIMIT_PER_HOUR,
    sessionIdleMs: e.SESSION_IDLE_HOURS * 3600_000,
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : undefined,
    trustProxy: e.TRUST_PROXY,
    apiDocs: e.API_DOCS ?? e.NODE_ENV !== "production",
    paypal:
      e.PAYPAL_CLIENT_ID && e.PAYPAL_CLIENT_SECRET
        ? {
            clientId: e.PAYPAL_CLIENT_ID,
            clientSecret: e.PAYPAL_CLIENT_SECRET,
            baseUrl: e.PAYPAL_BASE_URL,
            sdkUrl: e.PAYPAL_SDK_URL,
          }
        : null,
    mpesa:
      e.MPESA_CONSUMER_KEY && e.MPESA_CONSUMER_SECRET && e.MPESA_SHORTCODE && e.MPESA_PASSKEY && e.MPESA_CALLBACK_URL
        ? {
            consumerKey: e.MPESA_CONSUMER_KEY,
            consumerSecret: e.MPESA_CONSUMER_SECRET,
            shortcode: e.MPESA_SHORTCODE,
            passkey: e.MPESA_PASSKEY,
            baseUrl: e.MPESA_BASE_URL,
            callbackUrl: e.MPESA_CALLBACK_URL,
            callbackToken: e.MPESA_CALLBACK_TOKEN ?? "",
            transactionType: e.MPESA_TRANSACTION_TYPE,
          }
        : null,
    tillMpesa: {
      darajaBaseUrl: e.MPESA_BASE_URL,
      publicUrl: e.PUBLIC_URL ?? null,
      callbackToken: e.TILL_CALLBACK_TOKEN ?? "",
      credentialsKey: e.CREDENTIALS_KEY ?? "",
    },
    subscriptionGraceDays: e.SUBSCRIPTION_GRACE_DAYS,
    subscriptionJobCron: everyMinutesCron(e.SUBSCRIPTION_JOB_INTERVAL_MINUTES),
    runJobs: e.JOBS === "on",
    jobsPollSeconds: e.JOBS_POLL_SECONDS,
    jobsMaintenanceSeconds: e.JOBS_MAINTENANCE_SECONDS,
    printing: {
      enabled: e.NETWORK_PRINTING ? ["on", "true", "1"].includes(e.NETWORK_PRINTING) : !e.DATABASE_URL,
      ports,
      allowLoopback: e.NETWORK_PRINTING_ALLOW_LOOPBACK,
    },
    filesS3: e.FILES_S3_BUCKET
      ? {
          bucket: e.FILES_S3_BUCKET,
          endpoint: e.FILES_S3_ENDPOINT,
          region: e.FILES_S3_REGION,
          credentials:
            e.FILES_S3_ACCESS_KEY_ID && e.FILES_S3_SECRET_ACCESS_KEY
              ? { accessKeyId: e.FILES_S3_ACCESS_KEY_ID, secretAccessKey: e.FILES_S3_SECRET_ACCESS_KEY }
              : undefined,
          forcePathStyle: e.FILES_S3_FORCE_PATH_STYLE,
          prefix: e.FILES_S3_PREFIX,
        }
      : null,
    metricsToken: e.METRICS_TOKEN ?? null,
    etims: { baseUrl: e.ETIMS_BASE_URL, timeoutMs: e.ETIMS_TIMEOUT_MS },
    messaging: {
      sms:
        e.AT_USERNAME && e.AT_API_KEY
          ? {
              username: e.AT_USERNAME,
              apiKey: e.AT_API_KEY,
              senderId: e.AT_SENDER_ID ?? null,
              baseUrl: e.AT_BASE_URL ?? (e.AT_USERNAME === "sandbox" ? AT_SANDBOX_URL : AT_LIVE_URL),
            }
          : null,
      email: e.SMTP_URL && e.SMTP_FROM ? { url: e.SMTP_URL, from: e.SMTP_FROM } : null,
      publicUrl: e.PUBLIC_URL ?? null,
    },
    backups: backupsOf(e),
  };
}

function backupsOf(e: z.infer<typeof envSchema>): Config["backups"] {
  if (!(e.BACKUPS ?? (!e.DATABASE_URL || !!e.BACKUP_DIR))) return null;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    dir: path.resolve(e.BACKUP_DIR ?? path.join(dataDir, "backups")),
    secondDir: e.BACKUP_SECOND_DIR ? path.resolve(e.BACKUP_SECOND_DIR) : null,
    time: e.BACKUP_TIME,
    timeZone: e.BACKUP_TIME_ZONE,
    retention: { daily: e.BACKUP_KEEP_DAILY, weekly: e.BACKUP_KEEP_WEEKLY, monthly: e.BACKUP_KEEP_MONTHLY },
    uploadsDir: path.join(dataDir, "uploads"),
    // Base backups go with WAL archiving: one without the other recovers nothing.
    pgDir: !e.DATABASE_URL && e.WAL_ARCHIVING ? path.join(dataDir, "pg") : null,
    walArchiving: !e.DATABASE_URL && e.WAL_ARCHIVING,
    checkIntervalMs: e.BACKUP_CHECK_INTERVAL_MINUTES * 60_000,
  };
}

/**
 * "Every n minutes" as a cron on the clock: n below an hour runs at the minutes divisible by n
 * (every 15: :00, :15, :30, :45), longer ones every whole n/60 hours; 0: never.
 */
export function everyMinutesCron(minutes: number): string | null {
  if (minutes <= 0) return null;
  if (minutes < 60) return `*/${Math.max(1, Math.round(minutes))} * * * *`;
  return `0 */${Math.min(24, Math.round(minutes / 60))} * * *`;
}

/**
 * Fills in the M-Pesa callback token when MPESA_CALLBACK_TOKEN is not set: one is made once
 * into DATA_DIR/mpesa-callback-token (like the JWT secret) and kept. Several servers behind one
 * address need the same token: set MPESA_CALLBACK_TOKEN on each (as JWT_SECRET).
 */
export async function completeMpesaConfig(config: Config): Promise<Config> {
  if (!config.mpesa || config.mpesa.callbackToken) return config;
  const callbackToken = await readOrCreateSecret(config.dataDir, "mpesa-callback-token", 32);
  return { ...config, mpesa: { ...config.mpesa, callbackToken } };
}

/** Fills in the till's callback token and the credentials key from DATA_DIR when the environment has none. */
export async function completeTillMpesaConfig(config: Config): Promise<Config> {
  const t = config.tillMpesa;
  return {
    ...config,
    tillMpesa: {
      ...t,
      callbackToken: t.callbackToken || (await readOrCreateSecret(config.dataDir, "till-callback-token", 32)),
      credentialsKey: t.credentialsKey || (await readOrCreateSecret(config.dataDir, "credentials-key", 48)),
    },
  };
}
