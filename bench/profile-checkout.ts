// Profiling aid (not a benchmark): sequential sales through app.inject in this process, so
// `node --cpu-prof --import tsx bench/profile-checkout.ts` shows where a sale's Node time goes.
import { chmod, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { buildApp } from "../apps/server/src/app.ts";
import { openDatabase } from "../apps/server/src/db/client.ts";
import { startEmbeddedPostgres } from "../apps/server/src/db/embedded.ts";
import { runMigrations } from "../apps/server/src/db/migrate.ts";
import { createTokenService } from "../apps/server/src/platform/tokens.ts";

const SALES = Number(process.env.SALES ?? 2000);
const dataDir = await mkdtemp(path.join(os.tmpdir(), "duka-prof-"));
await chmod(dataDir, 0o755);
const embedded = await startEmbeddedPostgres(dataDir, () => undefined);
const database = openDatabase(embedded.url, 10);
await runMigrations(database.pool);
const app = await buildApp({
  config: {
    logLevel: process.env.LOG_LEVEL ?? "info",
    loginRateLimitPerMinute: 100_000,
    sessionIdleMs: 3_600_000,
    webDistDir: path.join(dataDir, "no-web"),
    trustProxy: false,
  },
  db: database.db,
  tokens: createTokenService("bench-secret-bench-secret-bench-secret-0123456789"),
} as Parameters<typeof buildApp>[0]);
const json = { "content-type": "application/json" };
const reg = await app.inject({
  method: "POST",
  url: "/api/businesses/register",
  headers: json,
  payload: {
    businessName: "Prof",
    businessType: "general",
    username: "prof_owner",
    email: "prof@example.com",
    phone: "0712345678",
    password: "profpass1",
  },
});
const { token, business } = reg.json() as { token: string; business: { _id: string } };
const auth = { ...json, authorization: `Bearer ${token}` };
const ids: string[] = [];
for (const name of ["A", "B", "C"])
  ids.push(
    (
      await app.inject({
        method: "POST",
        url: "/api/products",
        headers: auth,
        payload: { businessId: business._id, name, sellingprice: 100, quantity: 900_000_000 },
      })
    ).json()._id,
  );
const payload = JSON.stringify({
  businessId: business._id,
  products: ids.map((productId) => ({ productId, quantity: 1 })),
  payments: [{ method: "Cash", amount: 300 }],
});
const t0 = performance.now();
for (let i = 0; i < SALES; i++) {
  const res = await app.inject({
    method: "POST",
    url: "/api/sales",
    headers: { ...auth, "idempotency-key": `prof-${i}-${t0}` },
    payload,
  });
  if (res.statusCode !== 201) throw new Error(res.body);
}
console.error(`${SALES} sales in ${Math.round(performance.now() - t0)} ms`);
await app.close();
await database.close();
await embedded.stop();
await rm(dataDir, { recursive: true, force: true });
