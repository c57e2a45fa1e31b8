import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CREDIT_OVERPAY_MESSAGE } from "@app/shared/sales/credit";
import type { Sale } from "@app/shared/sales/sale";
import { createTestApp, registerBusiness, registerEmployee, type Owner, type TestApp } from "../factories/app.ts";
import {
  api,
  expectLedgerBalanced,
  ledgerOf,
  newProduct,
  quantityOf,
  rowsOf,
  sell,
  soldOnCredit,
  statusCounts,
} from "../factories/sales.ts";

/**
 * Requests that arrive at the same moment (all started together with Promise.all): the
 * outcomes are asserted, never how long anything took.
 */
let t: TestApp;
let owner: Owner;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerBusiness(t.app);
});
afterAll(() => t.close());

describe("the last units at several tills", () => {
  it("32 simultaneous sales of the last 10 units: exactly 10 succeed, 22 get 409, stock ends at 0", async () => {
    const p = await newProduct(t.app, owner, owner.businessId, { name: "Last loaf", sellingprice: 6000, quantity: 10 });
    const cashiers = await Promise.all(
      Array.from({ length: 4 }, () => registerEmployee(t.app, owner, owner.businessId, { occupation: "Cashier" })),
    );
    const results = await Promise.all(
      Array.from({ length: 32 }, (_, i) =>
        sell(t.app, cashiers[i % 4]!, owner.businessId, [{ productId: p._id, quantity: 1 }], 6000),
      ),
    );
    expect(statusCounts(results)).toEqual({ 201: 10, 409: 22 });
    for (const r of results.filter((r) => r.statusCode === 409)) expect(r.json().error.message).toContain("Last loaf");
    expect(await quantityOf(t.app, owner, p._id)).toBe(0);
    const sales = results.filter((r) => r.statusCode === 201).map((r) => r.json() as Sale);
    expect(new Set(sales.map((s) => s.saleNumber)).size).toBe(10);
    expect(
      await rowsOf(
        t.database,
        "sales",
        owner.businessId,
        "id IN (SELECT sale_id FROM sale_lines WHERE product_id = $2)",
        [p._id],
      ),
    ).toBe(10);
    const ledger = await ledgerOf(t.database, p._id);
    expect(ledger.filter((m) => m.reason === "sale")).toHaveLength(10);
    expect(ledger.reduce((sum, m) => sum + m.delta, 0)).toBe(0);
    expect(new Set(ledger.filter((m) => m.reason === "sale").map((m) => m.refId))).toEqual(
      new Set(sales.map((s) => s._id)),
    );
    await expectLedgerBalanced(t.database, owner.businessId);
  });

  it("sales of two products in opposite orders at the same moment neither deadlock nor oversell", async () => {
    const a = await newProduct(t.app, owner, owner.businessId, { sellingprice: 1000, quantity: 6 });
    const b = await newProduct(t.app, owner, owner.businessId, { sellingprice: 1000, quantity: 6 });
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => {
        const lines = [
          { productId: a._id, quantity: 1 },
          { productId: b._id, quantity: 1 },
        ];
        return sell(t.app, owner, owner.businessId, i % 2 ? lines.reverse() : lines, 2000);
      }),
    );
    expect(statusCounts(results)).toEqual({ 201: 6, 409: 6 });
    expect(await quantityOf(t.app, owner, a._id)).toBe(0);
    expect(await quantityOf(t.app, owner, b._id)).toBe(0);
    await expectLedgerBalanced(t.database, owner.businessId);
  });
});

