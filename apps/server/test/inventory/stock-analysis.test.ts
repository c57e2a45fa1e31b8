import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_CENTS, MAX_STOCK_QUANTITY, MAX_SUM_CENTS } from "@app/shared/money/limits";
import { applyStockChange } from "../../src/modules/inventory/stock-ledger.ts";
import {
  client,
  createTestApp,
  registerBusiness,
  registerEmployee,
  type Owner,
  type TestApp,
} from "../factories/app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const seller = {
  kind: "admin" as const,
  userId: null as unknown as string,
  details: { username: "till" },
} as Parameters<typeof applyStockChange>[2];

async function product(owner: Owner, body: Record<string, unknown>): Promise<string> {
  const res = await client(t.app, owner.token).post("/api/products", { businessId: owner.businessId, ...body });
  expect(res.statusCode).toBe(201);
  return res.json()._id;
}

/** A ledger movement (sales come with the POS issue; the ledger is the same). */
async function move(owner: Owner, productId: string, reason: "sale" | "void" | "restore", delta: number, at?: string) {
  const done = await applyStockChange(
    t.database.db,
    { businessId: owner.businessId, productId, reason, delta },
    seller,
  );
  expect(done).not.toBeNull();
  if (at)
    await t.database.db.execute(
      sql`UPDATE stock_movements SET created_at = ${at}::timestamptz WHERE business_id = ${owner.businessId} AND product_id = ${productId} AND created_at > ${new Date(Date.now() - 60_000).toISOString()}::timestamptz AND reason = ${reason}`,
    );
}

const period = { startDate: "2020-01-01T00:00:00.000Z", endDate: "2100-01-01T00:00:00.000Z" };
const query = (owner: Owner, extra: Record<string, string> = {}) =>
  new URLSearchParams({ businessId: owner.businessId, ...period, ...extra }).toString();

