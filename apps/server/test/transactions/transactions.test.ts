import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CashUp, CashUpPreview, ManualTransaction, TransactionPage } from "@app/shared/transactions/transaction";
import {
  createTestApp,
  databaseFingerprint,
  registerBusiness,
  registerEmployee,
  type Owner,
  type Staff,
  type TestApp,
} from "../factories/app.ts";
import { moneyLedgerProblems, ok } from "../factories/money.ts";
import { pdfText } from "../factories/payroll.ts";
import { api, newProduct } from "../factories/sales.ts";

/** The cash book (/api/transactions), manual transactions, and the end-of-day cash-up with its Z report. */
let t: TestApp;
let owner: Owner;
let cashier: Staff;
let product: { _id: string };

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerBusiness(t.app);
  cashier = await registerEmployee(t.app, owner, owner.businessId, { occupation: "Cashier" });
  product = await newProduct(t.app, owner, owner.businessId, { sellingprice: 10_000, quantity: 1000 });
});
afterAll(() => t.close());

const book = (query = "", token = owner.token) =>
  ok<TransactionPage>(api(t.app, token).get(`/api/transactions?businessId=${owner.businessId}${query}`));
const sell = (token: string, payments: object[]) =>
  ok(
    api(t.app, token).post("/api/sales", {
      businessId: owner.businessId,
      products: [{ productId: product._id, quantity: 1 }],
      payments,
    }),
  );

