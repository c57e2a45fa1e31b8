import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SalesDocument } from "@app/shared/sales-documents/document";
import { createTestApp, databaseFingerprint, registerBusiness, type Owner, type TestApp } from "../factories/app.ts";
import { categoriesOf, invoiceBody, newClient, newExpense, ok } from "../factories/money.ts";
import { api } from "../factories/sales.ts";
import { newSupplier, newSupply } from "../factories/supplies.ts";

/**
 * Every date a piece of money carries (a cash-book entry, an expense, an invoice payment) is held
 * to one rule: not after now (plus a few minutes of clock skew), not before 1 January 2000. Dates
 * are picked relative to the test's clock, so the test passes on any day, hour and zone.
 */
let t: TestApp;
let owner: Owner;
let client: { _id: string };
let rent: string;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerBusiness(t.app);
  client = await newClient(t.app, owner, owner.businessId);
  rent = (await categoriesOf(t.app, owner, owner.businessId)).Rent!;
});
afterAll(() => t.close());

const owned = () => api(t.app, owner.token);
const DAY = 86_400_000;
/** 2099 and 1990, the probes; now and a day ago, which every money route must take. */
const farFuture = () => new Date(Date.UTC(2099, 5, 1, 9)).toISOString();
const longAgo = () => new Date(Date.UTC(1990, 5, 1, 9)).toISOString();
const today = () => new Date().toISOString();
const yesterday = () => new Date(Date.now() - DAY).toISOString();

async function refusedNamingField(field: string, request: () => Promise<{ statusCode: number; body: string }>) {
  const before = await databaseFingerprint(t.database);
  const res = await request();
  expect(res.statusCode, res.body).toBe(400);
  const body = JSON.parse(res.body) as { error: { code: string; fields?: Record<string, string> } };
  expect(body.error.code).toBe("VALIDATION_ERROR");
  expect(Object.keys(body.error.fields ?? {})).toEqual([field]);
  expect(await databaseFingerprint(t.database)).toEqual(before);
}

describe("money dates are bounded", () => {
  it("a manual cash-book transaction: 2099 and 1990 are 400 naming occurredAt; today and yesterday are taken", async () => {
    const entry = (occurredAt: string) => ({
      businessId: owner.businessId,
      kind: "capital_in",
      method: "Cash",
      amount: 10_000,
      occurredAt,
    });
    for (const at of [farFuture(), longAgo()])
      await refusedNamingField("occurredAt", () => owned().post("/api/transactions", entry(at)));
    for (const at of [today(), yesterday()]) await ok(owned().post("/api/transactions", entry(at)));
  });

  it("an expense, created or edited: 2099 and 1990 are 400 naming spentAt; today and yesterday are taken", async () => {
    const expense = (spentAt: string) => ({
      businessId: owner.businessId,
      categoryId: rent,
      amount: 10_000,
      method: "Cash",
      paidTo: "Landlord",
      spentAt,
    });
    for (const at of [farFuture(), longAgo()])
      await refusedNamingField("spentAt", () => owned().post("/api/expenses", expense(at)));
    for (const at of [today(), yesterday()]) await ok(owned().post("/api/expenses", expense(at)));
    const e = await newExpense(t.app, owner, owner.businessId);
    for (const at of [farFuture(), longAgo()])
      await refusedNamingField("spentAt", () => owned().put(`/api/expenses/${e._id}`, { spentAt: at }));
    await ok(owned().put(`/api/expenses/${e._id}`, { spentAt: yesterday() }));
  });

  it("an invoice payment: 2099 and 1990 are 400 naming paidAt; today and yesterday are taken", async () => {
    const invoice = await ok<SalesDocument>(owned().post("/api/invoices", invoiceBody(owner.businessId, client._id)));
    const pay = (paidAt: string) =>
      owned().post(`/api/invoices/${invoice._id}/payments`, { amount: 1_000, method: "Cash", paidAt });
    for (const at of [farFuture(), longAgo()]) await refusedNamingField("paidAt", () => pay(at));
    for (const at of [today(), yesterday()]) await ok(pay(at));
  });

  it("a supplier payment: 2099 and 1990 are 400 naming paymentDate; today and yesterday are taken", async () => {
    const supplier = await newSupplier(t.app, owner, owner.businessId);
    const supply = await newSupply(t.app, owner, owner.businessId, supplier._id, {
      commodities: [{ name: "Flour", unit: "bags", quantity: 10, unitCost: 10_000 }],
    });
    const pay = (paymentDate: string) =>
      owned().post(`/api/supplyrecord/${supply._id}/payments`, {
        amountPaid: 1_000,
        paymentMethod: "Cash",
        paymentDate,
      });
    for (const at of [farFuture(), longAgo()]) await refusedNamingField("paymentDate", () => pay(at));
    for (const at of [today(), yesterday()]) await ok(pay(at));
  });
});
