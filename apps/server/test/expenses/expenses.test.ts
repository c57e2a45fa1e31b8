import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Expense, ExpensePage } from "@app/shared/expenses/expense";
import {
  createTestApp,
  databaseFingerprint,
  registerBusiness,
  registerEmployee,
  type Owner,
  type TestApp,
} from "../factories/app.ts";
import { categoriesOf, moneyLedgerProblems, newExpense, ok } from "../factories/money.ts";
import { api } from "../factories/sales.ts";

/** Expenses: categories, eTIMS flag and deductible totals, edits and deletes in the ledger, receipt photos, the till's cash-out, access. */
let t: TestApp;
let owner: Owner;
let cats: Record<string, string>;

const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4e70000000049454e44ae426082",
  "hex",
);
const upload = (id: string, data: Buffer, token = owner.token) => {
  const boundary = "----expense";
  return t.app.inject({
    method: "POST",
    url: `/api/expenses/${id}/receipt`,
    headers: { authorization: `Bearer ${token}`, "content-type": `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="r.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
};
const movementsOf = async (id: string) =>
  (
    await t.database.pool.query(
      `SELECT direction, method, amount::int, correction FROM money_movements WHERE source_id = $1 ORDER BY seq`,
      [id],
    )
  ).rows;

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerBusiness(t.app);
  cats = await categoriesOf(t.app, owner, owner.businessId);
});
afterAll(() => t.close());

describe("expenses", () => {
  it("start with the default categories and take the business's own", async () => {
    expect(Object.keys(cats).sort()).toEqual([
      "Other",
      "Rent",
      "Repairs",
      "Stock purchase",
      "Transport",
      "Utilities",
      "Wages",
    ]);
    await ok(
      api(t.app, owner.token).post("/api/expenses/categories", { businessId: owner.businessId, name: "Security" }),
    );
    const res = await api(t.app, owner.token).post("/api/expenses/categories", {
      businessId: owner.businessId,
      name: "security",
    });
    expect(res.statusCode).toBe(409);
    expect(Object.keys(await categoriesOf(t.app, owner, owner.businessId))).toContain("Security");
  });

  it("are recorded with their money out in the ledger, and totals split by eTIMS invoice (deductible)", async () => {
    const rent = await newExpense(t.app, owner, owner.businessId, {
      amount: 2_500_000,
      hasEtimsInvoice: true,
      reference: "INV-77",
      spentAt: "2026-03-01T09:00:00.000Z",
    });
    const fuel = await newExpense(t.app, owner, owner.businessId, {
      categoryId: cats.Transport,
      amount: 350_000,
      method: "Cash",
      paidTo: "Shell Thika Road",
      spentAt: "2026-03-02T09:00:00.000Z",
    });
    expect(await movementsOf(rent._id)).toEqual([
      { direction: "out", method: "Bank Transfer", amount: 2_500_000, correction: null },
    ]);
    const page = await ok<ExpensePage>(
      api(t.app, owner.token).get(
        `/api/expenses?businessId=${owner.businessId}&from=2026-03-01T00:00:00Z&to=2026-04-01T00:00:00Z`,
      ),
    );
    expect(page.items.map((e) => e._id)).toEqual([fuel._id, rent._id]);
    expect(page.totals).toMatchObject({ count: 2, amount: 2_850_000, deductible: 2_500_000, nonDeductible: 350_000 });
    expect(page.totals.byCategory).toEqual([
      { categoryId: cats.Rent, category: "Rent", amount: 2_500_000 },
      { categoryId: cats.Transport, category: "Transport", amount: 350_000 },
    ]);
    const cashOnly = await ok<ExpensePage>(
      api(t.app, owner.token).get(`/api/expenses?businessId=${owner.businessId}&method=Cash`),
    );
    expect(cashOnly.items.map((e) => e._id)).toEqual([fuel._id]);
  });

  it("edits and deletes append correcting movements; the ledger still equals the expenses", async () => {
    const e = await newExpense(t.app, owner, owner.businessId, { amount: 10_000, method: "Cash" });
    const edited = await ok<Expense>(
      api(t.app, owner.token).put(`/api/expenses/${e._id}`, { amount: 12_000, method: "M-Pesa" }),
    );
    expect(edited).toMatchObject({ amount: 12_000, method: "M-Pesa" });
    expect(await movementsOf(e._id)).toEqual([
      { direction: "out", method: "Cash", amount: 10_000, correction: null },
      { direction: "in", method: "Cash", amount: 10_000, correction: "edited" },
      { direction: "out", method: "M-Pesa", amount: 12_000, correction: "edited" },
    ]);
    const deleted = await ok<Expense>(api(t.app, owner.token).del(`/api/expenses/${e._id}`));
    expect(deleted.deletedAt).not.toBeNull();
    expect((await api(t.app, owner.token).del(`/api/expenses/${e._id}`)).statusCode).toBe(409);
    expect(await moneyLedgerProblems(t.database, owner.businessId)).toEqual([]);
    const page = await ok<ExpensePage>(api(t.app, owner.token).get(`/api/expenses?businessId=${owner.businessId}`));
    expect(page.items.map((x) => x._id)).not.toContain(e._id);
  });

  it("keep a receipt photo, checked like product images", async () => {
    const e = await newExpense(t.app, owner, owner.businessId);
    const res = await upload(e._id, PNG);
    expect(res.statusCode, res.body).toBe(200);
    const image = (res.json() as Expense).receiptImage!;
    expect(image).toMatch(/^\/api\/files\/expenses\/.+\.png$/);
    expect((await t.app.inject({ method: "GET", url: image })).statusCode).toBe(200);
    const notImage = await upload(e._id, Buffer.from("GIF89a not a png"));
    expect(notImage.statusCode).toBe(400);
    expect((await api(t.app, owner.token).del(`/api/expenses/${e._id}/receipt`)).json()).toMatchObject({
      receiptImage: null,
    });
  });

  it("refuse zero, negative and fractional amounts, unknown methods and another business's category, nothing saved", async () => {
    const other = await registerBusiness(t.app);
    const theirs = await categoriesOf(t.app, other, other.businessId);
    const base = { businessId: owner.businessId, categoryId: cats.Rent, amount: 100, method: "Cash", paidTo: "X" };
    for (const body of [
      { ...base, amount: 0 },
      { ...base, amount: -100 },
      { ...base, amount: 10.5 },
      { ...base, method: "Cheque" },
      { ...base, paidTo: "" },
      { ...base, categoryId: theirs.Rent },
    ]) {
      const before = await databaseFingerprint(t.database);
      const res = await api(t.app, owner.token).post("/api/expenses", body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(await databaseFingerprint(t.database)).toEqual(before);
    }
  });
});

describe("the till's cash-out", () => {
  it("is an expense paid in Cash from the cashier's till, in Other unless a category is chosen", async () => {
    const cashier = await registerEmployee(t.app, owner, owner.businessId, { occupation: "Cashier" });
    const out = await ok<Expense>(
      api(t.app, cashier.token).post("/api/expenses/tillCashOut", {
        businessId: owner.businessId,
        amount: 20_000,
        paidTo: "Water vendor",
      }),
    );
    expect(out).toMatchObject({
      method: "Cash",
      fromTill: true,
      category: "Other",
      hasEtimsInvoice: false,
      recordedBy: cashier.username,
    });
    const { rows } = await t.database.pool.query(
      `SELECT actor_id, kind, direction, method FROM money_movements WHERE source_id = $1`,
      [out._id],
    );
    expect(rows).toEqual([{ actor_id: cashier.employeeId, kind: "expense", direction: "out", method: "Cash" }]);
    // A cashier without viewExpenses reads the categories (for the POS dialog) but not the expenses.
    expect(
      (await api(t.app, cashier.token).get(`/api/expenses/categories?businessId=${owner.businessId}`)).statusCode,
    ).toBe(200);
    expect((await api(t.app, cashier.token).get(`/api/expenses?businessId=${owner.businessId}`)).statusCode).toBe(403);
    expect((await api(t.app, cashier.token).get(`/api/expenses/${out._id}`)).statusCode).toBe(403);
  });
});

describe("access (spec section 6: the owner or viewExpenses)", () => {
  it("lets staff with viewExpenses in, and refuses others and other businesses", async () => {
    const clerk = await registerEmployee(t.app, owner, owner.businessId, {
      occupation: "Accountant",
      viewExpenses: true,
    });
    const e = await ok<Expense>(
      api(t.app, clerk.token).post("/api/expenses", {
        businessId: owner.businessId,
        categoryId: cats.Utilities,
        amount: 4_000,
        method: "M-Pesa",
        paidTo: "KPLC",
      }),
    );
    const handler = await registerEmployee(t.app, owner, owner.businessId, {
      occupation: "Stock Handler",
      handleStock: true,
    });
    expect((await api(t.app, handler.token).get(`/api/expenses?businessId=${owner.businessId}`)).statusCode).toBe(403);
    const stranger = await registerBusiness(t.app);
    expect((await api(t.app, stranger.token).get(`/api/expenses/${e._id}`)).statusCode).toBe(404);
    expect((await api(t.app, stranger.token).del(`/api/expenses/${e._id}`)).statusCode).toBe(404);
  });
});
