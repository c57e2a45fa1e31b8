// Benchmark: KRA eTIMS must not slow the till (issue 30). One server process (its job runner
// sends the eTIMS queue, as in production) against the fake KRA (in a process of its own, as KRA
// is another machine); two shops with the same three
// products: one connected to eTIMS (every sale, and its stock movements, queued for KRA in the
// sale's transaction and sent by the queue beside the tills), one not. Their runs alternate, at
// 1 and 8 tills, so a drift of the machine falls on both alike; after each connected run the
// queue is left to drain before the next run starts, so its backlog never slows the other shop's
// run (the time it took is a figure of its own). Then sale to signed: sales at a fixed 4 a second
// for a while, and for each the time from the sale (its outbox row's queued_at, the sale's own
// time) to KRA's answer stored (done_at), both written by the server's clock.
import { randomUUID } from "node:crypto";
import autocannon from "autocannon";
import pg from "pg";
import { spawn } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";
import { openLoop } from "./lib/http-load.ts";
import { prepare } from "./checkout.ts";
import { startServerProcess, type ServerProcess } from "./lib/server.ts";
import { figure, median, percentile, type Figure } from "./lib/stats.ts";

export const ETIMS_TILLS = [1, 8] as const;
/** The rate of the sale-to-signed run: a busy shop's till. */
export const SIGNED_RATE_PER_SECOND = 4;

/** KRA's codes of the fake's lists (a soft drink, finished product, from Kenya, in bottles, in pieces). */
const ETIMS_DETAILS = {
  etimsItemClass: "5020230100",
  etimsItemType: "2",
  etimsOrigin: "KE",
  etimsPackagingUnit: "BO",
  etimsQuantityUnit: "U",
};

type Shop = { token: string; businessId: string; body: string };

