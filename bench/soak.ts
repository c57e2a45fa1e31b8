// The soak: a mixed load at a fixed rate (open loop) against the real server process for an hour
// (`npm run bench -- --soak`; `--soak-seconds N` for a shorter one), sampling the server's resident
// memory, to show it does not grow (a leak) and nothing fails. Never part of a normal run.
import { randomUUID } from "node:crypto";
import type pg from "pg";
import { openLoop, type LoadRequest } from "./lib/http-load.ts";
import { seedProducts } from "./lib/seed.ts";
import { processRssMiB, registerOwner, type ServerProcess } from "./lib/server.ts";
import { figure, percentile, type Figure } from "./lib/stats.ts";

export const SOAK_RATE = 50;
export const SOAK_DEFAULT_SECONDS = 3600;
const PRODUCTS = 2000;
const TILLS = 10;

export type SoakSample = { second: number; rssMiB: number };
export type SoakReport = {
  seconds: number;
  rate: number;
  requests: number;
  errors: number;
  errorSamples: string[];
  /** Resident memory once warmed up (after the first tenth of the run, at least 10 s), and at the end. */
  rssStartMiB: number;
  rssEndMiB: number;
  rssPeakMiB: number;
  rssGrowthPercent: number;
  p50: number;
  p99: number;
  samples: SoakSample[];
  figures: Figure[];
};

/**
 * What a shop's day sends, SOAK_RATE requests a second in all: sales at TILLS tills (half of the
 * requests), product searches, the sales list, the till's catalog refresh, the stock summary.
 */
function mix(token: string, businessId: string, productIds: string[]): (n: number) => LoadRequest {
  const auth = { authorization: `Bearer ${token}` };
  const words = ["Soap", "Sugar", "Rice", "Maize", "oil", "Soda", "Bread", "Milk", "Item 1", "SKU-12"];
  let n = 0;
  return () => {
    n++;
    const slot = n % 10;
    if (slot < 5) {
      const picks = [0, 1, 2].map((i) => productIds[(n * 7 + i * 131) % productIds.length]!);
      return {
        method: "POST",
        path: "/api/sales",
        headers: { ...auth, "idempotency-key": `soak-${randomUUID()}` },
        body: JSON.stringify({
          businessId,
          products: [...new Set(picks)].map((productId) => ({ productId, quantity: 1 })),
          // Every product costs KES 10.00 (set after seeding), so the till knows the total and pays it exactly.
          payments: [{ method: "Cash", amount: [...new Set(picks)].length * 1000 }],
        }),
      };
    }
    if (slot < 7)
      return {
        method: "GET",
        path: `/api/products?businessId=${businessId}&search=${encodeURIComponent(words[n % words.length]!)}&pageSize=20`,
        headers: auth,
      };
    if (slot === 7) return { method: "GET", path: `/api/sales?businessId=${businessId}&limit=50`, headers: auth };
    if (slot === 8) return { method: "GET", path: `/api/products/catalog?businessId=${businessId}`, headers: auth };
    return { method: "GET", path: `/api/stock/summary?businessId=${businessId}`, headers: auth };
  };
}

export async function benchSoak(opts: {
  server: ServerProcess;
  pool: pg.Pool;
  seconds: number;
  log: (line: string) => void;
  note: (line: string) => void;
}): Promise<SoakReport> {
  const owner = await registerOwner(opts.server.base, "Bench Soak Duka");
  await seedProducts(opts.pool, owner.businessId, PRODUCTS, "900000000");
  // Every product at KES 10.00, so a ticket's total is known without asking the server.
  await opts.pool.query("UPDATE products SET selling_price = 1000 WHERE business_id = $1", [owner.businessId]);
  const { rows } = await opts.pool.query<{ id: string }>("SELECT id FROM products WHERE business_id = $1", [
    owner.businessId,
  ]);
  const next = mix(
    owner.token,
    owner.businessId,
    rows.map((r) => r.id),
  );
  const samples: SoakSample[] = [];
  const sampleEvery = opts.seconds >= 600 ? 10 : 1;
  let lastSample = -Infinity;
  opts.note(`soak: ${SOAK_RATE} requests/s for ${opts.seconds} s, resident memory sampled every ${sampleEvery} s`);
  const result = await openLoop({
    base: opts.server.base,
    streams: TILLS,
    intervalMs: (TILLS * 1000) / SOAK_RATE,
    seconds: opts.seconds,
    next,
    onTick: async (second) => {
      if (second - lastSample < sampleEvery) return;
      lastSample = second;
      samples.push({ second: Math.round(second), rssMiB: await processRssMiB(opts.server.pid) });
      if (samples.length % Math.max(1, Math.round(60 / sampleEvery)) === 0)
        opts.note(`soak: ${Math.round(second)} s, rss ${samples.at(-1)!.rssMiB.toFixed(1)} MiB`);
    },
  });
  samples.push({ second: Math.round(result.seconds), rssMiB: await processRssMiB(opts.server.pid) });
  // Warmed up: JIT, caches and the pool fill during the first tenth of the run (at least 10 s).
  const warm = Math.max(10, opts.seconds / 10);
  const start = samples.find((s) => s.second >= warm) ?? samples[0]!;
  const end = samples.at(-1)!;
  const peak = Math.max(...samples.map((s) => s.rssMiB));
  const growth = ((end.rssMiB - start.rssMiB) / start.rssMiB) * 100;
  const b = "soak";
  const name = `${SOAK_RATE} requests/s for ${opts.seconds} s`;
  const figures = [
    figure(b, `${name}: requests answered`, [result.ok], ""),
    figure(b, `${name}: errors`, [result.errors], "", { text: "0", test: (v) => v === 0 }),
    figure(b, `${name}: server RSS after warm-up (${Math.round(start.second)} s)`, [start.rssMiB], "MiB"),
    figure(b, `${name}: server RSS at the end`, [end.rssMiB], "MiB"),
    figure(b, `${name}: server RSS peak`, [peak], "MiB"),
    figure(b, `${name}: RSS growth`, [growth], "%", { text: "under 10%", test: (v) => v < 10 }),
    figure(b, `${name}: p50`, [percentile(result.latencies, 50)], "ms"),
    figure(b, `${name}: p99`, [percentile(result.latencies, 99)], "ms"),
  ];
  for (const f of figures)
    opts.log(
      `${f.bench}: ${f.name} ${f.value}${f.unit ? ` ${f.unit}` : ""}${f.goal ? ` (goal ${f.goal.text}: ${f.goal.met ? "met" : "NOT met"})` : ""}`,
    );
  return {
    seconds: opts.seconds,
    rate: SOAK_RATE,
    requests: result.ok + result.errors,
    errors: result.errors,
    errorSamples: result.samples,
    rssStartMiB: start.rssMiB,
    rssEndMiB: end.rssMiB,
    rssPeakMiB: peak,
    rssGrowthPercent: growth,
    p50: percentile(result.latencies, 50),
    p99: percentile(result.latencies, 99),
    samples,
    figures,
  };
}
