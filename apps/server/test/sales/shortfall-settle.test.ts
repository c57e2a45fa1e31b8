import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addBusiness, createTestApp, registerBusiness, type Owner, type TestApp } from "../factories/app.ts";
import {
  api,
  expectLedgerBalanced,
  ledgerOf,
  newProduct,
  quantityOf,
  shopStaff,
  statusCounts,
} from "../factories/sales.ts";

// Issue 33, item 9: an offline sale's stock shortfall is listed for the owner by product and
// quantity (GET /api/stock-shortfalls, the bell and the dashboard card read it) and each product
// is settled through the stock ledger: received after all, or a loss with its reason.

let t: TestApp;
let owner: Owner;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerBusiness(t.app);
});
afterAll(() => t.close());

const o = () => api(t.app, owner.token);
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
const PRICE = 100;

type Open = { saleId: string; saleNumber: number; channel: string; productId: string; name: string; missing: number };
const openOf = async (who = owner) =>
  (await api(t.app, who.token).get(`/api/stock-shortfalls?businessId=${who.businessId}`)).json() as Open[];

/** Two products with 3 and 1 in stock, then an offline sale of 10 and 4 synced. */
async function shortSale(base: "/api/sales" | "/api/orders" = "/api/sales") {
  const a = await newProduct(t.app, owner, owner.businessId, {
    sellingprice: PRICE,
    wholesalePrice: PRICE,
    quantity: 3,
  });
  const b = await newProduct(t.app, owner, owner.businessId, {
    sellingprice: PRICE,
    wholesalePrice: PRICE,
    quantity: 1,
  });
  const res = await o().post(base, {
    businessId: owner.businessId,
    products: [
      { productId: a._id, quantity: 10 },
      { productId: b._id, quantity: 4 },
    ],
    payments: [{ method: "Cash", amount: PRICE * 14 }],
    offlineAt: minutesAgo(10),
  });
  expect(res.statusCode, res.body).toBe(201);
  return { a, b, sale: res.json() as { _id: string; saleNumber: number } };
}

describe("GET /api/stock-shortfalls", () => {
  it("names each product and the units missing, for sales and orders, and not what is settled", async () => {
    const { a, b, sale } = await shortSale();
    const order = await shortSale("/api/orders");
    const open = await openOf();
    expect(open).toEqual(
      expect.arrayContaining([
        {
          saleId: sale._id,
          saleNumber: sale.saleNumber,
          channel: "retail",
          productId: a._id,
          name: a.name,
          missing: 7,
          offlineAt: expect.any(String),
        },
        {
          saleId: sale._id,
          saleNumber: sale.saleNumber,
          channel: "retail",
          productId: b._id,
          name: b.name,
          missing: 3,
          offlineAt: expect.any(String),
        },
        expect.objectContaining({ saleId: order.sale._id, channel: "wholesale", productId: order.a._id, missing: 7 }),
      ]),
    );
    // A voided sale lacks nothing: it leaves the list.
    expect((await o().del(`/api/sales/${sale._id}`)).statusCode).toBe(200);
    expect((await openOf()).map((s) => s.saleId)).not.toContain(sale._id);
  });

  it("is for the owner and Managers: a Cashier gets 403, another business sees none of it", async () => {
    const { sale } = await shortSale();
    const { cashier, manager } = await shopStaff(t.app, owner);
    expect(
      (await api(t.app, cashier.token).get(`/api/stock-shortfalls?businessId=${owner.businessId}`)).statusCode,
    ).toBe(403);
    const seen = (
      await api(t.app, manager.token).get(`/api/stock-shortfalls?businessId=${owner.businessId}`)
    ).json() as Open[];
    // A Manager has no Wholesale area: retail shortfalls only.
    expect(seen.map((s) => s.saleId)).toContain(sale._id);
    expect(seen.every((s) => s.channel === "retail")).toBe(true);
    const other = await addBusiness(t.app, owner);
    expect(await openOf({ ...owner, businessId: other.businessId })).toEqual([]);
    const stranger = await registerBusiness(t.app);
    const res = await api(t.app, stranger.token).get(`/api/stock-shortfalls?businessId=${owner.businessId}`);
    expect([403, 404]).toContain(res.statusCode);
  });
});

