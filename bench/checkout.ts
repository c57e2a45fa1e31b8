// Benchmark 1: checkout throughput. POST /api/sales with 3 lines over HTTP (autocannon, in this
// process; the server runs in its own process) at 1, 8 and 32 tills; and in the same run the raw
// ceiling: the very statements the service executed for one sale, captured from the driver and
// replayed through `pg` at the same concurrency over a pool of the server's size.
import { randomUUID } from "node:crypto";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { buildApp } from "../apps/server/src/app.ts";
import { openDatabase } from "../apps/server/src/db/client.ts";
import { createTokenService } from "../apps/server/src/platform/tokens.ts";
import { closedLoop, openLoop, type LoadRequest } from "./lib/http-load.ts";
import { processCpuMs, registerOwner, startServerProcess, type ServerProcess } from "./lib/server.ts";
import { figure, percentile, type Figure } from "./lib/stats.ts";

export const TILLS = [1, 8, 32] as const;
/** Checkout across many businesses at once, one till each. */
export const BUSINESSES = 100;
/** The open loop: this many tills of one shop, each ringing up a sale every OPEN_LOOP_INTERVAL_MS. */
export const OPEN_LOOP_TILLS = 8;
export const OPEN_LOOP_INTERVAL_MS = 2000;
export const POOL_SIZE = 10; // the server's default DATABASE_POOL_SIZE
const JWT_SECRET = "bench-secret-bench-secret-bench-secret-0123456789";

type Statement = { text: string; values?: unknown[]; rowMode?: string; name?: string };
type Setup = { token: string; businessId: string; body: string };

/**
 * Registers a business with three products of ample stock (with `productFields` added, e.g. KRA's
 * codes); the sale body sells one of each. `connect` runs first, e.g. to connect eTIMS.
 */
