import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CREDIT_OVERPAY_MESSAGE } from "@app/shared/sales/credit";
import type { SupplyRecord } from "@app/shared/supplies/supply";
import { createTestApp, databaseFingerprint, registerBusiness, type Owner, type TestApp } from "../factories/app.ts";
import { api, statusCounts } from "../factories/sales.ts";
import { newSupplier, newSupply } from "../factories/supplies.ts";
import { supplierPaymentsInPeriod } from "../../src/modules/supplies/supplies.public.ts";

/** Paying suppliers: POST /api/supplyrecord/{id}/payments and GET /api/supplyrecord/credit/summary. */
let t: TestApp;
let owner: Owner;
let supplierId: string;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerBusiness(t.app);
  supplierId = (await newSupplier(t.app, owner, owner.businessId, { name: "Paid Supplier" }))._id;
});
afterAll(() => t.close());

const onCredit = (total: number, paid = 0, over: Record<string, unknown> = {}) =>
  newSupply(t.app, owner, owner.businessId, supplierId, {
    ...over,
    commodities: [{ name: "Goods", quantity: 1, unitCost: total }],
    amountPaid: paid,
    ...(paid ? { paymentMethod: "Cash" } : {}),
  });
const pay = (id: string, body: object, headers?: Record<string, string>) =>
  api(t.app, owner.token).post(`/api/supplyrecord/${id}/payments`, body, headers);