/** The fake KRA in a process of its own (lib/fake-etims-process.ts), set up over its control routes. */
async function startKra() {
  const proc = spawn(
    process.execPath,
    ["--import", "tsx", path.join(import.meta.dirname, "lib/fake-etims-process.ts")],
    {
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  const lines = createInterface({ input: proc.stdout! });
  const url = await new Promise<string>((resolve, reject) => {
    lines.once("line", resolve);
    proc.once("exit", (code) => reject(new Error(`the fake KRA exited with ${code}`)));
  });
  const control = async (what: string, body: unknown) => {
    const res = await fetch(`${url}/fake/${what}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`the fake KRA's /fake/${what} answered ${res.status}`);
    return res.json() as Promise<unknown>;
  };
  return {
    url,
    control,
    stop: () =>
      new Promise<void>((resolve) => {
        proc.once("exit", () => resolve());
        proc.kill("SIGTERM");
      }),
  };
}

async function call(server: ServerProcess, token: string, method: string, path: string, body: unknown) {
  const res = await fetch(`${server.base}${path}`, {
    method,
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  if (res.status >= 300) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
  return res.json() as Promise<Record<string, unknown>>;
}

/** A shop as the checkout bench makes it; connected to eTIMS (its products with KRA's codes) when given a PIN. */
const shop = (server: ServerProcess, name: string, kraPin: string | null): Promise<Shop> =>
  kraPin
    ? prepare(server, name, ETIMS_DETAILS, async (owner) => {
        await call(server, owner.token, "PUT", "/api/etims/device", {
          businessId: owner.businessId,
          kraPin,
          bhfId: "00",
          deviceSerial: `bench-${randomUUID().slice(0, 8)}`,
        });
      })
    : prepare(server, name);

async function sell(server: ServerProcess, s: Shop, tills: number, seconds: number): Promise<number> {
  const result = await autocannon({
    url: server.base,
    connections: tills,
    duration: seconds,
    requests: [
      {
        method: "POST",
        path: "/api/sales",
        headers: { "content-type": "application/json", authorization: `Bearer ${s.token}` },
        body: s.body,
        setupRequest: (req) => ({ ...req, headers: { ...req.headers, "idempotency-key": `bench-${randomUUID()}` } }),
      },
    ],
  });
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed) throw new Error(`eTIMS bench: ${failed} sales failed at ${tills} tills`);
  return result["2xx"] / (result.duration || seconds);
}

/** Waits until the shop's eTIMS queue is empty; its time in ms. Throws on anything KRA refused. */
async function drained(pool: pg.Pool, businessId: string, limitMs = 600_000): Promise<number> {
  const started = performance.now();
  if (process.env.BENCH_ETIMS_KRA_DOWN) return 0;
  for (;;) {
    const { rows } = await pool.query<{ open: number; failed: number }>(
      `SELECT count(*) FILTER (WHERE state IN ('queued', 'sending'))::int AS open,
              count(*) FILTER (WHERE state = 'failed')::int AS failed
       FROM etims_outbox WHERE business_id = $1`,
      [businessId],
    );
    if (rows[0]!.failed) throw new Error(`eTIMS bench: KRA refused ${rows[0]!.failed} rows`);
    if (!rows[0]!.open) return performance.now() - started;
    if (performance.now() - started > limitMs) throw new Error("eTIMS bench: the queue did not drain");
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function benchEtims(opts: {
  databaseUrl: string;
  dataDir: string;
  runs: number;
  seconds: number;
  signedSeconds: number;
  log: (line: string) => void;
  note: (line: string) => void;
}): Promise<Figure[]> {
  const kra = await startKra();
  const server = await startServerProcess({
    databaseUrl: opts.databaseUrl,
    dataDir: opts.dataDir,
    env: { ETIMS_BASE_URL: kra.url },
  });
  const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 2 });
  const figures: Figure[] = [];
  try {
    const kraPin = "P051234567Z";
    await kra.control("taxpayers", { tin: kraPin, name: "Bench eTIMS Duka Ltd" });
    const on = await shop(server, "Bench eTIMS Duka", kraPin);
    const off = await shop(server, "Bench Duka without eTIMS", null);
    await drained(pool, on.businessId);
    // An experiment: KRA down, so the queue only waits; what is left is the sale's own cost.
    if (process.env.BENCH_ETIMS_KRA_DOWN) await kra.control("down", { down: true });
    // Warm-up: both shops, both paths.
    await sell(server, off, 8, 1);
    await sell(server, on, 8, 1);
    await drained(pool, on.businessId);
    for (const tills of ETIMS_TILLS) {
      const rates = { on: [] as number[], off: [] as number[], drain: [] as number[] };
      for (let run = 0; run < opts.runs; run++) {
        rates.off.push(await sell(server, off, tills, opts.seconds));
        rates.on.push(await sell(server, on, tills, opts.seconds));
        rates.drain.push(await drained(pool, on.businessId));
      }
      const ratios = rates.on.map((r, i) => r / rates.off[i]!);
      opts.note(
        `eTIMS at ${tills} till(s): on ${rates.on.map((r) => r.toFixed(1)).join(", ")}; off ${rates.off.map((r) => r.toFixed(1)).join(", ")} sales/s`,
      );
      figures.push(
        figure("eTIMS", `sales/s at ${tills} till(s), eTIMS connected`, rates.on, "sales/s"),
        figure("eTIMS", `sales/s at ${tills} till(s), not connected`, rates.off, "sales/s"),
        figure("eTIMS", `ratio connected / not connected at ${tills} till(s)`, ratios, "", {
          text: ">= 0.95",
          test: (v) => v >= 0.95,
        }),
        figure("eTIMS", `queue left to send after ${opts.seconds} s at ${tills} till(s)`, rates.drain, "ms"),
      );
    }
    // Sale to signed at a fixed rate: one till ringing a sale every 1/rate s.
    const since = new Date();
    const loop = await openLoop({
      base: server.base,
      streams: 1,
      intervalMs: 1000 / SIGNED_RATE_PER_SECOND,
      seconds: opts.signedSeconds,
      next: () => ({
        method: "POST",
        path: "/api/sales",
        headers: { authorization: `Bearer ${on.token}`, "idempotency-key": `bench-${randomUUID()}` },
        body: on.body,
      }),
    });
    if (loop.errors) throw new Error(`eTIMS bench: ${loop.errors} sales failed at a fixed rate`);
    await drained(pool, on.businessId);
    const { rows } = await pool.query<{ ms: number }>(
      `SELECT extract(epoch FROM done_at - queued_at) * 1000 AS ms FROM etims_outbox
       WHERE business_id = $1 AND kind = 'sale' AND queued_at >= $2`,
      [on.businessId, since],
    );
    const ms = rows.map((r) => Number(r.ms));
    opts.note(`sale to signed at ${SIGNED_RATE_PER_SECOND}/s: ${ms.length} sales, p50 ${median(ms).toFixed(0)} ms`);
    figures.push(
      figure(
        "eTIMS",
        `sale to signed by KRA at ${SIGNED_RATE_PER_SECOND} sales/s, p50 (${ms.length} sales)`,
        [median(ms)],
        "ms",
      ),
      figure("eTIMS", `sale to signed by KRA at ${SIGNED_RATE_PER_SECOND} sales/s, p99`, [percentile(ms, 99)], "ms"),
    );
    const rejected = (await kra.control("rejected", {})) as unknown[];
    if (rejected.length) throw new Error(`eTIMS bench: the fake KRA refused ${rejected.length} requests`);
  } finally {
    await pool.end();
    await server.stop();
    await kra.stop();
  }
  return figures;
}