describe("GET /api/stock/summary", () => {
  it("values live stock at cost and at selling price and counts low and out-of-stock products", async () => {
    const owner = await registerBusiness(t.app);
    await product(owner, { name: "Sugar", buyingPrice: 10000, sellingprice: 12050, quantity: 10, reorderLevel: 2 });
    await product(owner, { name: "Salt", buyingPrice: 2000, sellingprice: 3000, quantity: 3, reorderLevel: 5 });
    await product(owner, { name: "Tea", buyingPrice: 500, sellingprice: 900 });
    const archivedId = await product(owner, { name: "Old", buyingPrice: 100, sellingprice: 200, quantity: 4 });
    await move(owner, archivedId, "sale", -1);
    expect((await client(t.app, owner.token).del(`/api/products/${archivedId}`)).json()).toEqual({ archived: true });

    const res = await client(t.app, owner.token).get(`/api/stock/summary?businessId=${owner.businessId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      productCount: 3,
      unitCount: 13,
      costValue: 10 * 10000 + 3 * 2000,
      sellingValue: 10 * 12050 + 3 * 3000,
      lowCount: 1,
      outCount: 1,
    });
  });

  it("an empty business has zero everywhere", async () => {
    const owner = await registerBusiness(t.app);
    expect((await client(t.app, owner.token).get(`/api/stock/summary?businessId=${owner.businessId}`)).json()).toEqual({
      productCount: 0,
      unitCount: 0,
      costValue: 0,
      sellingValue: 0,
      lowCount: 0,
      outCount: 0,
    });
  });
});

describe("the largest allowed figures (issue 18, item 7)", () => {
  it("a full shelf at the largest price answers 200 (it was a 500: bigint overflow), capped at the largest safe sum", async () => {
    const owner = await registerBusiness(t.app);
    const full = { buyingPrice: MAX_CENTS, sellingprice: MAX_CENTS, wholesalePrice: MAX_CENTS };
    const big = await product(owner, { name: "Gold", ...full, quantity: MAX_STOCK_QUANTITY });
    await product(owner, { name: "Gold 2", ...full, quantity: MAX_STOCK_QUANTITY });
    await move(owner, big, "sale", -(MAX_STOCK_QUANTITY - 1));
    await move(owner, big, "void", MAX_STOCK_QUANTITY - 1);

    const api = client(t.app, owner.token);
    const summary = await api.get(`/api/stock/summary?businessId=${owner.businessId}`);
    expect(summary.statusCode, summary.body).toBe(200);
    expect(summary.json()).toEqual({
      productCount: 2,
      unitCount: 2 * MAX_STOCK_QUANTITY,
      costValue: MAX_SUM_CENTS,
      sellingValue: MAX_SUM_CENTS,
      lowCount: 0,
      outCount: 0,
    });
    const analysis = await api.get(`/api/stock/analysis?${query(owner)}`);
    expect(analysis.statusCode, analysis.body).toBe(200);
    const body = analysis.json();
    expect(body.summary.costValue).toBe(MAX_SUM_CENTS);
    for (const m of [...body.fastMovers, ...body.slowMovers]) {
      expect(Number.isSafeInteger(m.soldValue) && Number.isSafeInteger(m.stockValue)).toBe(true);
      expect(m.stockValue).toBe(MAX_SUM_CENTS);
    }
    expect(body.fastMovers).toEqual([]); // sold, then voided: net nothing
  });

  it("sums below the cap stay exact to the cent", async () => {
    const owner = await registerBusiness(t.app);
    // 90,000 units at KES 999,999.99: 89,999,999,100,000 cents, just under 2^53.
    await product(owner, { name: "A", buyingPrice: 99_999_999, sellingprice: 99_999_999, quantity: 90_000 });
    await product(owner, { name: "B", buyingPrice: 1, sellingprice: 3, quantity: 7 });
    const res = await client(t.app, owner.token).get(`/api/stock/summary?businessId=${owner.businessId}`);
    expect(res.json()).toMatchObject({ costValue: 90_000 * 99_999_999 + 7, sellingValue: 90_000 * 99_999_999 + 21 });
  });
});

describe("GET /api/stock/analysis", () => {
  it("ranks fast movers by units sold in the period, net of voids, and ignores older sales", async () => {
    const owner = await registerBusiness(t.app);
    const bread = await product(owner, { name: "Bread", buyingPrice: 4000, sellingprice: 6000, quantity: 100 });
    const milk = await product(owner, { name: "Milk", buyingPrice: 5000, sellingprice: 7000, quantity: 100 });
    const soap = await product(owner, { name: "Soap", buyingPrice: 8000, sellingprice: 10000, quantity: 100 });
    await move(owner, bread, "sale", -5);
    await move(owner, bread, "void", 2); // 3 net
    await move(owner, milk, "sale", -7);
    await move(owner, soap, "sale", -50, "2021-06-01T10:00:00Z"); // before the period below

    const res = await client(t.app, owner.token).get(
      `/api/stock/analysis?${query(owner, { startDate: "2022-01-01T00:00:00.000Z" })}`,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.fastMovers.map((m: { name: string; sold: number }) => [m.name, m.sold])).toEqual([
      ["Milk", 7],
      ["Bread", 3],
    ]);
    expect(body.fastMovers[0]).toMatchObject({
      productId: milk,
      quantity: 93,
      soldValue: 7 * 7000,
      stockValue: 93 * 5000,
    });
    expect(body.summary).toMatchObject({ productCount: 3, unitCount: 93 + 97 + 50 });

    // Over all time Soap leads.
    const all = await client(t.app, owner.token).get(`/api/stock/analysis?${query(owner)}`);
    expect(all.json().fastMovers[0]).toMatchObject({ name: "Soap", sold: 50 });
  });

  it("slow movers are products in stock that sold least, the most money tied up first", async () => {
    const owner = await registerBusiness(t.app);
    await product(owner, { name: "Cheap idle", buyingPrice: 100, sellingprice: 200, quantity: 5 });
    await product(owner, { name: "Costly idle", buyingPrice: 90000, sellingprice: 99000, quantity: 5 });
    await product(owner, { name: "Empty", buyingPrice: 100, sellingprice: 200 });
    const seller1 = await product(owner, { name: "Seller", buyingPrice: 100, sellingprice: 200, quantity: 20 });
    await move(owner, seller1, "sale", -4);

    const body = (await client(t.app, owner.token).get(`/api/stock/analysis?${query(owner, { limit: "2" })}`)).json();
    expect(body.slowMovers.map((m: { name: string }) => m.name)).toEqual(["Costly idle", "Cheap idle"]);
    expect(body.slowMovers[0]).toMatchObject({ sold: 0, stockValue: 5 * 90000 });
    const everything = (await client(t.app, owner.token).get(`/api/stock/analysis?${query(owner)}`)).json();
    expect(everything.slowMovers.map((m: { name: string }) => m.name)).toEqual(["Costly idle", "Cheap idle", "Seller"]); // never the empty shelf
  });

  it("refuses a reversed period and a limit over 50 with 400, changing nothing", async () => {
    const owner = await registerBusiness(t.app);
    const api = client(t.app, owner.token);
    const reversed = await api.get(
      `/api/stock/analysis?${query(owner, { startDate: "2030-01-02T00:00:00Z", endDate: "2030-01-01T00:00:00Z" })}`,
    );
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().error.fields).toHaveProperty("endDate");
    expect((await api.get(`/api/stock/analysis?${query(owner, { limit: "51" })}`)).statusCode).toBe(400);
    expect((await api.get(`/api/stock/analysis?businessId=${owner.businessId}`)).statusCode).toBe(400);
  });

  it("another business's owner gets 403; a reviewStock employee may look; one without inventory flags may not", async () => {
    const owner = await registerBusiness(t.app);
    const stranger = await registerBusiness(t.app);
    expect((await client(t.app, stranger.token).get(`/api/stock/analysis?${query(owner)}`)).statusCode).toBe(403);
    expect(
      (await client(t.app, stranger.token).get(`/api/stock/summary?businessId=${owner.businessId}`)).statusCode,
    ).toBe(403);
    const reviewer = await registerEmployee(t.app, owner, owner.businessId, {
      occupation: "Stock Handler",
      reviewStock: true,
    });
    expect((await client(t.app, reviewer.token).get(`/api/stock/analysis?${query(owner)}`)).statusCode).toBe(200);
    const cashier = await registerEmployee(t.app, owner, owner.businessId);
    expect(
      (await client(t.app, cashier.token).get(`/api/stock/summary?businessId=${owner.businessId}`)).statusCode,
    ).toBe(403);
    expect((await client(t.app).get(`/api/stock/summary?businessId=${owner.businessId}`)).statusCode).toBe(401);
  });
});