describe("the cash book", () => {
  it("lists every movement newest first with who, kind, method and reference, and totals of the whole filter", async () => {
    await sell(cashier.token, [{ method: "M-Pesa", amount: 10_000, reference: "QK11AA22BB" }]);
    await ok(
      api(t.app, owner.token).post("/api/transactions", {
        businessId: owner.businessId,
        kind: "capital_in",
        method: "Bank Transfer",
        amount: 500_000,
        note: "Loan from SACCO",
      }),
    );
    const page = await book("&pageSize=1");
    expect(page.items).toHaveLength(1);
    expect(page.total).toBe(2);
    expect(page.items[0]).toMatchObject({
      kind: "capital_in",
      direction: "in",
      method: "Bank Transfer",
      amount: 500_000,
      manual: true,
      deletable: true,
      who: owner.username,
    });
    expect(page.totals).toMatchObject({ in: 510_000, out: 0, net: 510_000 });
    const mpesa = await book("&method=M-Pesa");
    expect(mpesa.items).toEqual([
      expect.objectContaining({
        kind: "sale_payment",
        reference: "QK11AA22BB",
        description: expect.stringMatching(/^Sale #\d+$/),
        who: cashier.username,
        manual: false,
        deletable: false,
      }),
    ]);
    expect((await book("&q=SACCO")).items).toHaveLength(1);
  });

  it("records a bank deposit of cash as cash out and bank in; deleting it appends the reversal", async () => {
    const deposit = await ok<ManualTransaction>(
      api(t.app, owner.token).post("/api/transactions", {
        businessId: owner.businessId,
        kind: "bank_deposit",
        amount: 30_000,
        reference: "SLIP-9",
      }),
    );
    const rows = (await book("&q=SLIP-9")).items;
    expect(rows.map((r) => [r.direction, r.method, r.amount])).toEqual(
      expect.arrayContaining([
        ["out", "Cash", 30_000],
        ["in", "Bank Transfer", 30_000],
      ]),
    );
    const deleted = await ok<ManualTransaction>(api(t.app, owner.token).del(`/api/transactions/${rows[0]!._id}`));
    expect(deleted).toMatchObject({ _id: deposit._id, deletedAt: expect.any(String) });
    expect((await api(t.app, owner.token).del(`/api/transactions/${rows[1]!._id}`)).statusCode).toBe(409);
    const after = (await book("&q=SLIP-9")).items;
    expect(after).toHaveLength(4);
    expect(after.filter((r) => r.correction === "deleted")).toHaveLength(2);
    expect(after.every((r) => !r.deletable)).toBe(true);
    expect(await moneyLedgerProblems(t.database, owner.businessId)).toEqual([]);
  });

  it("refuses to delete a movement of a sale (409: it changes through the sale), and bad input (400), nothing saved", async () => {
    const sale = (await book("&kind=sale_payment")).items[0]!;
    const before = await databaseFingerprint(t.database);
    const res = await api(t.app, owner.token).del(`/api/transactions/${sale._id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toMatch(/Sale #\d+/);
    for (const body of [
      { kind: "capital_in", amount: 0 },
      { kind: "capital_in", amount: -1 },
      { kind: "sale_payment", amount: 100 },
      { kind: "owner_drawing", amount: 100, method: "Credit" },
    ])
      expect(
        (await api(t.app, owner.token).post("/api/transactions", { businessId: owner.businessId, ...body })).statusCode,
      ).toBe(400);
    expect(await databaseFingerprint(t.database)).toEqual(before);
  });

  it("is for the owner and Cashiers, never Stock Handlers (spec section 6); deleting is the owner's", async () => {
    expect((await api(t.app, cashier.token).get(`/api/transactions?businessId=${owner.businessId}`)).statusCode).toBe(
      200,
    );
    const handler = await registerEmployee(t.app, owner, owner.businessId, {
      occupation: "Stock Handler",
      handleStock: true,
    });
    const manager = await registerEmployee(t.app, owner, owner.businessId, { occupation: "Manager" });
    for (const who of [handler, manager])
      expect((await api(t.app, who.token).get(`/api/transactions?businessId=${owner.businessId}`)).statusCode).toBe(
        403,
      );
    const mine = (await book("&manual=true")).items.find((r) => r.deletable)!;
    expect((await api(t.app, cashier.token).del(`/api/transactions/${mine._id}`)).statusCode).toBe(403);
    const stranger = await registerBusiness(t.app);
    expect((await api(t.app, stranger.token).del(`/api/transactions/${mine._id}`)).statusCode).toBe(404);
  });
});

describe("the end-of-day cash-up", () => {
  it("expects float + cash in - cash out for a till, records the counted cash and the difference, M-Pesa and bank beside", async () => {
    const fresh = await registerBusiness(t.app);
    const till = await registerEmployee(t.app, fresh, fresh.businessId, { occupation: "Cashier" });
    const p = await newProduct(t.app, fresh, fresh.businessId, { sellingprice: 10_000, quantity: 100 });
    const sale = (payments: object[], token = till.token) =>
      ok(
        api(t.app, token).post("/api/sales", {
          businessId: fresh.businessId,
          products: [{ productId: p._id, quantity: 1 }],
          payments,
        }),
      );
    await sale([{ method: "Cash", amount: 10_000, tendered: 20_000 }]);
    await sale([{ method: "Cash", amount: 10_000 }]);
    await sale([{ method: "M-Pesa", amount: 10_000, reference: "QK99ZZ11AA" }]);
    // A credit sale with a down payment: only the cash part moves money.
    await ok(
      api(t.app, till.token).post("/api/sales", {
        businessId: fresh.businessId,
        products: [{ productId: p._id, quantity: 1 }],
        payments: [
          { method: "Cash", amount: 4_000 },
          { method: "Credit", amount: 6_000 },
        ],
        customerName: "Otieno",
        customerPhone: "0711222333",
      }),
    );
    await ok(
      api(t.app, till.token).post("/api/expenses/tillCashOut", {
        businessId: fresh.businessId,
        amount: 1_500,
        paidTo: "Cleaner",
      }),
    );
    // The owner's own sale is in the owner's till, not the cashier's.
    await sale([{ method: "Cash", amount: 10_000 }], fresh.token);

    const preview = await ok<CashUpPreview>(
      api(t.app, till.token).get(`/api/transactions/cashup?businessId=${fresh.businessId}`),
    );
    expect(preview.users).toEqual([
      expect.objectContaining({
        userId: till.employeeId,
        cashIn: 24_000,
        cashOut: 1_500,
        mpesaIn: 10_000,
        since: null,
      }),
    ]);

    const cashUp = await ok<CashUp>(
      api(t.app, till.token).post("/api/transactions/cashup", {
        businessId: fresh.businessId,
        userId: till.employeeId,
        openingFloat: 5_000,
        countedCash: 27_000,
      }),
    );
    expect(cashUp).toMatchObject({
      zNumber: 1,
      userName: till.username,
      openingFloat: 5_000,
      cashIn: 24_000,
      cashOut: 1_500,
      expectedCash: 27_500,
      countedCash: 27_000,
      difference: -500,
      mpesaIn: 10_000,
      bankIn: 0,
    });
    // Counted once: a second cash-up of the till starts from nothing, and suggests the last float.
    const again = await ok<CashUpPreview>(
      api(t.app, till.token).get(`/api/transactions/cashup?businessId=${fresh.businessId}`),
    );
    expect(again.users[0]).toMatchObject({
      movementCount: 0,
      cashIn: 0,
      suggestedFloat: 5_000,
      since: cashUp.periodEnd,
    });
    await sale([{ method: "Cash", amount: 10_000 }]);
    const second = await ok<CashUp>(
      api(t.app, till.token).post("/api/transactions/cashup", {
        businessId: fresh.businessId,
        userId: till.employeeId,
        openingFloat: 5_000,
        countedCash: 15_000,
      }),
    );
    expect(second).toMatchObject({ zNumber: 2, cashIn: 10_000, expectedCash: 15_000, difference: 0, movementCount: 1 });

    // The owner's cash-up of every till counts everything of the day, the cashier's movements included.
    const all = await ok<CashUp>(
      api(t.app, fresh.token).post("/api/transactions/cashup", {
        businessId: fresh.businessId,
        openingFloat: 0,
        countedCash: 42_500,
      }),
    );
    expect(all).toMatchObject({
      zNumber: 3,
      userId: null,
      cashIn: 44_000,
      cashOut: 1_500,
      expectedCash: 42_500,
      difference: 0,
    });

    // A cashier closes only their own till.
    const other = await registerEmployee(t.app, fresh, fresh.businessId, { occupation: "Cashier" });
    expect(
      (
        await api(t.app, other.token).post("/api/transactions/cashup", {
          businessId: fresh.businessId,
          userId: till.employeeId,
          openingFloat: 0,
          countedCash: 0,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await api(t.app, other.token).get(`/api/transactions/cashups?businessId=${fresh.businessId}`)).json(),
    ).toEqual([]);

    // The Z report.
    const z = await api(t.app, fresh.token).get(`/api/transactions/cashups/${cashUp._id}/zreport`);
    expect(z.statusCode).toBe(200);
    expect(z.headers["content-type"]).toBe("application/pdf");
    const text = pdfText(z.rawPayload);
    for (const want of [
      "Z REPORT #1",
      `Till: ${till.username}`,
      "Opening float",
      "KES 50.00",
      "Expected cash",
      "KES 275.00",
      "Counted cash",
      "KES 270.00",
      "Difference (short)",
      "KES -5.00",
      "M-Pesa in",
      "KES 100.00",
    ])
      expect(text, want).toContain(want);
  });

  it("two cash-ups of one till at the same moment never count a movement twice", async () => {
    const fresh = await registerBusiness(t.app);
    const p = await newProduct(t.app, fresh, fresh.businessId, { sellingprice: 1_000, quantity: 100 });
    for (let i = 0; i < 5; i++)
      await ok(
        api(t.app, fresh.token).post("/api/sales", {
          businessId: fresh.businessId,
          products: [{ productId: p._id, quantity: 1 }],
          payments: [{ method: "Cash", amount: 1_000 }],
        }),
      );
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        api(t.app, fresh.token).post("/api/transactions/cashup", {
          businessId: fresh.businessId,
          openingFloat: 0,
          countedCash: 0,
        }),
      ),
    );
    const made = answers.map((a) => a.json() as CashUp);
    expect(made.map((c) => c.zNumber).sort()).toEqual([1, 2, 3]);
    expect(made.reduce((s, c) => s + c.cashIn, 0)).toBe(5_000);
    expect(made.reduce((s, c) => s + c.movementCount, 0)).toBe(5);
  });
});
