import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  client,
  createTestApp,
  registerBusiness,
  registerEmployee,
  type Owner,
  type Staff,
  type TestApp,
} from "../factories/app.ts";
import { newPromotion } from "../factories/inventory.ts";
import { moneyLedgerProblems } from "../factories/money.ts";
import { newProduct, rowsOf, sell, sold } from "../factories/sales.ts";

// Issue 31 item 2: the owner's promotions, re-checked by the server on every sale at the sale's
// time. The clock (Date alone: timers keep running) is set to fixed moments, so these pass on any
// real day. (vi.mock of platform/clock.ts would not do: the server project shares one module
// graph between files, isolate: false.)
/** Sets the clock to a moment (ISO, UTC). */
const at = (iso: string) => vi.useFakeTimers({ now: new Date(iso), toFake: ["Date"] });

let t: TestApp;
let owner: Owner;
let cashier: Staff;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerBusiness(t.app);
  cashier = await registerEmployee(t.app, owner, owner.businessId, { occupation: "Cashier", maxDiscountPercent: 10 });
});
afterEach(() => {
  vi.useRealTimers();
});
afterAll(() => t.close());

const shop = () => ({ token: owner.token, businessId: owner.businessId });
// Friday 6 March 2026, 12:00 in Nairobi (UTC+3).
const FRIDAY_NOON = "2026-03-06T09:00:00Z";

describe("each kind, end to end through POST /api/sales", () => {
  it("3 for 100.00 at 40.00: 4 units = 100.00 + 40.00 = 140.00; the line keeps list price, promotion and reason", async () => {
    const p = await newProduct(t.app, owner, owner.businessId, { name: "Soda", sellingprice: 4000, quantity: 20 });
    const promo = await newPromotion(t, shop(), {
      name: "3 for 100",
      kind: "quantityBreak",
      breakQuantity: 3,
      breakAmount: 10000,
      productIds: [p._id],
    });
    at(FRIDAY_NOON);
    const sale = await sold(t.app, cashier, owner.businessId, [{ productId: p._id, quantity: 4 }], 14000, {
      expectedTotal: 14000,
    });
    expect(sale).toMatchObject({ amount: 14000, discount: 2000, discountApprovedBy: null });
    expect(sale.products[0]).toMatchObject({
      listPrice: 4000,
      productPrice: 4000,
      totalPrice: 14000,
      discount: 2000,
      discountReason: "Promotion: 3 for 100",
      approvedBy: null,
      promotionId: promo._id,
      promotionName: "3 for 100",
    });
    expect(await moneyLedgerProblems(t.database, owner.businessId)).toEqual([]);
  });

  it("buy 2 get 1 at 50.00: 6 units pay 4 = 200.00", async () => {
    const p = await newProduct(t.app, owner, owner.businessId, { sellingprice: 5000, quantity: 20 });
    await newPromotion(t, shop(), {
      name: "Buy 2 get 1",
      kind: "buyXgetY",
      buyQuantity: 2,
      freeQuantity: 1,
      productIds: [p._id],
    });
    at(FRIDAY_NOON);
    const sale = await sold(t.app, cashier, owner.businessId, [{ productId: p._id, quantity: 6 }], 20000);
    expect(sale.products[0]).toMatchObject({ totalPrice: 20000, discount: 10000, promotionName: "Buy 2 get 1" });
  });

  it("a special price of 35.00 on 2 x 40.00 = 70.00; a till that expected list (80.00) gets the 409 price-changed refusal", async () => {
    const p = await newProduct(t.app, owner, owner.businessId, { sellingprice: 4000, quantity: 20 });
    await newPromotion(t, shop(), { name: "Special", kind: "price", unitPrice: 3500, productIds: [p._id] });
    at(FRIDAY_NOON);
    const before = await rowsOf(t.database, "sales", owner.businessId);
    const stale = await sell(t.app, cashier, owner.businessId, [{ productId: p._id, quantity: 2 }], 8000, {
      expectedTotal: 8000,
    });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json().error.code).toBe("PRICES_CHANGED");
    expect(await rowsOf(t.database, "sales", owner.businessId)).toBe(before);
    const sale = await sold(t.app, cashier, owner.businessId, [{ productId: p._id, quantity: 2 }], 7000, {
      expectedTotal: 7000,
    });
    expect(sale.amount).toBe(7000);
  });

  it("the best for the customer wins when two run: 6 at 40.00, 3 for 100 (200.00) or buy 2 get 1 (160.00) -> 160.00", async () => {
    const p = await newProduct(t.app, owner, owner.businessId, { sellingprice: 4000, quantity: 20 });
    await newPromotion(t, shop(), {
      name: "3 for 100",
      kind: "quantityBreak",
      breakQuantity: 3,
      breakAmount: 10000,
      productIds: [p._id],
    });
    await newPromotion(t, shop(), {
      name: "B2G1",
      kind: "buyXgetY",
      buyQuantity: 2,
      freeQuantity: 1,
      productIds: [p._id],
    });
    at(FRIDAY_NOON);
    const sale = await sold(t.app, cashier, owner.businessId, [{ productId: p._id, quantity: 6 }], 16000);
    expect(sale.products[0]).toMatchObject({ totalPrice: 16000, promotionName: "B2G1" });
  });
});