export async function prepare(
  server: ServerProcess,
  name = "Bench Checkout Duka",
  productFields: Record<string, unknown> = {},
  connect?: (owner: { token: string; businessId: string }) => Promise<void>,
): Promise<Setup> {
  const owner = await registerOwner(server.base, name);
  await connect?.(owner);
  const productIds: string[] = [];
  for (const [name, price] of [
    ["Unga 2kg", 21000],
    ["Sukari 1kg", 17500],
    ["Chai 250g", 9000],
  ] as const) {
    const res = await fetch(`${server.base}/api/products`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${owner.token}` },
      body: JSON.stringify({
        businessId: owner.businessId,
        name,
        sellingprice: price,
        quantity: 900_000_000,
        ...productFields,
      }),
    });
    if (res.status !== 201) throw new Error(`creating a product answered ${res.status}: ${await res.text()}`);
    productIds.push(((await res.json()) as { _id: string })._id);
  }
  const body = JSON.stringify({
    businessId: owner.businessId,
    products: productIds.map((productId) => ({ productId, quantity: 1 })),
    payments: [{ method: "Cash", amount: 47_500, tendered: 50_000 }],
    expectedTotal: 47_500,
  });
  return { token: owner.token, businessId: owner.businessId, body };
}

/**
 * Makes one sale through the app in this process while recording every statement the driver
 * sends (pg's Client.query): the session read, the idempotency key, BEGIN, the locks, the
 * ledger, the sale, COMMIT. Returns them with the sale's id and key, which a replay renews.
 */
async function captureStatements(
  databaseUrl: string,
  setup: Setup,
): Promise<{ statements: Statement[]; unique: string[] }> {
  const database = openDatabase(databaseUrl, 2);
  const app = await buildApp({
    config: {
      logLevel: "silent",
      loginRateLimitPerMinute: 100_000,
      sessionIdleMs: 3_600_000,
      webDistDir: path.join(import.meta.dirname, "no-web"),
      trustProxy: false,
    },
    db: database.db,
    tokens: createTokenService(JWT_SECRET),
  } as Parameters<typeof buildApp>[0]);
  const statements: Statement[] = [];
  const original = pg.Client.prototype.query;
  const key = `bench-capture-${randomUUID()}`;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  (pg.Client.prototype as any).query = function (
    this: pg.Client,
    config: unknown,
    values?: unknown,
    ...rest: unknown[]
  ) {
    if (typeof config === "string")
      statements.push({ text: config, values: Array.isArray(values) ? values : undefined });
    else if (config && typeof config === "object" && "text" in config) {
      const c = config as Statement;
      // drizzle passes the values beside the config object
      statements.push({
        text: c.text,
        values: c.values ?? (Array.isArray(values) ? values : undefined),
        rowMode: c.rowMode,
        name: c.name,
      });
    }
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return (original as any).call(this, config, values, ...rest);
  };
  try {
    const res = await app.inject({
      method: "POST",
      url: "/api/sales",
      headers: { "content-type": "application/json", authorization: `Bearer ${setup.token}`, "idempotency-key": key },
      payload: setup.body,
    });
    if (res.statusCode !== 201) throw new Error(`the captured sale answered ${res.statusCode}: ${res.body}`);
    const saleId = (res.json() as { _id: string })._id;
    if (process.env.BENCH_DEBUG)
      for (const s of statements)
        console.error(
          JSON.stringify({
            text: s.text.slice(0, 120),
            n: s.values?.length,
            rowMode: s.rowMode,
            name: s.name,
            max: Math.max(0, ...[...s.text.matchAll(/\$(\d+)/g)].map((m) => Number(m[1]))),
          }),
        );
    if (!statements.some((s) => /^begin/i.test(s.text)) || !statements.some((s) => /^commit/i.test(s.text)))
      throw new Error("no transaction was captured");
    return { statements, unique: [saleId, key] };
  } finally {
    pg.Client.prototype.query = original;
    await app.close();
    await database.close();
  }
}

/** The captured statements with the sale id and key renewed (a new sale each time). */
function renew(statements: Statement[], unique: string[]): Statement[] {
  const fresh = new Map(
    unique.map((u) => [u, u.startsWith("bench-capture-") ? `bench-raw-${randomUUID()}` : randomUUID()]),
  );
  const swap = (v: unknown): unknown =>
    typeof v === "string" ? (fresh.get(v) ?? v) : Array.isArray(v) ? v.map(swap) : v;
  return statements.map((s) => ({ ...s, values: s.values?.map(swap) }));
}

type RunResult = { salesPerSecond: number; p50: number; p99: number; errors: number; cpuMsPerSale?: number };

/** `tills` workers replaying the statements over a pool of the server's size, for `seconds`. */
async function runRaw(
  pool: pg.Pool,
  captured: { statements: Statement[]; unique: string[] },
  tills: number,
  seconds: number,
): Promise<RunResult> {
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const worker = async () => {
    while (performance.now() < deadline) {
      const t0 = performance.now();
      const client = await pool.connect();
      try {
        for (const s of renew(captured.statements, captured.unique)) await client.query(s);
        latencies.push(performance.now() - t0);
      } catch (err) {
        errors++;
        await client.query("ROLLBACK").catch(() => undefined);
        if (errors === 1) console.error("raw replay failed:", err);
      } finally {
        client.release();
      }
    }
  };
  await Promise.all(Array.from({ length: tills }, worker));
  const elapsed = (performance.now() - started) / 1000;
  return {
    salesPerSecond: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    errors,
  };
}

/** `tills` autocannon connections posting sales, each with its own Idempotency-Key, for `seconds`. */
async function runApp(server: ServerProcess, setup: Setup, tills: number, seconds: number): Promise<RunResult> {
  const cpuBefore = await processCpuMs(server.pid);
  const result = await autocannon({
    url: server.base,
    connections: tills,
    duration: seconds,
    requests: [
      {
        method: "POST",
        path: "/api/sales",
        headers: { "content-type": "application/json", authorization: `Bearer ${setup.token}` },
        body: setup.body,
        setupRequest: (req) => ({ ...req, headers: { ...req.headers, "idempotency-key": `bench-${randomUUID()}` } }),
      },
    ],
  });
  const cpu = (await processCpuMs(server.pid)) - cpuBefore;
  return {
    salesPerSecond: result["2xx"] / (result.duration || seconds),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
    cpuMsPerSale: result["2xx"] ? cpu / result["2xx"] : undefined,
  };
}

/** A sale of a setup's products with a fresh Idempotency-Key, as a till sends it. */
const saleRequest = (setup: Setup): LoadRequest => ({
  method: "POST",
  path: "/api/sales",
  headers: { authorization: `Bearer ${setup.token}`, "idempotency-key": `bench-${randomUUID()}` },
  body: setup.body,
});

/** `count` businesses, registered and stocked 8 at a time. */
async function prepareMany(server: ServerProcess, count: number): Promise<Setup[]> {
  const setups: Setup[] = [];
  for (let i = 0; i < count; i += 8)
    setups.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(8, count - i) }, (_, j) => prepare(server, `Bench Duka ${i + j + 1}`)),
      )),
    );
  return setups;
}

/**
 * Checkout across BUSINESSES businesses at once, one till each (closed loop): every business has
 * its own sale counter and product rows, so nothing is serialised by a shared lock; what is
 * shared is the server process, its pool and the database.
 */
async function runManyBusinesses(server: ServerProcess, setups: Setup[], seconds: number) {
  const cpuBefore = await processCpuMs(server.pid);
  const r = await closedLoop({
    base: server.base,
    clients: setups.length,
    seconds,
    next: (till) => saleRequest(setups[till]!),
  });
  const cpu = (await processCpuMs(server.pid)) - cpuBefore;
  if (r.errors)
    throw new Error(`checkout across ${setups.length} businesses: ${r.errors} failed: ${r.samples.join("; ")}`);
  return {
    salesPerSecond: r.ok / r.seconds,
    p50: percentile(r.latencies, 50),
    p99: percentile(r.latencies, 99),
    cpuMsPerSale: cpu / r.ok,
  };
}

/**
 * Latency at a fixed offered rate (open loop): OPEN_LOOP_TILLS tills of one shop, each ringing
 * up a sale every OPEN_LOOP_INTERVAL_MS whatever the answers; latency from when each sale was due.
 */
async function runOpenLoop(server: ServerProcess, setup: Setup, seconds: number) {
  const r = await openLoop({
    base: server.base,
    streams: OPEN_LOOP_TILLS,
    intervalMs: OPEN_LOOP_INTERVAL_MS,
    seconds,
    next: () => saleRequest(setup),
  });
  if (r.errors) throw new Error(`checkout at a fixed rate: ${r.errors} failed: ${r.samples.join("; ")}`);
  return {
    offered: (OPEN_LOOP_TILLS * 1000) / OPEN_LOOP_INTERVAL_MS,
    salesPerSecond: r.ok / r.seconds,
    p50: percentile(r.latencies, 50),
    p99: percentile(r.latencies, 99),
    max: Math.max(...r.latencies),
    sales: r.ok,
  };
}

/** Runs the checkout benchmark against one database; `label` names it in the figures. */
export async function benchCheckout(opts: {
  label: string;
  databaseUrl: string;
  dataDir: string;
  runs: number;
  seconds: number;
  /** Duration of the open-loop run and of each run across many businesses. */
  openLoopSeconds: number;
  manySeconds: number;
  log: (line: string) => void;
}): Promise<Figure[]> {
  const server = await startServerProcess({ databaseUrl: opts.databaseUrl, dataDir: opts.dataDir });
  const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: POOL_SIZE });
  const figures: Figure[] = [];
  try {
    const setup = await prepare(server);
    const captured = await captureStatements(opts.databaseUrl, setup);
    console.error(
      `checkout (${opts.label}): one sale is ${captured.statements.length} statements: ${captured.statements.map((s) => s.text.trim().split(/\s+/)[0]!.toLowerCase()).join(", ")}`,
    );
    figures.push(
      figure(
        `checkout ${opts.label}`,
        "statements one sale sends (captured, replayed as the raw ceiling)",
        [captured.statements.length],
        "",
      ),
    );
    for (const tills of TILLS) {
      await runApp(server, setup, tills, 1); // warm-up: JIT, pool, caches
      await runRaw(pool, captured, tills, 1);
      const app: RunResult[] = [];
      const raw: RunResult[] = [];
      for (let i = 0; i < opts.runs; i++) {
        app.push(await runApp(server, setup, tills, opts.seconds));
        raw.push(await runRaw(pool, captured, tills, opts.seconds));
      }
      const errors = [...app, ...raw].reduce((n, r) => n + r.errors, 0);
      if (errors) throw new Error(`checkout at ${tills} tills: ${errors} requests failed`);
      const b = `checkout ${opts.label}`;
      const eight = tills === 8;
      const set = [
        figure(
          b,
          `${tills} tills: app sales/s`,
          app.map((r) => r.salesPerSecond),
          "sales/s",
        ),
        figure(
          b,
          `${tills} tills: app p50`,
          app.map((r) => r.p50),
          "ms",
        ),
        figure(
          b,
          `${tills} tills: app p99`,
          app.map((r) => r.p99),
          "ms",
          eight ? { text: "under 50 ms at 8 tills", test: (v) => v < 50 } : undefined,
        ),
        // The server process's own CPU time (user + system) over the run, per sale: the Node time a
        // sale costs (HTTP, validation, the app, the driver), which a loaded machine slows less
        // than it moves throughput.
        figure(
          b,
          `${tills} tills: server CPU per sale`,
          app.map((r) => r.cpuMsPerSale ?? NaN),
          "ms",
        ),
        figure(
          b,
          `${tills} tills: raw sales/s`,
          raw.map((r) => r.salesPerSecond),
          "sales/s",
        ),
        figure(
          b,
          `${tills} tills: raw p50`,
          raw.map((r) => r.p50),
          "ms",
        ),
        figure(
          b,
          `${tills} tills: raw p99`,
          raw.map((r) => r.p99),
          "ms",
        ),
        // Each run's app figure against the raw run right after it, then the median of those.
        figure(
          b,
          `${tills} tills: ratio app/raw`,
          app.map((r, i) => r.salesPerSecond / raw[i]!.salesPerSecond),
          "",
          { text: "at least 0.7", test: (v) => v >= 0.7 },
        ),
      ];
      report(set);
    }

    const b = `checkout ${opts.label}`;
    const open = await runOpenLoop(server, setup, opts.openLoopSeconds);
    const rate = `${OPEN_LOOP_TILLS} tills, a sale every ${OPEN_LOOP_INTERVAL_MS / 1000} s each (open loop, ${open.offered} sales/s offered)`;
    report([
      figure(b, `${rate}: sales/s done`, [open.salesPerSecond], "sales/s"),
      figure(b, `${rate}: p50`, [open.p50], "ms"),
      figure(b, `${rate}: p99`, [open.p99], "ms", { text: "under 50 ms", test: (v) => v < 50 }),
      figure(b, `${rate}: slowest of ${open.sales}`, [open.max], "ms"),
    ]);

    console.error(`checkout (${opts.label}): registering ${BUSINESSES} businesses`);
    const setups = await prepareMany(server, BUSINESSES);
    await runManyBusinesses(server, setups, 1); // warm-up
    const many = [];
    for (let i = 0; i < opts.runs; i++) many.push(await runManyBusinesses(server, setups, opts.manySeconds));
    const across = `${BUSINESSES} businesses at once, one till each`;
    report([
      figure(
        b,
        `${across}: sales/s`,
        many.map((r) => r.salesPerSecond),
        "sales/s",
      ),
      figure(
        b,
        `${across}: p50`,
        many.map((r) => r.p50),
        "ms",
      ),
      figure(
        b,
        `${across}: p99`,
        many.map((r) => r.p99),
        "ms",
      ),
      figure(
        b,
        `${across}: server CPU per sale`,
        many.map((r) => r.cpuMsPerSale),
        "ms",
      ),
    ]);
    return figures;

    function report(set: Figure[]) {
      for (const f of set)
        opts.log(
          `${f.bench}: ${f.name} ${f.value}${f.unit ? ` ${f.unit}` : ""}${f.goal ? ` (goal ${f.goal.text}: ${f.goal.met ? "met" : "NOT met"})` : ""}`,
        );
      figures.push(...set);
    }
  } finally {
    await pool.end();
    await server.stop();
  }
}
