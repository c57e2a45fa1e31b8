import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OFFLINE_SALE_LIMITS } from "@app/shared/sales/sale";
import { client, createTestApp, registerBusiness, type Owner, type TestApp } from "../factories/app.ts";
import { expectLedgerBalanced, newProduct, quantityOf, rowsOf, sell, sold } from "../factories/sales.ts";

// Issue 17: sales made while the till was offline arrive later from its outbox, each with the
// device's time and the Idempotency-Key made on the device.

let t: TestApp;
let owner: Owner;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerBusiness(t.app);
});
afterAll(() => t.close());

const key = () => randomBytes(16).toString("hex");
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

describe("a sale made offline", () => {
  it("is recorded with its device time and takes the stock through the ledger", async () => {
    const p = await newProduct(t.app, owner, owner.businessId, { sellingprice: 5000, quantity: 10 });
    const at = minutesAgo(90);
    const sale = await sold(t.app, owner, owner.businessId, [{ productId: p._id, quantity: 3 }], 15000, {
      offlineAt: at,
    });
    expect(sale).toMatchObject({ offlineAt: at, stockShortfall: null, amount: 15000 });
    expect(await quantityOf(t.app, owner, p._id)).toBe(7);
    const online = await sold(t.app, owner, owner.businessId, [{ productId: p._id, quantity: 1 }], 5000);
    expect(online).toMatchObject({ offlineAt: null, stockShortfall: null });
  });

  it("is recorded when the stock ran out meanwhile, the stock taken to zero and the shortfall flagged", async () => {
    const p = await newProduct(t.app, owner, owner.businessId, { name: "Unga 2kg", sellingprice: 20000, quantity: 2 });
    const q = await newProduct(t.app, owner, owner.businessId, { sellingprice: 1000, quantity: 5 });
    const sale = await sold(
      t.app,
      owner,
      owner.businessId,
      [
        { productId: p._id, quantity: 5 },
        { productId: q._id, quantity: 1 },
      ],
      101000,
      { offlineAt: minutesAgo(5) },
    );
    expect(sale.stockShortfall).toEqual([{ productId: p._id, name: "Unga 2kg", missing: 3 }]);
    expect(await quantityOf(t.app, owner, p._id)).toBe(0);
    expect(await quantityOf(t.app, owner, q._id)).toBe(4);
    await expectLedgerBalanced(t.database, owner.businessId);

    // The owner's review list has it, and only such sales.
    const flagged = await client(t.app, owner.token).get(`/api/sales?businessId=${owner.businessId}&stockReview=true`);
    expect(flagged.statusCode, flagged.body).toBe(200);
    const ids = flagged.json().map((s: { _id: string }) => s._id);
    expect(ids).toContain(sale._id);
    for (const s of flagged.json()) expect(s.stockShortfall).not.toBeNull();

    // The same sale made online is still refused for stock, as before.
    const online = await sell(t.app, owner, owner.businessId, [{ productId: p._id, quantity: 1 }], 20000);
    expect(online.statusCode).toBe(409);
  });

  it("refuses a device time in the future beyond the allowed skew, or older than the limit, recording nothing", async () => {
    const p = await newProduct(t.app, owner, owner.businessId, { sellingprice: 1000, quantity: 10 });
    const before = await rowsOf(t.database, "sales", owner.businessId);
    const ahead = new Date(Date.now() + OFFLINE_SALE_LIMITS.maxAheadMs + 60_000).toISOString();
    const old = new Date(Date.now() - (OFFLINE_SALE_LIMITS.maxAgeDays + 1) * 86_400_000).toISOString();
    for (const offlineAt of [ahead, old, "yesterday"]) {
      const res = await sell(t.app, owner, owner.businessId, [{ productId: p._id, quantity: 1 }], 1000, { offlineAt });
      expect(res.statusCode, res.body).toBe(400);
    }
    // Within the skew is fine (the device clock runs a little fast).
    const slightlyAhead = new Date(Date.now() + 60_000).toISOString();
    await sold(t.app, owner, owner.businessId, [{ productId: p._id, quantity: 1 }], 1000, { offlineAt: slightlyAhead });
    expect(await rowsOf(t.database, "sales", owner.businessId)).toBe(before + 1);
  });

  it("sent again after its first answer was lost online is the same sale (offlineAt is not part of the fingerprint)", async () => {
    const p = await newProduct(t.app, owner, owner.businessId, { sellingprice: 1000, quantity: 10 });
    const k = key();
    const lines = [{ productId: p._id, quantity: 1 }];
    const first = await sold(t.app, owner, owner.businessId, lines, 1000, {}, { "idempotency-key": k });
    const later = await sold(
      t.app,
      owner,
      owner.businessId,
      lines,
      1000,
      { offlineAt: minutesAgo(1) },
      { "idempotency-key": k },
    );
    expect(later._id).toBe(first._id);
    expect(await quantityOf(t.app, owner, p._id)).toBe(9);
  });
});

describe("two tabs replaying the same outbox at once", () => {
  it("100 offline sales sent twice concurrently: 0 lost, 0 duplicated, the stock taken once", async () => {
    const shop = await registerBusiness(t.app);
    const p = await newProduct(t.app, shop, shop.businessId, { sellingprice: 1000, quantity: 60 });
    const outbox = Array.from({ length: 100 }, (_, i) => ({
      key: key(),
      body: {
        businessId: shop.businessId,
        products: [{ productId: p._id, quantity: 1 }],
        payments: [{ method: "Cash", amount: 1000 }],
        expectedTotal: 1000,
        offlineAt: minutesAgo(200 - i),
      },
    }));
    // Each tab sends the outbox in order, one sale after the other, as the sync worker does.
    const tab = async () => {
      const ids: string[] = [];
      for (const s of outbox) {
        const res = await client(t.app, shop.token).post("/api/sales", s.body, { "idempotency-key": s.key });
        expect(res.statusCode, res.body).toBe(201);
        ids.push(res.json()._id);
      }
      return ids;
    };
    const [a, b] = await Promise.all([tab(), tab()]);
    expect(a).toEqual(b); // both tabs were answered with the same sale for each entry
    expect(new Set(a).size).toBe(100);
    expect(await rowsOf(t.database, "sales", shop.businessId)).toBe(100);
    const list = await client(t.app, shop.token).get(`/api/sales?businessId=${shop.businessId}&limit=1000`);
    expect(new Set(list.json().map((s: { _id: string }) => s._id))).toEqual(new Set(a));
    // 60 in stock, 100 sold offline: taken to zero once, 40 short across the later sales, none refused.
    expect(await quantityOf(t.app, shop, p._id)).toBe(0);
    const flagged = await client(t.app, shop.token).get(
      `/api/sales?businessId=${shop.businessId}&stockReview=true&limit=1000`,
    );
    expect(flagged.json()).toHaveLength(40);
    await expectLedgerBalanced(t.database, shop.businessId);
  });
});
