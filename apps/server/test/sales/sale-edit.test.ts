import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Sale } from "@app/shared/sales/sale";
import { createTestApp, databaseFingerprint, registerBusiness, type Owner, type TestApp } from "../factories/app.ts";
import {
  api,
  expectLedgerBalanced,
  ledgerOf,
  newProduct,
  quantityOf,
  sold,
  soldOnCredit,
  statusCounts,
} from "../factories/sales.ts";

/** PUT /api/sales/{id}: editing a sale's lines and payments, with stock corrected through the ledger. */
let t: TestApp;
let owner: Owner;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerBusiness(t.app);
});
afterAll(() => t.close());

const o = () => api(t.app, owner.token);
const cash = (amount: number) => [{ method: "Cash", amount }];
const edit = (id: string, body: object, headers?: Record<string, string>) => o().put(`/api/sales/${id}`, body, headers);
const product = (over: Record<string, unknown> = {}) =>
  newProduct(t.app, owner, owner.businessId, { sellingprice: 1000, quantity: 10, ...over });

describe("PUT /api/sales/{id}", () => {
  it("more units are taken from stock and fewer are given back, through the ledger; the sale keeps its number and date", async () => {
    const a = await product();
    const b = await product();
    const sale = await sold(
      t.app,
      owner,
      owner.businessId,
      [
        { productId: a._id, quantity: 2 },
        { productId: b._id, quantity: 5 },
      ],
      7000,
    );
    const res = await edit(sale._id, {
      products: [
        { productId: a._id, quantity: 5 },
        { productId: b._id, quantity: 1 },
      ],
      payments: cash(6000),
    });
    expect(res.statusCode, res.body).toBe(200);
    const edited = res.json() as Sale;
    expect(edited).toMatchObject({
      _id: sale._id,
      saleNumber: sale.saleNumber,
      createdAt: sale.createdAt,
      amount: 6000,
      status: "completed",
    });
    expect(edited.products.map((l) => [l.productId, l.productQuantity, l.totalPrice])).toEqual([
      [a._id, 5, 5000],
      [b._id, 1, 1000],
    ]);
    expect(Date.parse(edited.updatedAt)).toBeGreaterThanOrEqual(Date.parse(sale.updatedAt));
    expect(await quantityOf(t.app, owner, a._id)).toBe(5);
    expect(await quantityOf(t.app, owner, b._id)).toBe(9);
    expect((await ledgerOf(t.database, a._id)).at(-1)).toEqual({
      reason: "sale",
      delta: -3,
      refType: "sale",
      refId: sale._id,
    });
    expect((await ledgerOf(t.database, b._id)).at(-1)).toEqual({
      reason: "sale",
      delta: 4,
      refType: "sale",
      refId: sale._id,
    });
    expect((await o().get(`/api/sales/${sale._id}`)).json()).toEqual(edited);
  });

  it("a removed line goes back to stock; a new product is priced today while kept lines keep the price they were sold at", async () => {
    const kept = await product({ sellingprice: 1000 });
    const removed = await product();
    const added = await product({ sellingprice: 2500 });
    const sale = await sold(
      t.app,
      owner,
      owner.businessId,
      [
        { productId: kept._id, quantity: 1 },
        { productId: removed._id, quantity: 2 },
      ],
      3000,
    );
    expect((await o().put(`/api/products/${kept._id}`, { sellingprice: 1500 })).statusCode).toBe(200);
    const res = await edit(sale._id, {
      products: [
        { productId: kept._id, quantity: 2 },
        { productId: added._id, quantity: 1 },
      ],
      payments: cash(4500),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(
      res.json().products.map((l: Sale["products"][number]) => [l.productId, l.productPrice, l.totalPrice]),
    ).toEqual([
      [kept._id, 1000, 2000],
      [added._id, 2500, 2500],
    ]);
    expect(res.json().amount).toBe(4500);
    expect(await quantityOf(t.app, owner, removed._id)).toBe(10);
    expect(await quantityOf(t.app, owner, added._id)).toBe(9);
    await expectLedgerBalanced(t.database, owner.businessId);
  });

  it("not enough stock for the added units: 409 naming the product, nothing written", async () => {
    const p = await product({ name: "Blue band 500g", quantity: 3 });
    const sale = await sold(t.app, owner, owner.businessId, [{ productId: p._id, quantity: 2 }], 2000);
    const before = await databaseFingerprint(t.database);
    const res = await edit(sale._id, { products: [{ productId: p._id, quantity: 4 }], payments: cash(4000) });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toContain("Blue band 500g");
    expect(await databaseFingerprint(t.database)).toEqual(before);
    // Going up to what is there is fine: the sale's own units count.
    expect(
      (await edit(sale._id, { products: [{ productId: p._id, quantity: 3 }], payments: cash(3000) })).statusCode,
    ).toBe(200);
    expect(await quantityOf(t.app, owner, p._id)).toBe(0);
  });

  it("malformed edits (400), a voided sale (409), an unknown product (404): nothing written", async () => {
    const p = await product();
    const sale = await sold(t.app, owner, owner.businessId, [{ productId: p._id, quantity: 1 }], 1000);
    const voided = await sold(t.app, owner, owner.businessId, [{ productId: p._id, quantity: 1 }], 1000);
    await o().del(`/api/sales/${voided._id}`);
    const before = await databaseFingerprint(t.database);
    for (const body of [
      { products: [], payments: cash(0) },
      { products: [{ productId: p._id, quantity: 1 }], payments: cash(900) },
      { products: [{ productId: p._id, quantity: -1 }], payments: cash(1000) },
      { payments: cash(1000) },
    ]) {
      const res = await edit(sale._id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(
      (await edit(voided._id, { products: [{ productId: p._id, quantity: 1 }], payments: cash(1000) })).statusCode,
    ).toBe(409);
    expect(
      (await edit(sale._id, { products: [{ productId: randomUUID(), quantity: 1 }], payments: cash(1000) })).statusCode,
    ).toBe(404);
    expect(await databaseFingerprint(t.database)).toEqual(before);
  });

  it("with an Idempotency-Key a retry returns the first result; the same key with another body is 422", async () => {
    const p = await product();
    const sale = await sold(t.app, owner, owner.businessId, [{ productId: p._id, quantity: 1 }], 1000);
    const key = { "idempotency-key": `edit-${sale._id}` };
    const body = { products: [{ productId: p._id, quantity: 3 }], payments: cash(3000) };
    const [first, retry] = [await edit(sale._id, body, key), await edit(sale._id, body, key)];
    expect(first.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    expect(await quantityOf(t.app, owner, p._id)).toBe(7);
    expect(
      (await edit(sale._id, { ...body, products: [{ productId: p._id, quantity: 4 }], payments: cash(4000) }, key))
        .statusCode,
    ).toBe(422);
  });

  it("two edits at the same moment never take more than the shelf has", async () => {
    const p = await product({ quantity: 2 });
    const sale = await sold(t.app, owner, owner.businessId, [{ productId: p._id, quantity: 1 }], 1000);
    const results = await Promise.all([
      edit(sale._id, { products: [{ productId: p._id, quantity: 2 }], payments: cash(2000) }),
      edit(sale._id, { products: [{ productId: p._id, quantity: 3 }], payments: cash(3000) }),
    ]);
    expect(statusCounts(results)).toEqual({ 200: 1, 409: 1 });
    expect(await quantityOf(t.app, owner, p._id)).toBe(0);
    expect((await o().get(`/api/sales/${sale._id}`)).json().products[0].productQuantity).toBe(2);
    await expectLedgerBalanced(t.database, owner.businessId);
  });
});

describe("PUT /api/sales/{id} on a credit sale", () => {
  it("keeps what was collected: the balance is the new credit amount less the payments received", async () => {
    const p = await product();
    const sale = await soldOnCredit(t.app, owner, owner.businessId, { productId: p._id, quantity: 5, total: 5000 });
    expect(
      (await o().put(`/api/sales/salecredit/${sale._id}`, { amountPaid: 2000, paymentMethod: "Cash" })).statusCode,
    ).toBe(200);
    const res = await edit(sale._id, {
      products: [{ productId: p._id, quantity: 4 }],
      payments: [{ method: "Credit", amount: 4000 }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      amount: 4000,
      balance: 2000,
      amountPaid: 2000,
      creditStatus: "Partial",
      creditPaymentMethod: "Cash",
      customerName: "Wanjiku Kamau",
      customerPhone: "0722000111",
    });
    expect(res.json().paymentTransactions).toHaveLength(1);
    const cleared = await edit(sale._id, {
      products: [{ productId: p._id, quantity: 2 }],
      payments: [{ method: "Credit", amount: 2000 }],
      customerName: "Wanjiku K.",
      customerPhone: "0722000112",
    });
    expect(cleared.json()).toMatchObject({
      amount: 2000,
      balance: 0,
      creditStatus: "Cleared",
      clearedBy: owner.username,
      customerName: "Wanjiku K.",
      customerPhone: "0722000112",
    });
  });

  it("refuses a new credit amount below what was already collected (422), nothing written", async () => {
    const p = await product();
    const sale = await soldOnCredit(t.app, owner, owner.businessId, { productId: p._id, quantity: 5, total: 5000 });
    await o().put(`/api/sales/salecredit/${sale._id}`, { amountPaid: 3000, paymentMethod: "M-Pesa" });
    const before = await databaseFingerprint(t.database);
    const lower = await edit(sale._id, {
      products: [{ productId: p._id, quantity: 2 }],
      payments: [{ method: "Credit", amount: 2000 }],
    });
    expect(lower.statusCode).toBe(422);
    const toCash = await edit(sale._id, { products: [{ productId: p._id, quantity: 5 }], payments: cash(5000) });
    expect(toCash.statusCode).toBe(422);
    expect(await databaseFingerprint(t.database)).toEqual(before);
  });

  it("a credit sale edited to be paid in cash (nothing collected yet) is no longer on credit", async () => {
    const p = await product();
    const sale = await soldOnCredit(t.app, owner, owner.businessId, { productId: p._id, quantity: 1, total: 1000 });
    const res = await edit(sale._id, { products: [{ productId: p._id, quantity: 1 }], payments: cash(1000) });
    expect(res.json()).toMatchObject({
      paymentStatus: "Paid",
      balance: 0,
      amountPaid: 1000,
      creditStatus: null,
      creditPaymentMethod: null,
      clearedBy: null,
    });
    expect(
      (await o().get(`/api/sales?businessId=${owner.businessId}&credit=true&limit=1000`))
        .json()
        .map((s: Sale) => s._id),
    ).not.toContain(sale._id);
  });
});
