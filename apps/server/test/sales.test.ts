import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, countRows, createTestApp, databaseFingerprint, registerBusiness, registerEmployee, type Owner, type TestApp } from "./helpers.ts";
import { expectLedgerBalanced, newProduct, quantityOf, sell, sold } from "./pos-helpers.ts";

let t: TestApp;
let owner: Owner;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerBusiness(t.app);
});
afterAll(() => t.close());

describe("POST /api/sales", () => {
  it("records the sale, prices it by sellingprice, takes the stock through the ledger", async () => {
    const sugar = await newProduct(t.app, owner, owner.businessId, { sellingprice: 18000, quantity: 10 });
    const salt = await newProduct(t.app, owner, owner.businessId, { sellingprice: 5000, quantity: 10 });
    const res = await sell(t.app, owner, owner.businessId, [{ productId: sugar._id, quantity: 2 }, { productId: salt._id, quantity: 1 }], 41000, {
      payments: [{ method: "Cash", amount: 41000, tendered: 50000 }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const sale = res.json();
    expect(sale).toMatchObject({ channel: "retail", status: "completed", paymentStatus: "Paid", paymentMethod: "Cash", amount: 41000, change: 9000, balance: 0, amountPaid: 41000, creditStatus: null, servedBy: owner.username });
    expect(sale.products).toEqual([
      expect.objectContaining({ productId: sugar._id, productQuantity: 2, productPrice: 18000, totalPrice: 36000 }),
      expect.objectContaining({ productId: salt._id, productQuantity: 1, productPrice: 5000, totalPrice: 5000 }),
    ]);
    expect(await quantityOf(t.app, owner, sugar._id)).toBe(8);
    expect(await quantityOf(t.app, owner, salt._id)).toBe(9);
    await expectLedgerBalanced(t.database, owner.businessId);
    const again = await client(t.app, owner.token).get(`/api/sales/${sale._id}`);
    expect(again.json()).toMatchObject({ _id: sale._id, saleNumber: sale.saleNumber, amount: 41000 });
  });

  it("numbers sales one after the other per business", async () => {
    const p = await newProduct(t.app, owner, owner.businessId);
    const a = await sold(t.app, owner, owner.businessId, [{ productId: p._id, quantity: 1 }], 10000);
    const b = await sold(t.app, owner, owner.businessId, [{ productId: p._id, quantity: 1 }], 10000);
    expect(b.saleNumber).toBe(a.saleNumber + 1);
  });

  it("refuses a sale short of stock with 409 naming each short product, and records nothing", async () => {
    const a = await newProduct(t.app, owner, owner.businessId, { name: "Maize flour", quantity: 1 });
    const b = await newProduct(t.app, owner, owner.businessId, { name: "Cooking oil", quantity: 0 });
    const before = await databaseFingerprint(t.database);
    const res = await sell(t.app, owner, owner.businessId, [{ productId: a._id, quantity: 2 }, { productId: b._id, quantity: 1 }], 30000);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toContain("Maize flour");
    expect(res.json().error.message).toContain("Cooking oil");
    expect(await databaseFingerprint(t.database)).toEqual(before);
  });

  it("split payment across cash and M-Pesa", async () => {
    const p = await newProduct(t.app, owner, owner.businessId, { sellingprice: 45000 });
    const sale = await sold(t.app, owner, owner.businessId, [{ productId: p._id, quantity: 1 }], 45000, {
      payments: [
        { method: "Cash", amount: 20000, tendered: 20000 },
        { method: "M-Pesa", amount: 25000, reference: "qgh7xyz12a" },
      ],
    });
    expect(sale.paymentMethod).toBe("Split");
    expect(sale.payments).toEqual([
      { method: "Cash", amount: 20000, tendered: 20000, reference: null },
      { method: "M-Pesa", amount: 25000, tendered: null, reference: "QGH7XYZ12A" },
    ]);
  });

  it("refuses payments that do not add up, with nothing written", async () => {
    const p = await newProduct(t.app, owner, owner.businessId);
    const sales = await countRows(t.database, "sales");
    const res = await sell(t.app, owner, owner.businessId, [{ productId: p._id, quantity: 1 }], 9000);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty("payments");
    expect(await countRows(t.database, "sales")).toBe(sales);
  });

  it("a credit sale needs the customer's name and 10-digit phone; it starts Pending with the whole amount owing", async () => {
    const p = await newProduct(t.app, owner, owner.businessId);
    const bad = await sell(t.app, owner, owner.businessId, [{ productId: p._id, quantity: 1 }], 10000, { payments: [{ method: "Credit", amount: 10000 }], customerName: "Achieng" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty("customerPhone");
    const sale = await sold(t.app, owner, owner.businessId, [{ productId: p._id, quantity: 1 }], 10000, { payments: [{ method: "Credit", amount: 10000 }], customerName: "Achieng", customerPhone: "0722000111" });
    expect(sale).toMatchObject({ paymentStatus: "Credit", amount: 10000, balance: 10000, amountPaid: 0, creditStatus: "Pending", creditPaymentMethod: "Not Paid", paymentTransactions: [] });
  });

  it("refuses the sale when prices changed since the ticket was made", async () => {
    const p = await newProduct(t.app, owner, owner.businessId, { sellingprice: 10000 });
    const res = await sell(t.app, owner, owner.businessId, [{ productId: p._id, quantity: 1 }], 10000, { expectedTotal: 9000 });
    expect(res.statusCode).toBe(409);
  });

  it("a retry with the same Idempotency-Key returns the first sale and records nothing twice", async () => {
    const p = await newProduct(t.app, owner, owner.businessId, { quantity: 5 });
    const key = { "idempotency-key": "till-1-sale-0001" };
    const first = await sell(t.app, owner, owner.businessId, [{ productId: p._id, quantity: 2 }], 20000, {}, key);
    const second = await sell(t.app, owner, owner.businessId, [{ productId: p._id, quantity: 2 }], 20000, {}, key);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()._id).toBe(first.json()._id);
    expect(await quantityOf(t.app, owner, p._id)).toBe(3);
    const other = await sell(t.app, owner, owner.businessId, [{ productId: p._id, quantity: 1 }], 10000, {}, key);
    expect(other.statusCode).toBe(422);
  });

  it("a Stock Handler may ring up at the POS but may not list sales", async () => {
    const handler = await registerEmployee(t.app, owner, owner.businessId, { occupation: "Stock Handler", handleStock: true });
    const p = await newProduct(t.app, owner, owner.businessId);
    expect((await sell(t.app, handler, owner.businessId, [{ productId: p._id, quantity: 1 }], 10000)).statusCode).toBe(201);
    expect((await client(t.app, handler.token).get(`/api/sales?businessId=${owner.businessId}`)).statusCode).toBe(403);
  });
});
