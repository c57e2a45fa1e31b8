import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { MAX_CENTS, MAX_LINE_QUANTITY, MAX_STOCK_QUANTITY } from "@app/shared/money/limits";
import {
  client,
  countRows,
  createTestApp,
  databaseFingerprint,
  registerBusiness,
  registerEmployee,
  type Owner,
  type TestApp,
} from "../factories/app.ts";
import { expectLedgerBalanced, ledgerOf, newProduct, quantityOf, sell, sold } from "../factories/sales.ts";

let t: TestApp;
let owner: Owner;
let other: Owner;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerBusiness(t.app);
  other = await registerBusiness(t.app);
});
afterAll(() => t.close());

describe("POST /api/sales", () => {
  it("records the sale, prices it by sellingprice, takes the stock through the ledger", async () => {
    const sugar = await newProduct(t.app, owner, owner.businessId, { sellingprice: 18000, quantity: 10 });
    const salt = await newProduct(t.app, owner, owner.businessId, { sellingprice: 5000, quantity: 10 });
    const res = await sell(
      t.app,
      owner,
      owner.businessId,
      [
        { productId: sugar._id, quantity: 2 },
        { productId: salt._id, quantity: 1 },
      ],
      41000,
      {
        payments: [{ method: "Cash", amount: 41000, tendered: 50000 }],
      },
    );
    expect(res.statusCode, res.body).toBe(201);
    const sale = res.json();
    expect(sale).toMatchObject({
      channel: "retail",
      status: "completed",
      paymentStatus: "Paid",
      paymentMethod: "Cash",
      amount: 41000,
      change: 9000,
      balance: 0,
      amountPaid: 41000,
      creditStatus: null,
      servedBy: owner.username,
    });
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
    const res = await sell(
      t.app,
      owner,
      owner.businessId,
      [
        { productId: a._id, quantity: 2 },
        { productId: b._id, quantity: 1 },
      ],
      30000,
    );
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
    const bad = await sell(t.app, owner, owner.businessId, [{ productId: p._id, quantity: 1 }], 10000, {
      payments: [{ method: "Credit", amount: 10000 }],
      customerName: "Achieng",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty("customerPhone");
    const sale = await sold(t.app, owner, owner.businessId, [{ productId: p._id, quantity: 1 }], 10000, {
      payments: [{ method: "Credit", amount: 10000 }],
      customerName: "Achieng",
      customerPhone: "0722000111",
    });
    expect(sale).toMatchObject({
      paymentStatus: "Credit",
      amount: 10000,
      balance: 10000,
      amountPaid: 0,
      creditStatus: "Pending",
      creditPaymentMethod: "Not Paid",
      paymentTransactions: [],
    });
  });

  it("refuses the sale when prices changed since the ticket was made", async () => {
    const p = await newProduct(t.app, owner, owner.businessId, { sellingprice: 10000 });
    const res = await sell(t.app, owner, owner.businessId, [{ productId: p._id, quantity: 1 }], 10000, {
      expectedTotal: 9000,
    });
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
    const handler = await registerEmployee(t.app, owner, owner.businessId, {
      occupation: "Stock Handler",
      handleStock: true,
    });
    const p = await newProduct(t.app, owner, owner.businessId);
    expect((await sell(t.app, handler, owner.businessId, [{ productId: p._id, quantity: 1 }], 10000)).statusCode).toBe(
      201,
    );
    expect((await client(t.app, handler.token).get(`/api/sales?businessId=${owner.businessId}`)).statusCode).toBe(403);
  });
});

describe("POST /api/sales: what is stored and what is refused", () => {
  it("merges two lines of one product, links the ledger rows to the sale, and reads back the same sale", async () => {
    const p = await newProduct(t.app, owner, owner.businessId, { sellingprice: 2500, quantity: 10 });
    const sale = await sold(
      t.app,
      owner,
      owner.businessId,
      [
        { productId: p._id, quantity: 1 },
        { productId: p._id, quantity: 2 },
      ],
      7500,
    );
    expect(sale.products).toEqual([
      {
        productId: p._id,
        name: p.name,
        image: null,
        productQuantity: 3,
        productPrice: 2500,
        totalPrice: 7500,
        taxType: "D",
        listPrice: 2500,
        discount: 0,
        discountReason: null,
        approvedBy: null,
        promotionId: null,
        promotionName: null,
      },
    ]);
    // Not registered for VAT: the whole sale is one non-VAT band, and with no KRA PIN eTIMS is not required.
    expect(sale.vatBands).toEqual([{ taxType: "D", rateBp: 0, taxable: 7500, tax: 0, total: 7500 }]);
    expect(sale.etimsState).toBe("not_required");
    expect(await ledgerOf(t.database, p._id)).toEqual([
      { reason: "adjustment", delta: 10, refType: null, refId: null },
      { reason: "sale", delta: -3, refType: "sale", refId: sale._id },
    ]);
    const read = await client(t.app, owner.token).get(`/api/sales/${sale._id}`);
    expect(read.json()).toEqual(sale);
  });

  it("a down payment with the rest on credit starts Partial; amountPaid is what was paid", async () => {
    const p = await newProduct(t.app, owner, owner.businessId, { sellingprice: 30000 });
    const sale = await sold(t.app, owner, owner.businessId, [{ productId: p._id, quantity: 1 }], 30000, {
      payments: [
        { method: "M-Pesa", amount: 10000, reference: "QX12345678" },
        { method: "Credit", amount: 20000 },
      ],
      customerName: "Otieno",
      customerPhone: "0733000444",
    });
    expect(sale).toMatchObject({
      paymentStatus: "Credit",
      paymentMethod: "Split",
      amount: 30000,
      balance: 20000,
      amountPaid: 10000,
      creditStatus: "Partial",
      creditPaymentMethod: "Not Paid",
      customerName: "Otieno",
      customerPhone: "0733000444",
    });
  });

  it("records the section and table by name, and refuses a table of another section (404) with nothing written", async () => {
    const api = client(t.app, owner.token);
    const terrace = (
      await api.post("/api/sections", { businessId: owner.businessId, name: "Terrace", tables: [{ name: "T1" }] })
    ).json();
    const hall = (
      await api.post("/api/sections", { businessId: owner.businessId, name: "Hall", tables: [{ name: "H1" }] })
    ).json();
    const p = await newProduct(t.app, owner, owner.businessId);
    const sale = await sold(t.app, owner, owner.businessId, [{ productId: p._id, quantity: 1 }], 10000, {
      sectionId: terrace._id,
      tableId: terrace.tables[0]._id,
    });
    expect(sale).toMatchObject({
      sectionId: terrace._id,
      sectionName: "Terrace",
      tableId: terrace.tables[0]._id,
      tableName: "T1",
    });
    const before = await databaseFingerprint(t.database);
    const wrong = await sell(t.app, owner, owner.businessId, [{ productId: p._id, quantity: 1 }], 10000, {
      sectionId: terrace._id,
      tableId: hall.tables[0]._id,
    });
    expect(wrong.statusCode).toBe(404);
    const gone = await sell(t.app, owner, owner.businessId, [{ productId: p._id, quantity: 1 }], 10000, {
      sectionId: randomUUID(),
    });
    expect(gone.statusCode).toBe(404);
    expect(await databaseFingerprint(t.database)).toEqual(before);
  });

  it("an unknown product, or another business's product, is 404 with nothing written", async () => {
    const theirs = await newProduct(t.app, other, other.businessId, { quantity: 5 });
    const before = await databaseFingerprint(t.database);
    for (const productId of [randomUUID(), theirs._id]) {
      const res = await sell(t.app, owner, owner.businessId, [{ productId, quantity: 1 }], 10000);
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().error.message).toContain(productId);
    }
    expect(await databaseFingerprint(t.database)).toEqual(before);
    expect(await quantityOf(t.app, other, theirs._id)).toBe(5);
  });

  it("a product no longer sold (inactive) is 409 naming it", async () => {
    const p = await newProduct(t.app, owner, owner.businessId, { name: "Old stock soap", active: false });
    const res = await sell(t.app, owner, owner.businessId, [{ productId: p._id, quantity: 1 }], 10000);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toContain("Old stock soap");
  });

  it("malformed tickets and payments are 400 with nothing written", async () => {
    const p = await newProduct(t.app, owner, owner.businessId);
    const line = [{ productId: p._id, quantity: 1 }];
    const before = await databaseFingerprint(t.database);
    const bad: [Record<string, unknown>, string][] = [
      [{ products: [] }, "products"],
      [{ products: [{ productId: p._id, quantity: 0 }] }, "products.0.quantity"],
      [{ products: [{ productId: p._id, quantity: 1.5 }] }, "products.0.quantity"],
      [{ products: [{ productId: "nope", quantity: 1 }] }, "products.0.productId"],
      [{ payments: [{ method: "Cheque", amount: 10000 }] }, "payments.0.method"],
      [{ payments: [{ method: "M-Pesa", amount: 10000 }] }, "payments.0.reference"],
      [{ payments: [{ method: "Cash", amount: 10000, tendered: 5000 }] }, "payments.0.tendered"],
      [{ payments: [] }, "payments"],
      [{ payments: [{ method: "Cash", amount: 12000 }] }, "payments"],
      [{ payments: [{ method: "Credit", amount: 10000 }], customerPhone: "0722000111" }, "customerName"],
      [
        { payments: [{ method: "Credit", amount: 10000 }], customerName: "Achieng", customerPhone: "072200011" },
        "customerPhone",
      ],
    ];
    for (const [over, field] of bad) {
      const res = await sell(t.app, owner, owner.businessId, line, 10000, over);
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().error.code).toBe("VALIDATION_ERROR");
      expect(Object.keys(res.json().error.fields ?? {}), JSON.stringify(over)).toContain(field);
    }
    expect(await databaseFingerprint(t.database)).toEqual(before);
  });

  it("401 without a session, 403 for another business, with nothing written", async () => {
    const p = await newProduct(t.app, owner, owner.businessId);
    const before = await databaseFingerprint(t.database);
    const anonymous = await client(t.app).post("/api/sales", {
      businessId: owner.businessId,
      products: [{ productId: p._id, quantity: 1 }],
      payments: [{ method: "Cash", amount: 10000 }],
    });
    expect(anonymous.statusCode).toBe(401);
    const foreign = await sell(t.app, other, owner.businessId, [{ productId: p._id, quantity: 1 }], 10000);
    expect(foreign.statusCode).toBe(403);
    expect(await databaseFingerprint(t.database)).toEqual(before);
  });
});

