// npm run bench: seeds a business with 50,000 products and measures the inventory reads
// over HTTP with autocannon (loopback only, bounded in time). Figures go to RESULTS.md.
import { mkdtemp, chmod, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { buildApp } from "../apps/server/src/app.ts";
import { openDatabase } from "../apps/server/src/db/client.ts";
import { startEmbeddedPostgres } from "../apps/server/src/db/embedded.ts";
import { runMigrations } from "../apps/server/src/db/migrate.ts";
import { createTokenService } from "../apps/server/src/platform/tokens.ts";

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 50_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 8;

const dataDir = await mkdtemp(path.join(os.tmpdir(), "duka-bench-"));
await chmod(dataDir, 0o755); // PostgreSQL runs as the postgres user when we are root
const embedded = process.env.BENCH_DATABASE_URL ? null : await startEmbeddedPostgres(dataDir, () => undefined);
const database = openDatabase(process.env.BENCH_DATABASE_URL ?? embedded!.url, 20);
await runMigrations(database.pool);
const app = await buildApp({
  config: { logLevel: "silent", loginRateLimitPerMinute: 1000, sessionIdleMs: 3_600_000, webDistDir: path.join(dataDir, "no-web"), trustProxy: false },
  db: database.db,
  tokens: createTokenService("bench-secret-bench-secret-bench-secret-0123456789"),
});
const base = await app.listen({ port: 0, host: "127.0.0.1" });

const reg = await fetch(`${base}/api/businesses/register`, {
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify({ businessName: "Bench Wholesale", businessType: "general", username: `bench${Date.now()}`, email: `bench${Date.now()}@example.com`, phone: "0712345678", password: "benchpass1" }),
}).then((r) => r.json() as Promise<{ token: string; business: { _id: string } }>);
const businessId = reg.business._id;
const auth = { authorization: `Bearer ${reg.token}` };

// Seed straight in SQL (the import API is measured separately below on a smaller file).
const seedStart = performance.now();
await database.pool.query(
  `INSERT INTO products (business_id, name, sku, barcode, selling_price, buying_price, quantity, reorder_level)
   SELECT $1, 'Item ' || g || ' ' || (ARRAY['Soap','Sugar','Rice','Maize flour','Cooking oil','Soda','Bread','Milk'])[1 + g % 8],
          'SKU-' || g, '6161' || lpad(g::text, 9, '0'), 1000 + g % 5000, 800 + g % 4000, g % 200, CASE WHEN g % 10 = 0 THEN 20 ELSE 0 END
   FROM generate_series(1, $2) g`,
  [businessId, PRODUCTS],
);
await database.pool.query(
  `INSERT INTO stock_movements (business_id, product_id, delta, quantity_after, reason, note, actor_kind, actor_name)
   SELECT business_id, id, quantity, quantity, 'adjustment', 'Opening stock', 'admin', 'bench' FROM products WHERE business_id = $1 AND quantity > 0`,
  [businessId],
);
// Steady state: autovacuum keeps statistics and the visibility map (index-only counts) current.
await database.pool.query("VACUUM ANALYZE");
const seedMs = performance.now() - seedStart;

const day = new Date();
const startDate = new Date(day.getFullYear(), day.getMonth(), day.getDate()).toISOString();
const endDate = new Date(day.getFullYear(), day.getMonth(), day.getDate(), 23, 59, 59, 999).toISOString();
const cases: { name: string; path: string }[] = [
  { name: "GET /api/products?businessId= (first page of 50)", path: `/api/products?businessId=${businessId}` },
  { name: "GET /api/products page 500 (offset 25,000)", path: `/api/products?businessId=${businessId}&page=500` },
  { name: "search by name fragment ('maize')", path: `/api/products?businessId=${businessId}&search=maize` },
  { name: "search by SKU ('SKU-49999')", path: `/api/products?businessId=${businessId}&search=SKU-49999` },
  { name: "search by barcode", path: `/api/products?businessId=${businessId}&search=6161000012345` },
  { name: "filter stockStatus=low", path: `/api/products?businessId=${businessId}&stockStatus=low` },
  { name: "GET /api/notifications (low stock)", path: `/api/notifications?businessId=${businessId}` },
  { name: "daily stock log, all 50,000 products", path: `/api/products/dailystock/log?businessId=${businessId}&startDate=${startDate}&endDate=${endDate}` },
];

// Each case twice: one user alone (the latency a shop sees) and 8 at once (throughput).
type Row = { name: string; p50: number; p99: number; rps: number; loadedP50: number; errors: number };
const rows: Row[] = [];
for (const c of cases) {
  const alone = await autocannon({ url: `${base}${c.path}`, headers: auth, connections: 1, duration: SECONDS });
  const heavy = c.name.startsWith("daily"); // a 50,000-row report: two at a time, not eight
  const loaded = await autocannon({ url: `${base}${c.path}`, headers: auth, connections: heavy ? 2 : CONNECTIONS, duration: SECONDS, timeout: 30 });
  const row = { name: c.name, p50: alone.latency.p50, p99: alone.latency.p99, rps: Math.round(loaded.requests.average), loadedP50: loaded.latency.p50, errors: alone.non2xx + alone.errors + loaded.non2xx + loaded.errors };
  rows.push(row);
  console.log(`${c.name}: alone p50 ${row.p50} ms p99 ${row.p99} ms; ${CONNECTIONS} connections ${row.rps} req/s p50 ${row.loadedP50} ms; errors ${row.errors}`);
}

await app.close();
await database.close();
await embedded?.stop();
await rm(dataDir, { recursive: true, force: true });

const table = rows.map((r) => `| ${r.name} | ${r.p50} | ${r.p99} | ${r.rps} | ${r.loadedP50} | ${r.errors} |`).join("\n");
const report = `# Benchmark results

Written by \`npm run bench\` (bench/run.ts) on ${new Date().toISOString().slice(0, 10)}.
Machine: ${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version},
${process.env.BENCH_DATABASE_URL ? "PostgreSQL server from BENCH_DATABASE_URL" : "embedded PostgreSQL 18 (fsync on)"}; server and load generator share the machine.

## Inventory reads, one business with ${PRODUCTS.toLocaleString("en")} products

Seeding ${PRODUCTS.toLocaleString("en")} products and their opening ledger rows: ${(seedMs / 1000).toFixed(1)} s.
autocannon, ${SECONDS} s per run, signed-in owner: first one connection (one user; latency), then
${CONNECTIONS} connections (throughput of the one Node process; 2 for the daily log). Every request is authenticated
(session row read) and tenancy-checked (business row read) before the query runs.

| case | p50 ms, 1 user | p99 ms, 1 user | req/s, ${CONNECTIONS} conns | p50 ms, ${CONNECTIONS} conns | errors |
|---|---|---|---|---|---|
${table}
`;
await writeFile(new URL("./RESULTS.md", import.meta.url), report);
console.log("bench/RESULTS.md written");
