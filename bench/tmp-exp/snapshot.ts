// Experiment (not committed): does a long-open snapshot (as the backup's dump holds) slow the till?
import { mkdtemp, readFile, chmod } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { closedLoop } from "../lib/http-load.ts";
import { registerOwner, startServerProcess } from "../lib/server.ts";

const dataDir = await mkdtemp(path.join(os.tmpdir(), "snap-exp-"));
await chmod(dataDir, 0o755);
const server = await startServerProcess({ databaseUrl: null, dataDir, env: { BACKUP_CHECK_INTERVAL_MINUTES: "600", LOG_LEVEL: "warn" } });
try {
  const port = (await readFile(path.join(dataDir, "pg", "postmaster.pid"), "utf8")).split("\n")[3]!.trim();
  const password = (await readFile(path.join(dataDir, "pg-password"), "utf8")).trim();
  const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/app`;
  const owner = await registerOwner(server.base, "Snap");
  const headers = { authorization: `Bearer ${owner.token}` };
  const p = await (await fetch(`${server.base}/api/products`, { method: "POST", headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify({ businessId: owner.businessId, name: "Sugar", sellingprice: 10000, quantity: 10000000 }) })).json() as { _id: string };
  const sale = { method: "POST" as const, path: "/api/sales", headers, body: JSON.stringify({ businessId: owner.businessId, products: [{ productId: p._id, quantity: 1 }], payments: [{ method: "Cash", amount: 10000 }] }) };
  const bucket = async (label: string) => {
    const r = await closedLoop({ base: server.base, clients: 1, seconds: 10, next: () => sale });
    r.latencies.sort((a, b) => a - b);
    console.log(`${label}: ${(r.ok / 10).toFixed(1)} sales/s p50 ${r.latencies[Math.floor(r.latencies.length / 2)]?.toFixed(1)} ms errors ${r.errors}`);
  };
  for (let i = 0; i < 2; i++) await bucket(`quiet ${i}`);
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
  await c.query("SELECT count(*) FROM sales");
  for (let i = 0; i < 6; i++) await bucket(`snapshot open ${i * 10}-${i * 10 + 10} s`);
  await c.query("COMMIT");
  await c.end();
  for (let i = 0; i < 3; i++) await bucket(`after ${i}`);
} finally {
  await server.stop();
}