describe("POST /api/sales: the largest allowed figures (issue 18, item 7)", () => {
  it("a sale of the largest allowed total is recorded; one above it is 400 naming the limit, with nothing written", async () => {
    const gold = await newProduct(t.app, owner, owner.businessId, {
      sellingprice: MAX_CENTS,
      wholesalePrice: MAX_CENTS,
      buyingPrice: MAX_CENTS,
      quantity: MAX_STOCK_QUANTITY,
    });
    const ok = await sell(t.app, owner, owner.businessId, [{ productId: gold._id, quantity: 1 }], MAX_CENTS);
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().amount).toBe(MAX_CENTS);
    const before = await databaseFingerprint(t.database);
    // Two payments of the largest amount each cover twice it: the total itself is over the limit.
    const over = await sell(t.app, owner, owner.businessId, [{ productId: gold._id, quantity: 2 }], 2 * MAX_CENTS, {
      payments: [
        { method: "Cash", amount: MAX_CENTS },
        { method: "Bank Transfer", amount: MAX_CENTS },
      ],
    });
    expect(over.statusCode, over.body).toBe(400);
    expect(over.json().error.fields).toEqual({ products: "The total is above KES 1,000,000,000.00" });
    // The most units a line may hold, at the largest price: refused the same way, never a 500.
    const most = await sell(
      t.app,
      owner,
      owner.businessId,
      Array.from({ length: 3 }, () => ({ productId: gold._id, quantity: MAX_LINE_QUANTITY })),
      MAX_CENTS,
    );
    expect(most.statusCode, most.body).toBe(400);
    expect(await databaseFingerprint(t.database)).toEqual(before);
  });
});

