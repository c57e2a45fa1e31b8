// Benchmark 2: product listing and search in a business with 50,000 products, over HTTP
// (autocannon) against the server process: one user alone (latency), then 8 at once.
import autocannon from "autocannon";
import type pg from "pg";
import { registerOwner, type ServerProcess } from "./lib/server.ts";
import { seedProducts } from "./lib/seed.ts";
import { figure, type Figure } from "./lib/stats.ts";

const CONNECTIONS = 8;

export async function benchInventory(opts: {
  server: ServerProcess;
  pool: pg.Pool;
  products: number;
  runs: number;
  seconds: number;
  log: (line: string) => void;
}): Promise<Figure[]> {
  const owner = await registerOwner(opts.server.base, "Bench Inventory Wholesale");
  const seedMs = await seedProducts(opts.pool, owner.businessId, opts.products);
  const n = opts.products.toLocaleString("en");
  const b = `inventory (${n} products)`;
  // Seeding includes VACUUM ANALYZE of products and the ledger, in the database the checkout
  // benchmark has just filled with tens of thousands of sales.
  const figures: Figure[] = [
    figure(b, `seeding ${n} products, their ledger rows and VACUUM ANALYZE`, [seedMs / 1000], "s"),
  ];
  const id = owner.businessId;
  const cases = [
    { name: "list, first page of 50", path: `/api/products?businessId=${id}` },
    { name: "list, page 500 (offset 25,000)", path: `/api/products?businessId=${id}&page=500` },
    { name: "search by name fragment 'maize'", path: `/api/products?businessId=${id}&search=maize` },
    { name: "search by SKU 'SKU-49999'", path: `/api/products?businessId=${id}&search=SKU-49999` },
    { name: "search by barcode", path: `/api/products?businessId=${id}&search=6161000012345` },
    { name: "filter stockStatus=low", path: `/api/products?businessId=${id}&stockStatus=low` },
    { name: "low-stock notifications", path: `/api/notifications?businessId=${id}` },
  ];
  const headers = { authorization: `Bearer ${owner.token}` };
  for (const c of cases) {
    await autocannon({ url: `${opts.server.base}${c.path}`, headers, connections: 1, duration: 1 }); // warm-up
    const alone: autocannon.Result[] = [];
    const loaded: autocannon.Result[] = [];
    for (let i = 0; i < opts.runs; i++) {
      alone.push(
        await autocannon({ url: `${opts.server.base}${c.path}`, headers, connections: 1, duration: opts.seconds }),
      );
      loaded.push(
        await autocannon({
          url: `${opts.server.base}${c.path}`,
          headers,
          connections: CONNECTIONS,
          duration: opts.seconds,
        }),
      );
    }
    const errors = [...alone, ...loaded].reduce((sum, r) => sum + r.non2xx + r.errors + r.timeouts, 0);
    if (errors) throw new Error(`${c.name}: ${errors} requests failed`);
    const set = [
      figure(
        b,
        `${c.name}: p50, 1 user`,
        alone.map((r) => r.latency.p50),
        "ms",
      ),
      figure(
        b,
        `${c.name}: p99, 1 user`,
        alone.map((r) => r.latency.p99),
        "ms",
      ),
      figure(
        b,
        `${c.name}: req/s, ${CONNECTIONS} users`,
        loaded.map((r) => r.requests.average),
        "req/s",
      ),
      figure(
        b,
        `${c.name}: p99, ${CONNECTIONS} users`,
        loaded.map((r) => r.latency.p99),
        "ms",
      ),
    ];
    for (const f of set) opts.log(`${f.bench}: ${f.name} ${f.value} ${f.unit}`);
    figures.push(...set);
  }
  // The daily stock report reads every product of the business: one request, timed whole.
  const day = new Date();
  const startDate = new Date(day.getFullYear(), day.getMonth(), day.getDate()).toISOString();
  const endDate = new Date(day.getFullYear(), day.getMonth(), day.getDate(), 23, 59, 59, 999).toISOString();
  const times: number[] = [];
  for (let i = 0; i < Math.max(3, opts.runs); i++) {
    const t0 = performance.now();
    const res = await fetch(
      `${opts.server.base}/api/products/dailystock/log?businessId=${id}&startDate=${startDate}&endDate=${endDate}`,
      { headers },
    );
    const rows = (await res.json()) as unknown[];
    if (res.status !== 200 || rows.length !== opts.products)
      throw new Error(`daily stock log answered ${res.status} with ${rows.length} rows`);
    times.push(performance.now() - t0);
  }
  const daily = figure(b, `daily stock log of all ${n} products`, times, "ms");
  opts.log(`${daily.bench}: ${daily.name} ${daily.value} ${daily.unit}`);
  figures.push(daily);
  return figures;
}
