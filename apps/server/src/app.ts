import { existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import helmet from "helmet";
import compress from "@fastify/compress";
import multipart from "@fastify/multipart";
import rateLimit from "@fastify/rate-limit";
import fastifyStatic from "@fastify/static";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import { ERROR_CODES } from "@app/shared/errors/errors";
import { randomBytes } from "node:crypto";
import type { Config, NetworkPrintingPolicy, TillMpesaConfig } from "./config.ts";
import type { Db } from "./db/client.ts";
import { accessPlugin } from "./platform/access.ts";
import { loadSessionUser } from "./flows/session-user.ts";
import { loadSupportGrant, loadTenantBusiness, recordSupportAction } from "./modules/businesses/businesses.public.ts";
import { registerErrorHandling } from "./platform/errors.ts";
import { errorForLog, requestForLog, requestIdOf } from "./platform/log-safety.ts";
import { refuseNulCharacters } from "./platform/text-input.ts";
import { signInLimits } from "./platform/sign-in-limit.ts";
import { databaseRateLimitStore } from "./platform/rate-limit-store.ts";
import { DEFAULT_WEB_DIST } from "./platform/paths.ts";
import type { TokenService } from "./platform/tokens.ts";
import { accountRoutes } from "./modules/accounts/accounts.routes.ts";
import { businessRoutes } from "./modules/businesses/businesses.routes.ts";
import { supportAccessRoutes } from "./modules/businesses/support-access.routes.ts";
import { employeeRoutes } from "./modules/hr/employees.routes.ts";
import { staffSignInRoutes } from "./modules/hr/sign-in.routes.ts";
import { employeeRemovalRoutes } from "./flows/employee-removal.routes.ts";
import { businessDataRoutes } from "./flows/business-data.routes.ts";
import { healthRoutes, type HealthOptions } from "./modules/health/health.routes.ts";
import { failedJobsRoutes } from "./modules/health/failed-jobs.routes.ts";
import { registerJobs } from "./flows/jobs.ts";
import { etimsQueueRoutes } from "./flows/etims-queue.routes.ts";
import { etimsPurchaseRoutes } from "./flows/etims-purchases.routes.ts";
import type { Jobs } from "./platform/jobs.ts";
import { clientErrorRoutes } from "./modules/health/client-errors.routes.ts";
import { metricsRoutes } from "./modules/health/metrics.routes.ts";
import { recordRequestMetrics, scrapedGauge } from "./platform/metrics.ts";
import { backupRoutes } from "./modules/backups/backups.routes.ts";
import type { BackupsOptions } from "./modules/backups/backups.service.ts";
import { readBackupStatus } from "./db/backups/runner.ts";
import { BACKGROUND_STEP, trackRequests } from "./platform/request-gauge.ts";
import { carryRequestIds } from "./platform/request-context.ts";
import { now } from "./platform/clock.ts";
import { categoryRoutes } from "./modules/inventory/categories.routes.ts";
import { promotionRoutes } from "./modules/inventory/promotions.routes.ts";
import { wholesaleProductRoutes } from "./modules/inventory/wholesale-products.routes.ts";
import { productIoRoutes } from "./modules/inventory/product-io.routes.ts";
import { productRoutes } from "./modules/inventory/products.routes.ts";
import { stockRoutes } from "./modules/inventory/stock.routes.ts";
import { stockAnalysisRoutes } from "./modules/inventory/stock-analysis.routes.ts";
import { transferRoutes } from "./modules/inventory/transfers.routes.ts";
import { salesRoutes } from "./modules/sales/sales.routes.ts";
import { sectionRoutes } from "./modules/restaurant/sections.routes.ts";
import { printingRoutes } from "./modules/printing/printing.routes.ts";
import { DEFAULT_NETWORK_PRINTING } from "./modules/printing/printer-address.ts";
import { kitchenRoutes } from "./modules/restaurant/kitchen.routes.ts";
import { receiptPrintRoutes } from "./flows/receipt-print.routes.ts";
import { catalogRoutes } from "./modules/inventory/catalog.routes.ts";
import { batchRoutes } from "./modules/inventory/batches.routes.ts";
import { clinicRoutes } from "./modules/clinic/clinic.routes.ts";
import { consultationRoutes } from "./modules/clinic/consultations.routes.ts";
import { patientRoutes } from "./modules/clinic/patients.routes.ts";
import { requestRoutes } from "./modules/requests/requests.routes.ts";
import { payrollRoutes } from "./modules/payroll/payroll.routes.ts";
import { customerRoutes } from "./modules/customers/customers.routes.ts";
import { customerAccountRoutes } from "./flows/customer-accounts.routes.ts";
import { customerStatementRoutes } from "./flows/customer-statements.routes.ts";
import { supplierRoutes } from "./modules/supplies/suppliers.routes.ts";
import { supplyRoutes } from "./modules/supplies/supplies.routes.ts";
import { transactionRoutes } from "./modules/transactions/transactions.routes.ts";
import { expenseRoutes } from "./modules/expenses/expenses.routes.ts";
import { reportRoutes } from "./modules/reports/reports.routes.ts";
import { clientRoutes } from "./modules/sales-documents/clients.routes.ts";
import { documentRoutes } from "./modules/sales-documents/documents.routes.ts";
import { receiptRoutes } from "./modules/sales-documents/receipts.routes.ts";
import { createBillingDeps, type BillingDeps, type BillingSettings } from "./modules/subscriptions/billing-deps.ts";
import { planRoutes } from "./modules/subscriptions/plans.routes.ts";
import { subscriptionRoutes } from "./modules/subscriptions/subscriptions.routes.ts";
import { mpesaRoutes } from "./modules/mpesa/mpesa.routes.ts";
import { mpesaCallbackRoutes } from "./flows/mpesa-callbacks.routes.ts";
import { createTillMpesaDeps } from "./modules/mpesa/mpesa.public.ts";
import { etimsRoutes } from "./modules/etims/etims.routes.ts";
import { checkRefundReason, createEtimsDeps, ETIMS_SANDBOX_URL, type EtimsDeps } from "./modules/etims/etims.public.ts";
import { LocalFileStorage, type FileStorage } from "./platform/files.ts";
import { roomRoutes } from "./modules/rooms/rooms.routes.ts";
import { bookingRoutes } from "./modules/rooms/bookings.routes.ts";
import { conferenceRoutes } from "./modules/rooms/conferences.routes.ts";
import { onlineBookingRoutes, type OnlineBookingLimits } from "./modules/rooms/online-booking.routes.ts";
import { messageRoutes, type MessagingConfig, type MessagingDeps } from "./modules/messages/messages.public.ts";

declare module "fastify" {
  interface FastifyInstance {
    tokens: TokenService;
    /** Payment providers and the grace period: the renewal job (main.ts, tests) runs on these. */
    billing: BillingDeps;
    /** Whether and where the server prints to network printers (printing module). */
    printing: NetworkPrintingPolicy;
    /** The job runner (platform/jobs.ts), started by buildApp and stopped by app.close(); null: none (most tests). */
    jobs: Jobs | null;
    /** KRA eTIMS: the OSCU client and the sealing key; the daily code-list refresh (job runner) runs on these. */
    etims: EtimsDeps;
  }
}

export type AppDeps = {
  /** Payment provider settings are optional: without them the app says the provider is not configured. */
  config: Pick<Config, "logLevel" | "loginRateLimitPerMinute" | "sessionIdleMs" | "webDistDir" | "trustProxy"> &
    BillingSettings & {
      /** Network printing; default: on, private LAN addresses on port 9100 (main.ts passes the parsed setting). */
      printing?: NetworkPrintingPolicy;
      /** Where log lines go (tests read them); default: standard output. */
      logStream?: { write(line: string): void };
      /** Serve /api/docs to anyone (default false: to signed-in support only). The document is built either way: the route walks of the tests read it. */
      apiDocs?: boolean;
      /** /metrics's bearer token (METRICS_TOKEN); default: /metrics is off. */
      metricsToken?: string | null;
      /** Signed-out registrations one address may make per hour (default 10). */
      registrationRateLimitPerHour?: number;
      /** M-Pesa at the counter; default: sandbox Daraja, no public URL (not configured), fresh random secrets. */
      tillMpesa?: TillMpesaConfig;
      /** KRA eTIMS (OSCU); default: KRA's sandbox, 20 s per call. */
      etims?: { baseUrl: string; timeoutMs?: number; retryBaseMs?: number; leaseMs?: number };
      /** Nightly backups (main.ts passes config.backups); default: none, and Settings says so. */
      backups?: (NonNullable<BackupsOptions["settings"]> & { checkIntervalMs?: number }) | null;
      /** The hotels' public booking pages, per address (default 60 look-ups a minute, 10 requests an hour). */
      onlineBooking?: OnlineBookingLimits;
      /** When the renewal and lapse job runs (a cron); null or unset: not scheduled. */
      subscriptionJobCron?: string | null;
      /** SMS (Africa's Talking) and e-mail (SMTP) of receipts; default: neither set up, and the app says so. */
      messaging?: MessagingConfig;
      /** Receipt pages one address may open per minute (default 60). */
      receiptLookupsPerMinute?: number;
    };
  db: Db;
  tokens: TokenService;
  /** Uploaded files (product images); main.ts keeps them in DATA_DIR/uploads, tests in a temp dir. */
  files?: FileStorage;
  /** The supervised embedded database's state, for /api/health (main.ts, embedded mode only). */
  databaseState?: HealthOptions["databaseState"];
  /** The job runner, not started: buildApp registers every job on it and starts it (flows/jobs.ts). */
  jobs?: Jobs;
};

// Never log credentials or tokens.
const REDACT = ["req.headers.authorization", "req.headers.cookie", "*.password", "*.token"];

/** Builds the whole HTTP app without listening; tests call it and use app.inject. */
export async function buildApp({
  config,
  db,
  tokens,
  files = new LocalFileStorage(path.join(os.tmpdir(), `duka-uploads-${process.pid}`)),
  databaseState,
  jobs,
}: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.logLevel === "silent"
        ? false
        : {
            level: config.logLevel,
            redact: REDACT,
            // No callback token of a URL, no database error's details (platform/log-safety.ts).
            serializers: { req: requestForLog, err: errorForLog },
            ...(config.logStream ? { stream: config.logStream } : {}),
          },
    trustProxy: config.trustProxy,
    bodyLimit: 1_048_576,
    // A proxy's X-Request-Id is kept (when it is a plain short id), so its log and ours join up.
    requestIdHeader: false,
    genReqId: requestIdOf,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate("tokens", tokens);
  // Jobs log as requests do (JSON, the same redaction), each line with its job and the request that queued it.
  jobs?.useLog(app.log);
  const billing = createBillingDeps(db, config, app.log);
  app.decorate("billing", billing);
  app.decorate("printing", config.printing ?? DEFAULT_NETWORK_PRINTING);
  const till = config.tillMpesa ?? {
    darajaBaseUrl: "https://sandbox.safaricom.co.ke",
    publicUrl: null,
    callbackToken: randomBytes(32).toString("base64url"),
    credentialsKey: randomBytes(48).toString("base64url"),
  };
  const tillMpesa = createTillMpesaDeps(db, till, app.log);
  const etims = createEtimsDeps(
    db,
    {
      baseUrl: config.etims?.baseUrl ?? ETIMS_SANDBOX_URL,
      timeoutMs: config.etims?.timeoutMs ?? 20_000,
      credentialsKey: till.credentialsKey,
    },
    app.log,
  );
  app.decorate("etims", etims);

  // PayPal's checkout script, its frames and its calls, only when PayPal is configured.
  const paypal = config.paypal
    ? [...new Set([new URL(config.paypal.sdkUrl).origin, "https://*.paypal.com", "https://*.paypalobjects.com"])]
    : [];
  // Helmet's security headers, its middleware built once: @fastify/helmet built it again on every
  // request (parsing the CSP each time), a cost the checkout profile showed on every sale.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // 'wasm-unsafe-eval': the till's camera scanning compiles its barcode reader (WebAssembly, our own file).
        scriptSrc: ["'self'", "'wasm-unsafe-eval'", ...paypal],
        styleSrc: ["'self'", "'unsafe-inline'"], // MUI (emotion) injects style tags
        imgSrc: ["'self'", "data:", "blob:", ...paypal],
        connectSrc: ["'self'", ...paypal],
        ...(paypal.length ? { frameSrc: ["'self'", ...paypal] } : {}),
        workerSrc: ["'self'"],
      },
    },
  });
  // First: every later hook, the handler and what it calls know the request's id (a job queued in it logs it).
  carryRequestIds(app);
  // Background work in this process (the eTIMS queue) yields to the requests of the tills.
  const requests = trackRequests(app);
  scrapedGauge("duka_http_requests_in_flight", "Requests this server is answering now", [], async () => [
    { value: requests.inFlight() },
  ]);
  app.addHook("onRequest", (req, reply, done) =>
    securityHeaders(req.raw, reply.raw, (err) => done(err as Error | undefined)),
  );
  await app.register(rateLimit, {
    global: false,
    hook: "preHandler",
    // Counted in the database, so several servers on one database share every limit (README).
    store: databaseRateLimitStore(db),
    // Per address and account, so a shop's staff behind one router do not lock each other out.
    keyGenerator: (req) =>
      `${req.ip}|${String((req.body as { username?: unknown } | undefined)?.username ?? "").toLowerCase()}`,
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: 429,
      error: {
        code: ERROR_CODES.RATE_LIMITED,
        message: `Too many attempts. Please wait ${Math.ceil(ctx.ttl / 1000)} seconds and try again.`,
      },
    }),
  });
  // Only where a route asks (the POS catalog): compressing every small answer costs more than it saves.
  await app.register(compress, { global: false, zlibOptions: { level: 4 } });
  await app.register(multipart, { limits: { fileSize: 5 * 1024 * 1024, files: 1, fields: 10 } });
  await app.register(swagger, {
    openapi: {
      info: {
        title: "Duka POS API",
        version: "1.0.0",
        description: "Point of sale and back office. Amounts are integer cents (KES).",
      },
      components: { securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(accessPlugin, {
    db,
    tokens,
    sessionIdleMs: config.sessionIdleMs,
    loaders: { loadSessionUser, loadBusiness: loadTenantBusiness, loadSupportGrant, recordSupportAction },
  });
  // The document lists every route, support-only ones included: served to anyone only with
  // API_DOCS=true, otherwise to signed-in provider support alone (a bearer token); others get 404.
  await app.register(swaggerUi, {
    routePrefix: "/api/docs",
    uiHooks: {
      onRequest: async (req, reply) => {
        if (config.apiDocs === true) return;
        const user = await app.signedInUser(req).catch(() => null);
        if (user?.isSupportUser) return;
        // The same answer as a route that does not exist, so nothing says the document is there
        // (sent here: this plugin's context is made before the app's error handler is set).
        return reply.code(404).send({
          error: { code: ERROR_CODES.NOT_FOUND, message: `No such route: ${req.method} ${req.url.split("?")[0]}` },
        });
      },
    },
  });
  const webRoot = config.webDistDir ?? DEFAULT_WEB_DIST;
  const hasWebApp = existsSync(path.join(webRoot, "index.html"));
  registerErrorHandling(app, { spaFallback: hasWebApp });
  refuseNulCharacters(app);

  recordRequestMetrics(app);
  app.addHook("onSend", (req, reply, _payload, done) => {
    reply.header("x-request-id", req.id);
    done();
  });
  await app.register(healthRoutes, { databaseState });
  await app.register(metricsRoutes, { token: config.metricsToken ?? null });
  await app.register(clientErrorRoutes);
  await app.register(failedJobsRoutes, { jobs: jobs ?? null });
  // With uploads in an S3 bucket, backups read them from it and restores put them back (stored-uploads.ts).
  const backupSettings =
    config.backups && !(files instanceof LocalFileStorage)
      ? { ...config.backups, uploadsStore: files }
      : (config.backups ?? null);
  await app.register(backupRoutes, { settings: backupSettings });
  // One count per address over every sign-in route (owners' and staff's, the till PIN switch).
  const signIn = signInLimits(app, config.loginRateLimitPerMinute);
  await app.register(accountRoutes, { signIn });
  await app.register(staffSignInRoutes, { signIn });
  await app.register(businessRoutes, {
    loginRateLimit: config.loginRateLimitPerMinute,
    registrationsPerHour: config.registrationRateLimitPerHour ?? 10,
  });
  await app.register(supportAccessRoutes);
  await app.register(employeeRoutes, { files });
  await app.register(employeeRemovalRoutes);
  await app.register(businessDataRoutes, { files });
  await app.register(productRoutes);
  await app.register(stockRoutes);
  await app.register(batchRoutes);
  await app.register(stockAnalysisRoutes);
  await app.register(productIoRoutes, { files });
  await app.register(categoryRoutes);
  await app.register(promotionRoutes);
  await app.register(wholesaleProductRoutes);
  await app.register(transferRoutes, { files });
  await app.register(salesRoutes, { checkRefundReason });
  await app.register(sectionRoutes);
  await app.register(printingRoutes);
  await app.register(kitchenRoutes);
  await app.register(receiptPrintRoutes);
  await app.register(catalogRoutes);
  await app.register(planRoutes);
  await app.register(subscriptionRoutes, { deps: billing });
  await app.register(mpesaRoutes, { deps: tillMpesa });
  await app.register(mpesaCallbackRoutes, { deps: tillMpesa });
  await app.register(etimsRoutes, { deps: etims });
  await app.register(etimsQueueRoutes, { jobs: jobs ?? null });
  await app.register(etimsPurchaseRoutes, { deps: etims });
  await app.register(requestRoutes);
  await app.register(payrollRoutes);
  await app.register(customerRoutes);
  await app.register(customerAccountRoutes);
  await app.register(supplierRoutes);
  await app.register(supplyRoutes);
  await app.register(patientRoutes);
  await app.register(consultationRoutes);
  await app.register(clinicRoutes);
  await app.register(transactionRoutes);
  await app.register(expenseRoutes, { files });
  await app.register(reportRoutes);
  await app.register(clientRoutes);
  await app.register(documentRoutes);
  await app.register(receiptRoutes);
  await app.register(roomRoutes, { files });
  await app.register(bookingRoutes);
  await app.register(conferenceRoutes);
  await app.register(onlineBookingRoutes, {
    limits: config.onlineBooking ?? { lookupsPerMinute: 60, requestsPerHour: 10 },
  });

  const messaging: MessagingDeps = {
    db,
    sms: config.messaging?.sms ?? null,
    email: config.messaging?.email ?? null,
    publicUrl: config.messaging?.publicUrl ?? null,
    jobs: jobs ?? null,
    retryDelaySeconds: config.messaging?.retryDelaySeconds ?? 30,
    log: app.log,
  };
  await app.register(messageRoutes, { deps: messaging, lookupsPerMinute: config.receiptLookupsPerMinute ?? 60 });
  await app.register(customerStatementRoutes, { deps: messaging });

  if (hasWebApp) await serveWebApp(app, webRoot);
  else app.log.warn(`No built web app in ${webRoot}; only the API is served`);
  app.decorate("jobs", jobs ?? null);
  if (jobs) {
    const backups = backupSettings
      ? { settings: backupSettings, checkMinutes: (backupSettings.checkIntervalMs ?? 5 * 60_000) / 60_000 }
      : null;
    registerJobs(jobs, {
      db,
      billing,
      billingCron: config.subscriptionJobCron ?? null,
      etims,
      etimsQueue: {
        retryBaseMs: config.etims?.retryBaseMs ?? 30_000,
        leaseMs: config.etims?.leaseMs ?? 120_000,
        yieldToRequests: () => requests.yieldToRequests(BACKGROUND_STEP.quietMs, BACKGROUND_STEP.maxWaitMs),
      },
      files,
      backups,
      messaging,
    });
    scrapedGauge(
      "duka_jobs",
      "Jobs by name and state: created (queued), retry, active, failed",
      ["name", "state"],
      async () => (await jobs.counts()).map((c) => ({ labels: { name: c.name, state: c.state }, value: c.n })),
    );
    if (backupSettings) {
      const settings = backupSettings;
      scrapedGauge(
        "duka_backup_last_success_age_seconds",
        "Seconds since the last backup that was written and checked (none yet: no sample)",
        [],
        async () => {
          const at = (await readBackupStatus(settings)).lastSuccess?.at;
          return at ? [{ value: Math.round((now().getTime() - Date.parse(at)) / 1000) }] : [];
        },
      );
    }
    await jobs.start();
    app.addHook("onClose", () => jobs.stop()); // graceful: running jobs finish first
    // A fresh installation makes its first backup soon after it starts, not at the next check.
    if (backups?.checkMinutes) await jobs.send("backups-due", {}, { startAfterSeconds: 10 });
  }
  return app;
}

/** Serves the built web app at /; /sw.js and index.html are never cached (SPA fallback: errors.ts). */
async function serveWebApp(app: FastifyInstance, root: string): Promise<void> {
  await app.register(fastifyStatic, {
    root,
    wildcard: true,
    index: "index.html",
    setHeaders: (res, filePath) => {
      const name = path.basename(filePath);
      if (name === "sw.js" || name === "index.html") res.header("Cache-Control", "no-cache");
      else if (filePath.includes(`${path.sep}assets${path.sep}`))
        res.header("Cache-Control", "public, max-age=31536000, immutable");
    },
  });
}