describe("POST /api/sales: the Idempotency-Key and the account", () => {
  it("a key shorter than 8 characters is 400; a refused sale does not use up its key", async () => {
    const p = await newProduct(t.app, owner, owner.businessId, { quantity: 5 });
    const line = [{ productId: p._id, quantity: 1 }];
    const before = await databaseFingerprint(t.database);
    expect(
      (await sell(t.app, owner, owner.businessId, line, 10000, {}, { "idempotency-key": "short" })).statusCode,
    ).toBe(400);
    const key = { "idempotency-key": `till-2-${randomUUID()}` };
    expect((await sell(t.app, owner, owner.businessId, line, 9000, {}, key)).statusCode).toBe(400);
    expect(await databaseFingerprint(t.database)).toEqual(before);
    const fixed = await sell(t.app, owner, owner.businessId, line, 10000, {}, key);
    expect(fixed.statusCode, fixed.body).toBe(201);
    expect(await quantityOf(t.app, owner, p._id)).toBe(4);
  });

  it("a deactivated business account cannot sell (403 ACCOUNT_INACTIVE), nothing written", async () => {
    const shop = await registerBusiness(t.app);
    const p = await newProduct(t.app, shop, shop.businessId);
    await t.database.pool.query(
      "UPDATE businesses SET account_active = false, inactive_reason = 'suspended' WHERE id = $1",
      [shop.businessId],
    );
    const before = await databaseFingerprint(t.database);
    const res = await sell(t.app, shop, shop.businessId, [{ productId: p._id, quantity: 1 }], 10000);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe("ACCOUNT_INACTIVE");
    expect(await databaseFingerprint(t.database)).toEqual(before);
  });
});