/** What one unit is charged at a moment: the till sends the total it expects, the server must agree (else 409). */
const chargedAt = (productId: string) => async (iso: string, expected: number) => {
  at(iso);
  const sale = await sold(t.app, cashier, owner.businessId, [{ productId, quantity: 1 }], expected, {
    expectedTotal: expected,
  });
  return sale.amount;
};

describe("when it runs: period, days and hours in Nairobi time", () => {
  it("happy hour 17:00-19:00: 16:59 list, 17:00 promoted, 18:59 promoted, 19:00 list", async () => {
    const p = await newProduct(t.app, owner, owner.businessId, { sellingprice: 20000, quantity: 20 });
    await newPromotion(t, shop(), {
      name: "Happy hour",
      unitPrice: 15000,
      dailyFrom: "17:00",
      dailyTo: "19:00",
      productIds: [p._id],
    });
    const totalAt = chargedAt(p._id);
    expect(await totalAt("2026-03-06T13:59:59Z", 20000)).toBe(20000);
    expect(await totalAt("2026-03-06T14:00:00Z", 15000)).toBe(15000);
    expect(await totalAt("2026-03-06T15:59:59Z", 15000)).toBe(15000);
    expect(await totalAt("2026-03-06T16:00:00Z", 20000)).toBe(20000);
  });

  it("weekend Fri-Sun: Thursday 23:59 list, Friday 00:00 promoted, Monday 00:00 list (Nairobi midnight = 21:00 UTC)", async () => {
    const p = await newProduct(t.app, owner, owner.businessId, { sellingprice: 20000, quantity: 20 });
    await newPromotion(t, shop(), { name: "Weekend", unitPrice: 18000, days: [5, 6, 7], productIds: [p._id] });
    const totalAt = chargedAt(p._id);
    expect(await totalAt("2026-03-05T20:59:00Z", 20000)).toBe(20000);
    expect(await totalAt("2026-03-05T21:00:00Z", 18000)).toBe(18000);
    expect(await totalAt("2026-03-08T20:59:00Z", 18000)).toBe(18000);
    expect(await totalAt("2026-03-08T21:00:00Z", 20000)).toBe(20000);
  });

  it("a period: before its start list, at its start promoted, at its end list; an inactive one never", async () => {
    const p = await newProduct(t.app, owner, owner.businessId, { sellingprice: 20000, quantity: 20 });
    await newPromotion(t, shop(), {
      unitPrice: 10000,
      startsAt: "2026-03-06T09:00:00Z",
      endsAt: "2026-03-07T09:00:00Z",
      productIds: [p._id],
    });
    await newPromotion(t, shop(), { unitPrice: 5000, active: false, productIds: [p._id] });
    const totalAt = chargedAt(p._id);
    expect(await totalAt("2026-03-06T08:59:59Z", 20000)).toBe(20000);
    expect(await totalAt("2026-03-06T09:00:00Z", 10000)).toBe(10000);
    expect(await totalAt("2026-03-07T09:00:00Z", 20000)).toBe(20000);
  });

  it("an offline sale synced after happy hour is priced at its offlineAt time (in the hour)", async () => {
    const p = await newProduct(t.app, owner, owner.businessId, { sellingprice: 20000, quantity: 20 });
    await newPromotion(t, shop(), {
      name: "Happy hour",
      unitPrice: 15000,
      dailyFrom: "17:00",
      dailyTo: "19:00",
      productIds: [p._id],
    });
    at("2026-03-06T17:00:00Z"); // 20:00 in Nairobi: the hour is over when it syncs
    const sale = await sold(t.app, cashier, owner.businessId, [{ productId: p._id, quantity: 1 }], 15000, {
      offlineAt: "2026-03-06T14:30:00Z",
      expectedTotal: 15000,
    });
    expect(sale).toMatchObject({ amount: 15000, offlineAt: "2026-03-06T14:30:00.000Z" });
  });
});