describe("one Idempotency-Key sent many times at once", () => {
  it("20 simultaneous requests with one key: one sale, every answer 201 with the same _id, stock taken once", async () => {
    const p = await newProduct(t.app, owner, owner.businessId, { sellingprice: 2000, quantity: 50 });
    const key = { "idempotency-key": `till-7-${crypto.randomUUID()}` };
    const salesBefore = await rowsOf(t.database, "sales", owner.businessId);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        sell(t.app, owner, owner.businessId, [{ productId: p._id, quantity: 3 }], 6000, {}, key),
      ),
    );
    expect(statusCounts(results)).toEqual({ 201: 20 });
    const first = results[0]!.json() as Sale;
    for (const r of results) expect(r.json()).toEqual(first);
    expect(await rowsOf(t.database, "sales", owner.businessId)).toBe(salesBefore + 1);
    expect(await quantityOf(t.app, owner, p._id)).toBe(47);
    expect((await ledgerOf(t.database, p._id)).filter((m) => m.reason === "sale")).toEqual([
      { reason: "sale", delta: -3, refType: "sale", refId: first._id },
    ]);
    const reused = await sell(t.app, owner, owner.businessId, [{ productId: p._id, quantity: 4 }], 8000, {}, key);
    expect(reused.statusCode).toBe(422);
    expect(await quantityOf(t.app, owner, p._id)).toBe(47);
  });

  it("the same key sent at once with different bodies: one sale, the others 422", async () => {
    const p = await newProduct(t.app, owner, owner.businessId, { sellingprice: 2000, quantity: 50 });
    const key = { "idempotency-key": `till-8-${crypto.randomUUID()}` };
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        sell(t.app, owner, owner.businessId, [{ productId: p._id, quantity: i + 1 }], (i + 1) * 2000, {}, key),
      ),
    );
    expect(statusCounts(results)).toEqual({ 201: 1, 422: 5 });
    const sale = results.find((r) => r.statusCode === 201)!.json() as Sale;
    expect(await quantityOf(t.app, owner, p._id)).toBe(50 - sale.products[0]!.productQuantity);
  });
});

describe("credit payments at the same moment", () => {
  const pay = (id: string, amountPaid: number) =>
    api(t.app, owner.token).put(`/api/sales/salecredit/${id}`, { amountPaid, paymentMethod: "Cash" });
  const creditSale = async (total: number) => {
    const p = await newProduct(t.app, owner, owner.businessId, { sellingprice: total, quantity: 5 });
    return soldOnCredit(t.app, owner, owner.businessId, { productId: p._id, quantity: 1, total });
  };

  it("two payments that together exceed the balance: one succeeds, the other gets 422, the balance never goes below 0", async () => {
    for (let round = 0; round < 5; round++) {
      const sale = await creditSale(10000);
      const results = await Promise.all([pay(sale._id, 6000), pay(sale._id, 6000)]);
      expect(statusCounts(results)).toEqual({ 200: 1, 422: 1 });
      expect(results.find((r) => r.statusCode === 422)!.json().error.message).toBe(CREDIT_OVERPAY_MESSAGE);
      const read = (await api(t.app, owner.token).get(`/api/sales/${sale._id}`)).json() as Sale;
      expect(read).toMatchObject({ balance: 4000, amountPaid: 6000, creditStatus: "Partial" });
      expect(read.paymentTransactions).toHaveLength(1);
    }
  });

  it("many partial payments summing to exactly the balance all succeed and end Cleared with clearedBy set", async () => {
    const sale = await creditSale(12000);
    const results = await Promise.all(Array.from({ length: 12 }, () => pay(sale._id, 1000)));
    expect(statusCounts(results)).toEqual({ 200: 12 });
    const read = (await api(t.app, owner.token).get(`/api/sales/${sale._id}`)).json() as Sale;
    expect(read).toMatchObject({ balance: 0, amountPaid: 12000, creditStatus: "Cleared", clearedBy: owner.username });
    expect(read.paymentTransactions).toHaveLength(12);
    // Exactly one of the answers saw the sale cleared: the last payment applied.
    expect(results.filter((r) => r.json().creditStatus === "Cleared")).toHaveLength(1);
    expect(new Set(results.map((r) => r.json().balance))).toEqual(
      new Set(Array.from({ length: 12 }, (_, i) => i * 1000)),
    );
  });

  it("more payments than the balance allows: exactly as many succeed as fit", async () => {
    const sale = await creditSale(5000);
    const results = await Promise.all(Array.from({ length: 9 }, () => pay(sale._id, 1000)));
    expect(statusCounts(results)).toEqual({ 200: 5, 422: 4 });
    const read = (await api(t.app, owner.token).get(`/api/sales/${sale._id}`)).json() as Sale;
    expect(read).toMatchObject({ balance: 0, creditStatus: "Cleared" });
  });

  it("a payment and a void at the same moment: either the payment lands on the sale before it is voided, or it is refused", async () => {
    const sale = await creditSale(3000);
    const [payment, voided] = await Promise.all([
      pay(sale._id, 1000),
      api(t.app, owner.token).del(`/api/sales/${sale._id}`),
    ]);
    expect(voided.statusCode).toBe(200);
    expect([200, 409]).toContain(payment.statusCode);
    const read = (await api(t.app, owner.token).get(`/api/sales/${sale._id}`)).json() as Sale;
    expect(read.status).toBe("voided");
    expect(read.paymentTransactions).toHaveLength(payment.statusCode === 200 ? 1 : 0);
  });
});