describe("POST /api/supplyrecord/{id}/payments", () => {
  it("pays the rest in parts: Partial, then Cleared; each payment with its method and date", async () => {
    // Delivered ten days ago and paid in part the next day, whatever day the test runs.
    const day = (n: number) => new Date(Math.floor(Date.now() / 86_400_000 - 10 + n) * 86_400_000);
    const suppliedAt = new Date(day(0).getTime() + 8 * 3_600_000).toISOString();
    const paidAt = new Date(day(1).getTime() + 10 * 3_600_000).toISOString();
    const s = await onCredit(100000, 50000, { suppliedAt });
    expect(s.creditStatus).toBe("Partial");
    const first = await pay(s._id, {
      amountPaid: 20000,
      paymentMethod: "M-Pesa",
      paymentDate: paidAt,
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ balance: 30000, amountPaid: 70000, creditStatus: "Partial" });
    const second = await pay(s._id, { amountPaid: 30000, paymentMethod: "Bank Transfer" });
    const cleared: SupplyRecord = second.json();
    expect(cleared).toMatchObject({ balance: 0, amountPaid: 100000, creditStatus: "Cleared" });
    expect(cleared.payments.map((p) => [p.amount, p.method, p.atDelivery])).toEqual([
      [30000, "Bank Transfer", false],
      [20000, "M-Pesa", false],
      [50000, "Cash", true],
    ]);
    expect(cleared.payments[1]!.paidAt).toBe(paidAt);
    // Every payment to the supplier is money out in the cash book, on the day it was paid.
    const { rows } = await t.database.pool.query(
      `SELECT kind, direction, method, amount::int AS amount, occurred_at FROM money_movements
        WHERE business_id = $1 AND source_area = 'supplies' AND source_id = $2 ORDER BY seq`,
      [owner.businessId, s._id],
    );
    expect(rows.map((r) => [r.kind, r.direction, r.method, r.amount])).toEqual([
      ["supplier_payment", "out", "Cash", 50000],
      ["supplier_payment", "out", "M-Pesa", 20000],
      ["supplier_payment", "out", "Bank Transfer", 30000],
    ]);
    expect(rows[1].occurred_at.toISOString()).toBe(paidAt);
  });

  it("a supply with nothing paid starts Pending", async () => {
    const s = await onCredit(5000);
    expect(s.creditStatus).toBe("Pending");
    expect((await pay(s._id, { amountPaid: 1000, paymentMethod: "Cash" })).json().creditStatus).toBe("Partial");
  });

  it("refuses a payment above the balance (422) and any payment on a cleared supply (409); nothing saved", async () => {
    const s = await onCredit(10000, 4000);
    const before = await databaseFingerprint(t.database);
    const over = await pay(s._id, { amountPaid: 6001, paymentMethod: "Cash" });
    expect(over.statusCode).toBe(422);
    expect(over.json().error).toMatchObject({ code: "CREDIT_OVERPAYMENT", message: CREDIT_OVERPAY_MESSAGE });
    for (const body of [
      { amountPaid: 0, paymentMethod: "Cash" },
      { amountPaid: -5, paymentMethod: "Cash" },
      { amountPaid: 10, paymentMethod: "Cheque" },
      { amountPaid: 10, paymentMethod: "Cash", paymentDate: "yesterday" },
    ]) {
      expect((await pay(s._id, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await databaseFingerprint(t.database)).toEqual(before);
    expect((await pay(s._id, { amountPaid: 6000, paymentMethod: "Cash" })).statusCode).toBe(200);
    const again = await pay(s._id, { amountPaid: 1, paymentMethod: "Cash" });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe("SUPPLY_CLEARED");
    const paidUpFront = await onCredit(700, 700);
    expect((await pay(paidUpFront._id, { amountPaid: 1, paymentMethod: "Cash" })).json().error.code).toBe(
      "SUPPLY_CLEARED",
    );
    expect((await api(t.app, owner.token).get(`/api/supplyrecord/${s._id}`)).json().payments).toHaveLength(2);
  });

  it("parallel payments never take the balance below zero; a retried key pays once", async () => {
    const s = await onCredit(10000);
    const results = await Promise.all(
      Array.from({ length: 8 }, () => pay(s._id, { amountPaid: 3000, paymentMethod: "Cash" })),
    );
    expect(statusCounts(results)).toEqual({ 200: 3, 422: 5 });
    const key = { "idempotency-key": `pay-${s._id}` };
    const a = await pay(s._id, { amountPaid: 500, paymentMethod: "M-Pesa" }, key);
    const b = await pay(s._id, { amountPaid: 500, paymentMethod: "M-Pesa" }, key);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(b.json().balance).toBe(500);
  });

  it("another business's supply is 404, and its balance is untouched", async () => {
    const s = await onCredit(3000);
    const other = await registerBusiness(t.app);
    const res = await api(t.app, other.token).post(`/api/supplyrecord/${s._id}/payments`, {
      amountPaid: 100,
      paymentMethod: "Cash",
    });
    expect(res.statusCode).toBe(404);
    expect((await api(t.app, owner.token).get(`/api/supplyrecord/${s._id}`)).json().balance).toBe(3000);
  });
});

describe("the supplier payments other modules read", () => {
  it("GET /api/supplyrecord/credit/summary counts supplies on credit; supplies.public.ts lists the payments", async () => {
    const shop = await registerBusiness(t.app);
    const sup = await newSupplier(t.app, shop, shop.businessId, { name: "Summary Supplier" });
    const s1 = await newSupply(t.app, shop, shop.businessId, sup._id, {
      commodities: [{ name: "A", quantity: 1, unitCost: 10000 }],
      amountPaid: 4000,
      paymentMethod: "Cash",
    });
    await newSupply(t.app, shop, shop.businessId, sup._id, {
      commodities: [{ name: "B", quantity: 1, unitCost: 500 }],
      amountPaid: 500,
      paymentMethod: "Cash",
    });
    const s3 = await newSupply(t.app, shop, shop.businessId, sup._id, {
      commodities: [{ name: "C", quantity: 1, unitCost: 2000 }],
    });
    await api(t.app, shop.token).post(`/api/supplyrecord/${s3._id}/payments`, {
      amountPaid: 2000,
      paymentMethod: "M-Pesa",
    });
    const summary = (
      await api(t.app, shop.token).get(`/api/supplyrecord/credit/summary?businessId=${shop.businessId}`)
    ).json();
    expect(summary).toEqual({ supplies: 2, open: 1, amount: 10000, amountPaid: 4000, balance: 6000 });
    const moves = await supplierPaymentsInPeriod(
      t.database.db,
      shop.businessId,
      new Date(Date.now() - 3600_000),
      new Date(Date.now() + 3600_000),
    );
    expect(moves.map((m) => [m.supplyNumber, m.amount, m.method, m.atDelivery, m.supplierName])).toEqual([
      [s1.supplyNumber, 4000, "Cash", true, "Summary Supplier"],
      [s1.supplyNumber + 1, 500, "Cash", true, "Summary Supplier"],
      [s3.supplyNumber, 2000, "M-Pesa", false, "Summary Supplier"],
    ]);
  });
});