describe("promotions and the cashier's discounts", () => {
  it("a manual 5% off replaces the promotion: 4 x 40.00 = 160.00 - 8.00 = 152.00, no promotion on the line", async () => {
    const p = await newProduct(t.app, owner, owner.businessId, { sellingprice: 4000, quantity: 20 });
    await newPromotion(t, shop(), {
      name: "3 for 100",
      kind: "quantityBreak",
      breakQuantity: 3,
      breakAmount: 10000,
      productIds: [p._id],
    });
    at(FRIDAY_NOON);
    const sale = await sold(
      t.app,
      cashier,
      owner.businessId,
      [{ productId: p._id, quantity: 4, adjustment: { type: "percent", percent: 5 }, reason: "Regular" }],
      15200,
      { expectedTotal: 15200 },
    );
    expect(sale.products[0]).toMatchObject({
      totalPrice: 15200,
      discount: 800,
      discountReason: "Regular",
      approvedBy: cashier.username,
      promotionId: null,
    });
  });

  it("the limit does not count the promotion: 10% off the ticket of a promoted 140.00 (list 160.00) = 126.00, 21% off list, within a 10% limit", async () => {
    const p = await newProduct(t.app, owner, owner.businessId, { sellingprice: 4000, quantity: 20 });
    await newPromotion(t, shop(), {
      name: "3 for 100",
      kind: "quantityBreak",
      breakQuantity: 3,
      breakAmount: 10000,
      productIds: [p._id],
    });
    at(FRIDAY_NOON);
    const sale = await sold(t.app, cashier, owner.businessId, [{ productId: p._id, quantity: 4 }], 12600, {
      ticketDiscount: { type: "percent", percent: 10 },
      discountReason: "Loyal",
      expectedTotal: 12600,
    });
    expect(sale).toMatchObject({
      amount: 12600,
      discount: 3400,
      ticketDiscount: 1400,
      discountApprovedBy: cashier.username,
    });
    expect(sale.products[0]).toMatchObject({ promotionName: "3 for 100", approvedBy: cashier.username });
  });

  it("beyond the limit from the promoted total is still refused: 11% off the ticket, 403 DISCOUNT_LIMIT", async () => {
    const p = await newProduct(t.app, owner, owner.businessId, { sellingprice: 4000, quantity: 20 });
    await newPromotion(t, shop(), { kind: "quantityBreak", breakQuantity: 3, breakAmount: 10000, productIds: [p._id] });
    at(FRIDAY_NOON);
    const res = await sell(t.app, cashier, owner.businessId, [{ productId: p._id, quantity: 3 }], 8900, {
      ticketDiscount: { type: "percent", percent: 11 },
    });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().error.code).toBe("DISCOUNT_LIMIT");
  });
});

describe("/summary's discounts by employee", () => {
  it("count only what the cashier gave on 6 March: 8.00 (5% off) + 14.00 (10% off the ticket), not the promotions", async () => {
    const res = await client(t.app, owner.token).get(
      `/api/reports/summary?businessId=${owner.businessId}&from=2026-03-06&to=2026-03-06`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const mine = res.json().discountsByEmployee.find((d: { label: string }) => d.label === cashier.username);
    expect(mine).toMatchObject({ count: 2, amount: 2200 });
  });
});

describe("tenancy", () => {
  it("another business's promotion on its own product never touches this business's sale", async () => {
    const other = await registerBusiness(t.app);
    const q = await newProduct(t.app, other, other.businessId, { sellingprice: 4000 });
    await newPromotion(
      t,
      { token: other.token, businessId: other.businessId },
      { unitPrice: 100, productIds: [q._id] },
    );
    const p = await newProduct(t.app, owner, owner.businessId, { sellingprice: 4000 });
    // A promotion of another business naming this business's product is refused (400), so none can apply.
    const res = await client(t.app, other.token).post("/api/promotions", {
      businessId: other.businessId,
      name: "Sneaky",
      kind: "price",
      unitPrice: 1,
      productIds: [p._id],
    });
    expect(res.statusCode, res.body).toBe(400);
    at(FRIDAY_NOON);
    const sale = await sold(t.app, cashier, owner.businessId, [{ productId: p._id, quantity: 1 }], 4000);
    expect(sale.products[0]).toMatchObject({ totalPrice: 4000, promotionId: null });
  });
});
