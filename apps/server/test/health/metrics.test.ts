import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, createTestApp, registerBusiness, type Owner, type TestApp } from "../factories/app.ts";
import { FAKE_MPESA, startFakeDaraja, type FakeDaraja } from "../fakes/fake-daraja.ts";
import { c2bTokenOf, tillMpesaConfig } from "../factories/till-mpesa.ts";

/**
 * Prometheus's /metrics: off unless METRICS_TOKEN is set, then only with that bearer token; it
 * counts requests by route template, the pool, outside calls and M-Pesa outcomes, and holds no
 * personal data, id or secret.
 */
const METRICS_TOKEN = "metrics-token-0123456789abcdefghijklmnop";
const TILL_TOKEN = "till-token-0123456789abcdefghijklmnopqrstuv";
let t: TestApp;
let off: TestApp;
let daraja: FakeDaraja;
let owner: Owner;

const scrape = async (app = t.app, token: string | null = METRICS_TOKEN) =>
  app.inject({ method: "GET", url: "/metrics", headers: token ? { authorization: `Bearer ${token}` } : {} });

/** The value of one sample line (`name{labels} value`), or 0 when there is none. */
function sample(text: string, name: string, labels: Record<string, string>): number {
  const line = text
    .split("\n")
    .find((l) => l.startsWith(`${name}{`) && Object.entries(labels).every(([k, v]) => l.includes(`${k}="${v}"`)));
  return line ? Number(line.split(" ").at(-1)) : 0;
}

beforeAll(async () => {
  daraja = await startFakeDaraja();
  t = await createTestApp({ metricsToken: METRICS_TOKEN, tillMpesa: tillMpesaConfig(daraja, TILL_TOKEN) });
  off = await createTestApp();
  owner = await registerBusiness(t.app, { businessName: "Wanjiru Njoroge Duka" });
});
afterAll(async () => {
  await t.close();
  await off.close();
  await daraja.close();
});

describe("GET /metrics", () => {
  it("is off by default: 404, as an address that does not exist", async () => {
    const res = await scrape(off.app);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain("duka_");
  });

  it("answers only the bearer of METRICS_TOKEN: 401 without it or with another", async () => {
    expect((await scrape(t.app, null)).statusCode).toBe(401);
    expect((await scrape(t.app, "metrics-token-0123456789abcdefghijklmnoX")).statusCode).toBe(401);
    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/plain");
    expect(res.body).toContain("duka_process_cpu_seconds_total");
  });

  it("counts requests by method, route template and status, never by the address's ids", async () => {
    const api = client(t.app, owner.token);
    const before = sample((await scrape()).body, "duka_http_request_duration_seconds_count", {
      method: "GET",
      route: "/api/businesses/:id",
      status: "200",
    });
    for (let i = 0; i < 3; i++) expect((await api.get(`/api/businesses/${owner.businessId}`)).statusCode).toBe(200);
    const text = (await scrape()).body;
    const after = sample(text, "duka_http_request_duration_seconds_count", {
      method: "GET",
      route: "/api/businesses/:id",
      status: "200",
    });
    expect(after - before).toBe(3);
    expect(text).not.toContain(owner.businessId);
  });

  it("shows the database pool: open connections, idle ones and waiting requests", async () => {
    const text = (await scrape()).body;
    expect(sample(text, "duka_db_pool_connections", { state: "total" })).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(/duka_db_pool_connections\{state="waiting"\} \d+/);
  });

  it("counts outside calls and M-Pesa outcomes by provider and result, with no token, name or phone", async () => {
    const api = client(t.app, owner.token);
    const text0 = (await scrape()).body;
    const calls0 = sample(text0, "duka_provider_call_duration_seconds_count", { provider: "M-Pesa", outcome: "ok" });
    const c2b0 = sample(text0, "duka_mpesa_payments_settled_total", { kind: "c2b", result: "confirmed" });
    const refused0 = sample(text0, "duka_mpesa_payments_settled_total", { kind: "c2b", result: "refused" });

    const settings = await api.put("/api/mpesa/settings", {
      businessId: owner.businessId,
      kind: "paybill",
      shortcode: FAKE_MPESA.shortcode,
      passkey: FAKE_MPESA.passkey,
      consumerKey: FAKE_MPESA.consumerKey,
      consumerSecret: FAKE_MPESA.consumerSecret,
    });
    expect(settings.statusCode, settings.body).toBe(200);
    expect((await api.post("/api/mpesa/c2b/register", { businessId: owner.businessId })).statusCode).toBe(200);
    const token = (await c2bTokenOf(t.database, owner.businessId))!;
    const at = `/api/lipa/c2b/${token}/${owner.businessId}/confirmation`;
    const paid = await client(t.app).post(at, daraja.c2bBody({ amount: 250, firstName: "Achieng" }));
    expect(paid.statusCode, paid.body).toBe(200);
    await client(t.app).post(at, { ...daraja.c2bBody({ amount: 250 }), TransID: "not a code" });

    const text = (await scrape()).body;
    expect(
      sample(text, "duka_provider_call_duration_seconds_count", { provider: "M-Pesa", outcome: "ok" }),
    ).toBeGreaterThan(calls0);
    expect(sample(text, "duka_mpesa_payments_settled_total", { kind: "c2b", result: "confirmed" }) - c2b0).toBe(1);
    expect(sample(text, "duka_mpesa_payments_settled_total", { kind: "c2b", result: "refused" }) - refused0).toBe(1);
    for (const secret of [token, TILL_TOKEN, "Achieng", "2547 ***** 126", "Wanjiru", FAKE_MPESA.consumerSecret])
      expect(text).not.toContain(secret);
  });

  it("shows the job queue by job name and state when the server runs jobs", async () => {
    const withJobs = await createTestApp({ metricsToken: METRICS_TOKEN }, { jobs: true });
    try {
      const shop = await registerBusiness(withJobs.app);
      const product = await client(withJobs.app, shop.token).post("/api/products", {
        businessId: shop.businessId,
        name: "Soda",
        sellingprice: 8_000,
        quantity: 10,
      });
      expect(product.statusCode, product.body).toBe(201);
      const sale = await client(withJobs.app, shop.token).post("/api/sales", {
        businessId: shop.businessId,
        products: [{ productId: product.json()._id, quantity: 1 }],
        payments: [{ method: "Cash", amount: 8_000 }],
      });
      expect(sale.statusCode, sale.body).toBe(201);
      await withJobs.app.jobs!.drain();
      const text = (await scrape(withJobs.app)).body;
      expect(text).toContain("# TYPE duka_jobs gauge");
      // The sale's report rebuild ran: nothing of it is left queued or failed.
      expect(text).not.toMatch(/duka_jobs\{name="[^"]*",state="failed"\} [1-9]/);
    } finally {
      await withJobs.close();
    }
  });

  it("gives every answer an X-Request-Id, keeping a proxy's plain id and refusing anything else", async () => {
    const own = await client(t.app).get("/api/health");
    expect(own.headers["x-request-id"]).toMatch(/^[0-9a-f]{8}-[0-9a-z]+$/);
    const kept = await client(t.app).get("/api/health", { "x-request-id": "lb-7f3c2a9b.42" });
    expect(kept.headers["x-request-id"]).toBe("lb-7f3c2a9b.42");
    const forged = await client(t.app).get("/api/health", { "x-request-id": 'x" level=fatal\nmsg=forged' });
    expect(forged.headers["x-request-id"]).not.toContain("forged");
  });
});