describe("POST /api/sales/{id}/shortfall", () => {
  it("receive: the missing units are received and taken by the sale; the shelf keeps its count and a void gives all back", async () => {
    const { a, b, sale } = await shortSale();
    expect(await quantityOf(t.app, owner, a._id)).toBe(0);
    const res = await o().post(`/api/sales/${sale._id}/shortfall`, { productId: a._id, settlement: "receive" });
    expect(res.statusCode, res.body).toBe(200);
    // Only the other product is left to review.
    expect(res.json().stockShortfall).toEqual([{ productId: b._id, name: b.name, missing: 3 }]);
    expect(await quantityOf(t.app, owner, a._id)).toBe(0);
    const rows = (await ledgerOf(t.database, a._id)).filter((m) => m.refId === sale._id);
    expect(rows).toEqual([
      { reason: "sale", delta: -3, refType: "sale", refId: sale._id },
      { reason: "received", delta: 7, refType: "sale-shortfall", refId: sale._id },
      { reason: "sale", delta: -7, refType: "sale", refId: sale._id },
    ]);
    expect((await openOf()).filter((s) => s.saleId === sale._id).map((s) => s.productId)).toEqual([b._id]);
    // The sale now holds all 10 units of a: a void returns 10 (and the 1 of b it really took).
    expect((await o().del(`/api/sales/${sale._id}`)).statusCode).toBe(200);
    expect(await quantityOf(t.app, owner, a._id)).toBe(10);
    expect(await quantityOf(t.app, owner, b._id)).toBe(1);
    await expectLedgerBalanced(t.database, owner.businessId);
  });

  it("loss: needs a reason (400, nothing saved), then writes a loss row with it and leaves the quantity", async () => {
    const { a, b, sale } = await shortSale();
    const bare = await o().post(`/api/sales/${sale._id}/shortfall`, { productId: b._id, settlement: "loss" });
    expect(bare.statusCode, bare.body).toBe(400);
    expect((await o().get(`/api/sales/${sale._id}`)).json().stockShortfall).toHaveLength(2);
    const res = await o().post(`/api/sales/${sale._id}/shortfall`, {
      productId: b._id,
      settlement: "loss",
      reason: "Broken in the store",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().stockShortfall).toEqual([{ productId: a._id, name: a.name, missing: 7 }]);
    expect(await quantityOf(t.app, owner, b._id)).toBe(0);
    const loss = (await ledgerOf(t.database, b._id)).filter((m) => m.reason === "loss");
    expect(loss).toEqual([{ reason: "loss", delta: 0, refType: "sale", refId: sale._id }]);
    const { rows } = await t.database.pool.query(
      `SELECT note FROM stock_movements WHERE product_id = $1 AND reason = 'loss'`,
      [b._id],
    );
    expect(rows[0].note).toContain("3 × " + b.name);
    expect(rows[0].note).toContain("Broken in the store");
    // Settling the last product takes the sale out of the review; the history says who did what.
    const last = await o().post(`/api/sales/${sale._id}/shortfall`, {
      productId: a._id,
      settlement: "loss",
      reason: "Stolen",
    });
    expect(last.json().stockShortfall).toBeNull();
    const review = (await o().get(`/api/sales?businessId=${owner.businessId}&stockReview=true&limit=500`)).json() as {
      _id: string;
    }[];
    expect(review.map((s) => s._id)).not.toContain(sale._id);
    const history = (await o().get(`/api/sales/${sale._id}/history`)).json() as { action: string; note: string }[];
    expect(history.filter((h) => h.action === "shortfall_settled").map((h) => h.note)).toEqual([
      `Loss of 3 × ${b.name} accepted: Broken in the store`,
      `Loss of 7 × ${a.name} accepted: Stolen`,
    ]);
    await expectLedgerBalanced(t.database, owner.businessId);
  });

  it("settles once: a second settle is 409; one Idempotency-Key sent 6 times at once settles once", async () => {
    const { a, sale } = await shortSale();
    const key = { "idempotency-key": `settle-${crypto.randomUUID()}` };
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        o().post(`/api/sales/${sale._id}/shortfall`, { productId: a._id, settlement: "receive" }, key),
      ),
    );
    expect(statusCounts(results)).toEqual({ 200: 6 });
    expect((await ledgerOf(t.database, a._id)).filter((m) => m.reason === "received")).toHaveLength(1);
    const again = await o().post(`/api/sales/${sale._id}/shortfall`, {
      productId: a._id,
      settlement: "loss",
      reason: "x",
    });
    expect(again.statusCode, again.body).toBe(409);
    expect((await ledgerOf(t.database, a._id)).filter((m) => m.reason === "loss")).toHaveLength(0);
    await expectLedgerBalanced(t.database, owner.businessId);
  });

  it("is for the owner and Managers, on their own sales: Cashier 403, another business 404, a voided sale 409", async () => {
    const { a, sale } = await shortSale();
    const { cashier, manager } = await shopStaff(t.app, owner);
    const body = { productId: a._id, settlement: "receive" };
    expect((await api(t.app, cashier.token).post(`/api/sales/${sale._id}/shortfall`, body)).statusCode).toBe(403);
    const stranger = await registerBusiness(t.app);
    expect((await api(t.app, stranger.token).post(`/api/sales/${sale._id}/shortfall`, body)).statusCode).toBe(404);
    expect(await quantityOf(t.app, owner, a._id)).toBe(0);
    const byManager = await api(t.app, manager.token).post(`/api/sales/${sale._id}/shortfall`, body);
    expect(byManager.statusCode, byManager.body).toBe(200);
    const other = await shortSale();
    expect((await o().del(`/api/sales/${other.sale._id}`)).statusCode).toBe(200);
    const voided = await o().post(`/api/sales/${other.sale._id}/shortfall`, {
      productId: other.a._id,
      settlement: "receive",
    });
    expect(voided.statusCode).toBe(409);
  });

  it("works for wholesale orders at /api/orders", async () => {
    const { a, sale } = await shortSale("/api/orders");
    const res = await o().post(`/api/orders/${sale._id}/shortfall`, { productId: a._id, settlement: "receive" });
    expect(res.statusCode, res.body).toBe(200);
    expect((await ledgerOf(t.database, a._id)).filter((m) => m.refId === sale._id).map((m) => m.refType)).toEqual([
      "order",
      "sale-shortfall",
      "order",
    ]);
    // The sale route does not reach an order.
    expect(
      (await o().post(`/api/sales/${sale._id}/shortfall`, { productId: a._id, settlement: "receive" })).statusCode,
    ).toBe(404);
  });
});
