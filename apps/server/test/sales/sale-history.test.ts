import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERROR_CODES } from "@app/shared/errors/errors";
import type { Sale } from "@app/shared/sales/sale";
import type { SaleHistoryEntry } from "@app/shared/sales/sale-history";
import {
  createTestApp,
  databaseFingerprint,
  registerBusiness,
  registerEmployee,
  type Owner,
  type TestApp,
} from "../factories/app.ts";
import { api, expectLedgerBalanced, newProduct, rowsOf, shopStaff, sold, soldOnCredit } from "../factories/sales.ts";

/**
 * The audit trail (issue 18, item 5): money and stock records are never erased, and every edit,
 * void, restore, void-reason correction, credit payment and removal from the void sales keeps a
 * history row (who, when, the sale before and after), read by GET /api/sales/{id}/history.
 */
let t: TestApp;
let owner: Owner;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerBusiness(t.app);
});
afterAll(() => t.close());

const o = () => api(t.app, owner.token);
const product = () =>
  newProduct(t.app, owner, owner.businessId, { sellingprice: 1000, wholesalePrice: 1000, quantity: 50 });
const historyOf = async (id: string, base = "/api/sales", token = owner.token) => {
  const res = await api(t.app, token).get(`${base}/${id}/history`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SaleHistoryEntry[];
};

describe("money and stock records are never erased", () => {
  it("a voided credit sale with payments is hidden from the void sales, never deleted: the sale, its payments and its ledger rows stay", async () => {
    const p = await product();
    const sale = await soldOnCredit(t.app, owner, owner.businessId, { productId: p._id, quantity: 3, total: 3000 });
    expect(
      (await o().put(`/api/sales/salecredit/${sale._id}`, { amountPaid: 1000, paymentMethod: "Cash" })).statusCode,
    ).toBe(200);
    expect((await o().del(`/api/sales/${sale._id}?reason=wrong`)).statusCode).toBe(200);

    const res = await o().del(`/api/sales/voidsales/${sale._id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ hidden: true });

    const kept = await o().get(`/api/sales/${sale._id}`);
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({ status: "voided", amountPaid: 1000 });
    expect((kept.json() as Sale).paymentTransactions).toHaveLength(1);
    expect(await rowsOf(t.database, "credit_payments", owner.businessId, `sale_id = '${sale._id}'`)).toBe(1);
    // Every ledger row that points at a sale points at one that exists.
    const { rows: dangling } = await t.database.pool.query(
      `SELECT m.id FROM stock_movements m WHERE m.business_id = $1 AND m.ref_type IN ('sale', 'order')
         AND NOT EXISTS (SELECT 1 FROM sales s WHERE s.business_id = m.business_id AND s.id = m.ref_id::uuid)`,
      [owner.businessId],
    );
    expect(dangling).toEqual([]);
    await expectLedgerBalanced(t.database, owner.businessId);

    const voidList = (await o().get(`/api/sales/voidsales/salesvoid/this/ask?businessId=${owner.businessId}`)).json();
    expect((voidList as Sale[]).map((s) => s._id)).not.toContain(sale._id);
    // Gone from the list means gone for the void-sale actions too.
    const before = await databaseFingerprint(t.database);
    expect((await o().post(`/api/sales/voidsales/restore/${sale._id}`)).statusCode).toBe(409);
    expect((await o().del(`/api/sales/voidsales/${sale._id}`)).statusCode).toBe(409);
    expect(await databaseFingerprint(t.database)).toEqual(before);
    expect((await historyOf(sale._id)).map((h) => h.action)).toEqual(["credit_payment", "voided", "hidden"]);
  });

  it("the database itself refuses to delete a sale with payments or history, or to change a history row", async () => {
    const p = await product();
    const sale = await soldOnCredit(t.app, owner, owner.businessId, { productId: p._id, quantity: 1, total: 1000 });
    await o().put(`/api/sales/salecredit/${sale._id}`, { amountPaid: 500, paymentMethod: "Cash" });
    const q = (sql: string) => t.database.pool.query(sql, [owner.businessId, sale._id]);
    await expect(q(`DELETE FROM sales WHERE business_id = $1 AND id = $2`)).rejects.toThrow();
    await expect(q(`DELETE FROM credit_payments WHERE business_id = $1 AND sale_id = $2`)).rejects.toThrow(/audit/);
    await expect(q(`UPDATE credit_payments SET amount = 1 WHERE business_id = $1 AND sale_id = $2`)).rejects.toThrow(
      /audit/,
    );
    await expect(q(`UPDATE sale_history SET actor_name = 'x' WHERE business_id = $1 AND sale_id = $2`)).rejects.toThrow(
      /audit/,
    );
    await expect(q(`DELETE FROM sale_history WHERE business_id = $1 AND sale_id = $2`)).rejects.toThrow(/audit/);
  });
});

describe("GET /api/sales/{id}/history: who changed what, when", () => {
  it("every edit, void, void-reason correction, restore and credit payment keeps a row with who, when, before and after", async () => {
    const { manager } = await shopStaff(t.app, owner);
    const p = await product();
    const sale = await soldOnCredit(
      t.app,
      owner,
      owner.businessId,
      { productId: p._id, quantity: 2, total: 2000 },
      { down: 500 },
    );
    const m = api(t.app, manager.token);
    expect(
      (await m.put(`/api/sales/salecredit/${sale._id}`, { amountPaid: 300, paymentMethod: "M-Pesa" })).statusCode,
    ).toBe(200);
    const edited = await m.put(`/api/sales/${sale._id}`, {
      products: [{ productId: p._id, quantity: 1 }],
      payments: [
        { method: "Cash", amount: 500 },
        { method: "Credit", amount: 500 },
      ],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await m.del(`/api/sales/${sale._id}?reason=typo`)).statusCode).toBe(200);
    expect((await o().put(`/api/sales/voidsales/${sale._id}`, { reason: "Rang up twice" })).statusCode).toBe(200);
    expect((await o().post(`/api/sales/voidsales/restore/${sale._id}`)).statusCode).toBe(200);

    const history = await historyOf(sale._id);
    expect(history.map((h) => [h.action, h.actorName, h.actorKind])).toEqual([
      ["credit_payment", manager.username, "employee"],
      ["edited", manager.username, "employee"],
      ["voided", manager.username, "employee"],
      ["void_reason", owner.username, "admin"],
      ["restored", owner.username, "admin"],
    ]);
    const times = history.map((h) => Date.parse(h.at));
    expect(times.every((x) => !Number.isNaN(x))).toBe(true);
    expect([...times].sort((a, b) => a - b)).toEqual(times);

    const [payment, edit, voided, reason, restored] = history;
    expect(payment!.payment).toMatchObject({ amountPaid: 300, paymentMethod: "M-Pesa", recordedBy: manager.username });
    expect(payment!.before).toMatchObject({ balance: 1500, creditStatus: "Partial" });
    expect(payment!.after).toMatchObject({ balance: 1200, creditStatus: "Partial" });
    // The edit keeps the lines and payments as they were before it.
    expect(edit!.before).toMatchObject({
      amount: 2000,
      products: [{ productId: p._id, quantity: 2, price: 1000 }],
      payments: [
        { method: "Cash", amount: 500 },
        { method: "Credit", amount: 1500 },
      ],
    });
    expect(edit!.after).toMatchObject({ amount: 1000, products: [{ quantity: 1 }], balance: 200 });
    expect(voided!.before?.status).toBe("completed");
    expect(voided!.after).toMatchObject({ status: "voided", voidReason: "typo" });
    expect(reason!.before?.voidReason).toBe("typo");
    expect(reason!.after?.voidReason).toBe("Rang up twice");
    expect(restored!.after?.status).toBe("completed");
  });

  it("a credit payment retried with its Idempotency-Key is one payment and one history row", async () => {
    const p = await product();
    const sale = await soldOnCredit(t.app, owner, owner.businessId, { productId: p._id, quantity: 1, total: 1000 });
    const key = { "idempotency-key": `history-${sale._id}` };
    for (let i = 0; i < 3; i++)
      expect(
        (await o().put(`/api/sales/salecredit/${sale._id}`, { amountPaid: 100, paymentMethod: "Cash" }, key))
          .statusCode,
      ).toBe(200);
    expect((await historyOf(sale._id)).map((h) => h.action)).toEqual(["credit_payment"]);
  });

  it("wholesale orders keep the same history under /api/orders; a sale without changes has none", async () => {
    const p = await product();
    const order = await soldOnCredit(
      t.app,
      owner,
      owner.businessId,
      { productId: p._id, quantity: 1, total: 1000 },
      { base: "/api/orders" },
    );
    await o().put(`/api/orders/salecredit/${order._id}`, { amountPaid: 1000, paymentMethod: "Bank Transfer" });
    const history = await historyOf(order._id, "/api/orders");
    expect(history.map((h) => h.action)).toEqual(["credit_payment"]);
    expect(history[0]!.after).toMatchObject({ balance: 0, creditStatus: "Cleared" });
    // An order is not read as a sale, nor the other way round.
    expect((await o().get(`/api/sales/${order._id}/history`)).statusCode).toBe(404);
    const plain = await sold(t.app, owner, owner.businessId, [{ productId: p._id, quantity: 1 }], 1000);
    expect(await historyOf(plain._id)).toEqual([]);
  });

  it("another business's sale is 404; a user without the Sales area (a Stock Handler) is 403", async () => {
    const p = await product();
    const sale = await sold(t.app, owner, owner.businessId, [{ productId: p._id, quantity: 1 }], 1000);
    const other = await registerBusiness(t.app);
    expect((await api(t.app, other.token).get(`/api/sales/${sale._id}/history`)).statusCode).toBe(404);
    const handler = await registerEmployee(t.app, owner, owner.businessId, {
      occupation: "Stock Handler",
      handleStock: true,
    });
    expect((await api(t.app, handler.token).get(`/api/sales/${sale._id}/history`)).statusCode).toBe(403);
  });
});

describe("PUT /api/sales/{id}: putting a sale on credit is the owner's", () => {
  it("a Manager turning a cashier's cash sale into a credit sale for another customer: 403 with its code, nothing written", async () => {
    const { cashier, manager } = await shopStaff(t.app, owner);
    const p = await product();
    const sale = await sold(t.app, cashier, owner.businessId, [{ productId: p._id, quantity: 2 }], 2000);
    const before = await databaseFingerprint(t.database);
    const res = await api(t.app, manager.token).put(`/api/sales/${sale._id}`, {
      products: [{ productId: p._id, quantity: 2 }],
      payments: [{ method: "Credit", amount: 2000 }],
      customerName: "Otieno",
      customerPhone: "0733000222",
    });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().error.code).toBe(ERROR_CODES.SALE_CREDIT_OWNER_ONLY);
    expect(await databaseFingerprint(t.database)).toEqual(before);

    // Changing who owes an existing credit sale is refused too.
    const credit = await soldOnCredit(t.app, cashier, owner.businessId, { productId: p._id, quantity: 1, total: 1000 });
    const moved = await api(t.app, manager.token).put(`/api/sales/${credit._id}`, {
      products: [{ productId: p._id, quantity: 1 }],
      payments: [{ method: "Credit", amount: 1000 }],
      customerName: "Otieno",
      customerPhone: "0733000222",
    });
    expect(moved.statusCode).toBe(403);
  });

  it("the owner may, and the cash the cashier took stays recorded in the history", async () => {
    const { cashier } = await shopStaff(t.app, owner);
    const p = await product();
    const sale = await sold(t.app, cashier, owner.businessId, [{ productId: p._id, quantity: 2 }], 2000, {
      payments: [{ method: "Cash", amount: 2000, tendered: 2500 }],
    });
    const res = await o().put(`/api/sales/${sale._id}`, {
      products: [{ productId: p._id, quantity: 2 }],
      payments: [{ method: "Credit", amount: 2000 }],
      customerName: "Otieno",
      customerPhone: "0733000222",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ paymentStatus: "Credit", balance: 2000, customerName: "Otieno" });
    const [entry] = await historyOf(sale._id);
    expect(entry).toMatchObject({ action: "edited", actorName: owner.username });
    expect(entry!.before).toMatchObject({
      paymentMethod: "Cash",
      payments: [{ method: "Cash", amount: 2000, tendered: 2500 }],
      customerName: null,
    });
    expect(entry!.after).toMatchObject({ paymentMethod: "Credit", customerName: "Otieno" });
  });

  it("a Manager may still correct how the money was taken and lower a credit; each edit is in the history", async () => {
    const { cashier, manager } = await shopStaff(t.app, owner);
    const p = await product();
    const sale = await sold(t.app, cashier, owner.businessId, [{ productId: p._id, quantity: 2 }], 2000);
    const m = api(t.app, manager.token);
    const res = await m.put(`/api/sales/${sale._id}`, {
      products: [{ productId: p._id, quantity: 2 }],
      payments: [{ method: "M-Pesa", amount: 2000, reference: "QWE123RTY9" }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const credit = await soldOnCredit(t.app, cashier, owner.businessId, { productId: p._id, quantity: 2, total: 2000 });
    const lowered = await m.put(`/api/sales/${credit._id}`, {
      products: [{ productId: p._id, quantity: 1 }],
      payments: [{ method: "Credit", amount: 1000 }],
    });
    expect(lowered.statusCode, lowered.body).toBe(200);
    const [entry] = await historyOf(sale._id);
    expect(entry!.before?.payments).toMatchObject([{ method: "Cash", amount: 2000 }]);
    expect(entry!.after?.payments).toMatchObject([{ method: "M-Pesa", amount: 2000, reference: "QWE123RTY9" }]);
  });
});
