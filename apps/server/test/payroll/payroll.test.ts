import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KENYA_RULE_SETS } from "@app/shared/payroll/kenya-rule-sets";
import type { PayslipLine } from "@app/shared/payroll/payroll";
import {
  client,
  countRows,
  createTestApp,
  registerBusiness,
  registerEmployee,
  signInSupport,
  type Owner,
  type Staff,
  type TestApp,
} from "../factories/app.ts";
import { pdfText, runPayroll, savePayProfile } from "../factories/payroll.ts";

const KES = (shillings: number) => Math.round(shillings * 100);

let t: TestApp;
let owner: Owner;
let ann: Staff; // Cashier, basic 50,000
let ben: Staff; // Manager with viewPayroll, basic 100,000
let other: Owner;
let otherStaff: Staff;

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerBusiness(t.app, { businessName: "Payroll Shop" });
  ann = await registerEmployee(t.app, owner, owner.businessId, { occupation: "Cashier" });
  ben = await registerEmployee(t.app, owner, owner.businessId, { occupation: "Manager", viewPayroll: true });
  await savePayProfile(t.app, owner, ann.employeeId, 50_000);
  await savePayProfile(t.app, owner, ben.employeeId, 100_000, {
    payMethod: "bank",
    bankName: "KCB",
    bankAccount: "111",
  });
  other = await registerBusiness(t.app, { businessName: "Other Shop" });
  otherStaff = await registerEmployee(t.app, other, other.businessId);
  await savePayProfile(t.app, other, otherStaff.employeeId, 30_000);
}, 60_000);
afterAll(() => t.close());

const as = (who: { token: string }) => client(t.app, who.token);
const lineOf = (lines: PayslipLine[], who: Staff) => lines.find((l) => l.employeeId === who.employeeId)!;

describe("statutory rule sets", () => {
  it("the migration seeds the Kenyan rule sets of the shared engine, oldest first", async () => {
    const res = await as(ann).get("/api/payrollRuleSets");
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .map((r: { name: string; effectiveFrom: string; rules: unknown }) => [r.name, r.effectiveFrom, r.rules]),
    ).toEqual(KENYA_RULE_SETS.map((r) => [r.name, r.effectiveFrom, r.rules]));
  });

  it("provider support adds one with its date; an owner cannot (403); a second on that date: 409; bad bands: 400", async () => {
    const support = await signInSupport(t.app, t.database);
    const body = {
      name: "Test rules 2030",
      effectiveFrom: "2030-01-01",
      rules: KENYA_RULE_SETS[3]!.rules,
      sources: "test",
    };
    expect((await as(owner).post("/api/payrollRuleSets", body)).statusCode).toBe(403);
    expect((await as(support).post("/api/payrollRuleSets", body)).statusCode).toBe(201);
    expect((await as(support).post("/api/payrollRuleSets", body)).statusCode).toBe(409);
    const rules = KENYA_RULE_SETS[3]!.rules;
    const bad = {
      ...body,
      effectiveFrom: "2031-01-01",
      rules: { ...rules, paye: { ...rules.paye, bands: [{ upTo: 100, rateBp: 1000 }] } },
    };
    expect((await as(support).post("/api/payrollRuleSets", bad)).statusCode).toBe(400);
  });
});

describe("pay profiles", () => {
  it("the owner saves one; payroll readers see it; a cashier without viewPayroll gets 403; another business 404", async () => {
    const res = await as(ben).get(`/api/payProfiles/${ann.employeeId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      employeeName: ann.username,
      basicPay: KES(50_000),
      kraPin: "A123456789B",
      saved: true,
    });
    expect((await as(ann).get(`/api/payProfiles/${ann.employeeId}`)).statusCode).toBe(403);
    expect((await as(ann).get(`/api/payProfiles?businessId=${owner.businessId}`)).statusCode).toBe(403);
    expect((await as(other).get(`/api/payProfiles/${ann.employeeId}`)).statusCode).toBe(404);
    expect((await as(other).put(`/api/payProfiles/${ann.employeeId}`, { basicPay: 1 })).statusCode).toBe(404);
    expect((await as(ben).put(`/api/payProfiles/${ann.employeeId}`, { basicPay: 1 })).statusCode).toBe(403);
  });

  it("negative, fractional and absurd salaries: 400, nothing changed", async () => {
    for (const basicPay of [-100, 10.5, 5_000_000_001, "50000"]) {
      const res = await as(owner).put(`/api/payProfiles/${ann.employeeId}`, { basicPay });
      expect(res.statusCode, JSON.stringify(basicPay)).toBe(400);
    }
    expect((await as(owner).get(`/api/payProfiles/${ann.employeeId}`)).json().basicPay).toBe(KES(50_000));
  });
});

describe("payroll runs", () => {
  let january: { _id: string };

  it("January 2026 uses the Feb 2025 rules: 50,000 -> net 39,029.15 and 100,000 -> net 71,617.65 (NSSF 4,320)", async () => {
    const res = await runPayroll(t.app, owner, owner.businessId, "2026-01");
    expect(res.statusCode, res.body).toBe(201);
    january = res.json();
    expect(res.json()).toMatchObject({ status: "draft", employees: 2, ruleSet: { name: "NSSF year 3 (Feb 2025)" } });
    expect(res.json().totals.net).toBe(KES(39_029.15 + 71_617.65));
    const lines = (await as(owner).get(`/api/payrolls/${january._id}/lines`)).json();
    const a = lineOf(lines, ann).payslip;
    const b = lineOf(lines, ben).payslip;
    expect([a.nssf, a.shif, a.ahl, a.paye, a.net]).toEqual([
      KES(3_000),
      KES(1_375),
      KES(750),
      KES(5_845.85),
      KES(39_029.15),
    ]);
    expect([b.nssf, b.shif, b.ahl, b.paye, b.net]).toEqual([
      KES(4_320),
      KES(2_750),
      KES(1_500),
      KES(19_812.35),
      KES(71_617.65),
    ]);
    expect(lineOf(lines, ben).payTo).toBe("KCB 111");
  });

  it("March 2026 uses the Feb 2026 rules: 100,000 -> NSSF 540 + 5,460 = 6,000", async () => {
    const res = await runPayroll(t.app, owner, owner.businessId, "2026-03");
    expect(res.json().ruleSet.name).toBe("NSSF year 4 (Feb 2026)");
    const lines = (await as(owner).get(`/api/payrolls/${res.json()._id}/lines`)).json();
    expect(lineOf(lines, ben).payslip.nssf).toBe(KES(6_000));
  });

  it("a second run for January: 409, nothing saved; a month before any rule set: 422", async () => {
    const [runs, lines] = [await countRows(t.database, "payroll_runs"), await countRows(t.database, "payroll_lines")];
    const again = await runPayroll(t.app, owner, owner.businessId, "2026-01");
    expect(again.statusCode).toBe(409);
    expect((await runPayroll(t.app, owner, owner.businessId, "2024-09")).statusCode).toBe(422);
    expect([await countRows(t.database, "payroll_runs"), await countRows(t.database, "payroll_lines")]).toEqual([
      runs,
      lines,
    ]);
  });

  it("a chosen rule set is used: December 2024 on the October 2024 rules (SHIF and AHL not deductible)", async () => {
    const sets = (await as(owner).get("/api/payrollRuleSets")).json();
    const october = sets.find((s: { effectiveFrom: string }) => s.effectiveFrom === "2024-10-01");
    const res = await runPayroll(t.app, owner, owner.businessId, "2024-12", { ruleSetId: october._id });
    expect(res.statusCode, res.body).toBe(201);
    const lines = (await as(owner).get(`/api/payrolls/${res.json()._id}/lines`)).json();
    expect(lineOf(lines, ann).payslip.net).toBe(KES(39_092.15));
  });

  it("an employee of another business in a run: 404, nothing saved; bad months and empty lists: 400", async () => {
    const runs = await countRows(t.database, "payroll_runs");
    const res = await runPayroll(t.app, owner, owner.businessId, "2026-04", {
      employeeIds: [ann.employeeId, otherStaff.employeeId],
    });
    expect(res.statusCode).toBe(404);
    for (const month of ["2026-13", "2026-1", "January"])
      expect((await runPayroll(t.app, owner, owner.businessId, month)).statusCode).toBe(400);
    expect((await runPayroll(t.app, owner, owner.businessId, "2026-04", { employeeIds: [] })).statusCode).toBe(400);
    expect(await countRows(t.database, "payroll_runs")).toBe(runs);
  });

  it("a retried run (same Idempotency-Key) returns the first; the key with another body: 422", async () => {
    const headers = { "idempotency-key": "payroll-2026-05-key" };
    const first = await runPayroll(t.app, owner, owner.businessId, "2026-05", {}, headers);
    const retry = await runPayroll(t.app, owner, owner.businessId, "2026-05", {}, headers);
    expect([first.statusCode, retry.statusCode]).toEqual([201, 201]);
    expect(retry.json()._id).toBe(first.json()._id);
    expect((await runPayroll(t.app, owner, owner.businessId, "2026-06", {}, headers)).statusCode).toBe(422);
    const { rows } = await t.database.pool.query("SELECT count(*)::int AS n FROM payroll_runs WHERE month = '2026-05'");
    expect(rows[0].n).toBe(1);
  });

  it("approve, then approving again: 409 (a retry with its key: the same answer); deleting it: 409; pay; paying again: 409", async () => {
    const url = `/api/payrolls/${january._id}`;
    expect((await as(owner).post(`${url}/pay`, { paidOn: "2026-01-31" })).statusCode).toBe(409); // a draft is not paid
    const key = { "idempotency-key": "approve-january-2026" };
    const approved = await as(owner).post(`${url}/approve`, {}, key);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: "approved", approvedBy: owner.username });
    expect((await as(owner).post(`${url}/approve`, {}, key)).json().status).toBe("approved");
    expect((await as(owner).post(`${url}/approve`, {})).statusCode).toBe(409);
    expect((await as(owner).del(url)).statusCode).toBe(409);
    const paid = await as(owner).post(`${url}/pay`, { paidOn: "2026-01-31", reference: "BATCH-1" });
    expect(paid.json()).toMatchObject({ status: "paid", paidOn: "2026-01-31", paymentReference: "BATCH-1" });
    expect((await as(owner).post(`${url}/pay`, { paidOn: "2026-01-31" })).statusCode).toBe(409);
  });

  it("a draft is deleted with its lines", async () => {
    const draft = (await runPayroll(t.app, owner, owner.businessId, "2026-07")).json();
    expect((await as(owner).del(`/api/payrolls/${draft._id}`)).json()).toEqual({ deleted: true });
    expect((await as(owner).get(`/api/payrolls/${draft._id}`)).statusCode).toBe(404);
    const { rows } = await t.database.pool.query("SELECT count(*)::int AS n FROM payroll_lines WHERE run_id = $1", [
      draft._id,
    ]);
    expect(rows[0].n).toBe(0);
  });

  it("access: viewPayroll reads but cannot run or approve; a cashier without it: 403; another business: 403/404", async () => {
    expect((await as(ben).get(`/api/payrolls?businessId=${owner.businessId}`)).statusCode).toBe(200);
    expect((await runPayroll(t.app, ben, owner.businessId, "2026-08")).statusCode).toBe(403);
    expect((await as(ben).post(`/api/payrolls/${january._id}/approve`, {})).statusCode).toBe(403);
    expect((await as(ann).get(`/api/payrolls?businessId=${owner.businessId}`)).statusCode).toBe(403);
    expect((await as(ann).get(`/api/payrolls/${january._id}/lines`)).statusCode).toBe(403);
    expect((await as(other).get(`/api/payrolls?businessId=${owner.businessId}`)).statusCode).toBe(403);
    expect((await as(other).get(`/api/payrolls/${january._id}`)).statusCode).toBe(404);
    expect((await as(other).del(`/api/payrolls/${january._id}`)).statusCode).toBe(404);
    expect((await as(otherStaff).get(`/api/payrolls/${january._id}/export?schedule=paye`)).statusCode).toBe(404);
  });

  it("CSV returns: PAYE per employee with PIN, gross, taxable and PAYE; NSSF tiers; the payment list", async () => {
    const paye = await as(owner).get(`/api/payrolls/${january._id}/export?schedule=paye`);
    expect(paye.statusCode).toBe(200);
    expect(paye.headers["content-type"]).toMatch(/^text\/csv/);
    expect(paye.headers["content-disposition"]).toContain("paye-2026-01.csv");
    expect(paye.body).toContain(`${ann.username},A123456789B,50000.00,5125.00,44875.00,8245.85,2400.00,0.00,5845.85`);
    expect(paye.body).toContain("Total,,150000.00");
    const nssf = await as(owner).get(`/api/payrolls/${january._id}/export?schedule=nssf`);
    expect(nssf.body).toContain(
      `${ben.username},12345678,A123456789B,NSSF-1,100000.00,480.00,480.00,3840.00,3840.00,8640.00`,
    );
    const payments = await as(owner).get(`/api/payrolls/${january._id}/export?schedule=payments`);
    expect(payments.body).toContain(`${ann.username},mpesa,M-Pesa 0712345678,39029.15`);
    expect((await as(owner).get(`/api/payrolls/${january._id}/export?schedule=p10`)).statusCode).toBe(400);
  });
});

describe("payslips", () => {
  it("a payslip PDF whose text shows the net pay of the shared computation (39,029.15)", async () => {
    const run = (await as(owner).get(`/api/payrolls?businessId=${owner.businessId}`))
      .json()
      .find((r: { month: string }) => r.month === "2026-01");
    const line = lineOf((await as(owner).get(`/api/payrolls/${run._id}/lines`)).json(), ann) as unknown as {
      _id: string;
    };
    const res = await as(owner).get(`/api/payslips/${line._id}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    const text = pdfText(res.rawPayload);
    expect(text).toContain("39,029.15");
    expect(text).toContain("5,845.85");
    expect(text).toContain(ann.username);
  });

  it("an employee sees only their own payslips of approved runs; another's: 403; drafts: none", async () => {
    const mine = await as(ann).get(`/api/payslips/mine?businessId=${owner.businessId}`);
    expect(mine.statusCode).toBe(200);
    // January is paid; March, May and December 2024 are drafts.
    expect(mine.json().map((l: { month: string; employeeId: string }) => [l.month, l.employeeId])).toEqual([
      ["2026-01", ann.employeeId],
    ]);
    const own = mine.json()[0]._id;
    expect((await as(ann).get(`/api/payslips/${own}`)).statusCode).toBe(200);
    expect((await as(ann).get(`/api/payslips/${own}/pdf`)).statusCode).toBe(200);
    const bens = (await as(ben).get(`/api/payslips/mine?businessId=${owner.businessId}`)).json()[0]._id;
    expect((await as(ann).get(`/api/payslips/${bens}`)).statusCode).toBe(403);
    expect((await as(ann).get(`/api/payslips/${bens}/pdf`)).statusCode).toBe(403);
    expect((await as(otherStaff).get(`/api/payslips/${own}`)).statusCode).toBe(404);
    const drafts = await t.database.pool.query(
      "SELECT l.id FROM payroll_lines l JOIN payroll_runs r ON r.id = l.run_id WHERE r.status = 'draft' AND l.employee_id = $1",
      [ann.employeeId],
    );
    expect((await as(ann).get(`/api/payslips/${drafts.rows[0].id}`)).statusCode).toBe(403);
    expect((await as(owner).get(`/api/payslips/mine?businessId=${owner.businessId}`)).json()).toEqual([]);
  });
});

describe("commissions", () => {
  it("a 5% rule for Cashiers: Ann's sales this month, less a voided one, are added to her gross", async () => {
    const shop = await registerBusiness(t.app);
    const cashier = await registerEmployee(t.app, shop, shop.businessId, { occupation: "Cashier" });
    await savePayProfile(t.app, shop, cashier.employeeId, 20_000);
    const product = (
      await as(shop).post("/api/products", {
        businessId: shop.businessId,
        name: "Soda",
        sellingprice: 10_000,
        quantity: 50,
      })
    ).json();
    const sell = (quantity: number) =>
      as(cashier).post("/api/sales", {
        businessId: shop.businessId,
        products: [{ productId: product._id, quantity }],
        payments: [{ method: "Cash", amount: 10_000 * quantity }],
      });
    await sell(3);
    await sell(2);
    const voided = (await sell(4)).json();
    expect((await as(shop).del(`/api/sales/${voided._id}`)).statusCode).toBe(200);

    const rule = await as(shop).post("/api/commissions", {
      businessId: shop.businessId,
      employeeId: null,
      occupation: "cashier",
      kind: "percentOfSales",
      rateBp: 500,
    });
    expect(rule.statusCode, rule.body).toBe(201);
    expect(
      (
        await as(shop).post("/api/commissions", {
          businessId: shop.businessId,
          employeeId: null,
          occupation: "Cashier",
          kind: "perItem",
          amountPerItem: 100,
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (
        await as(shop).post("/api/commissions", {
          businessId: shop.businessId,
          employeeId: ann.employeeId,
          kind: "perItem",
          amountPerItem: 100,
        })
      ).statusCode,
    ).toBe(404);
    expect((await as(cashier).get(`/api/commissions?businessId=${shop.businessId}`)).statusCode).toBe(403);

    const month = new Intl.DateTimeFormat("en-CA", {
      timeZone: "Africa/Nairobi",
      year: "numeric",
      month: "2-digit",
    }).format(new Date());
    const earned = (await as(shop).get(`/api/commissions/earned?businessId=${shop.businessId}&month=${month}`)).json();
    // 5% of (300.00 + 200.00) = 25.00; the voided 400.00 earns nothing.
    expect(earned).toEqual([
      {
        employeeId: cashier.employeeId,
        employeeName: cashier.username,
        sales: 2,
        salesTotal: 50_000,
        items: 5,
        amount: 2_500,
      },
    ]);

    const run = (await runPayroll(t.app, shop, shop.businessId, month)).json();
    const [line] = (await as(shop).get(`/api/payrolls/${run._id}/lines`)).json();
    expect([line.payslip.commissions, line.payslip.gross]).toEqual([2_500, KES(20_025)]);
    const without = await runPayroll(t.app, shop, shop.businessId, "2026-01", { includeCommissions: false });
    expect((await as(shop).get(`/api/payrolls/${without.json()._id}/lines`)).json()[0].payslip.commissions).toBe(0);

    expect((await as(shop).del(`/api/commissions/${rule.json()._id}`)).json()).toEqual({ deleted: true });
    expect((await as(shop).del(`/api/commissions/${rule.json()._id}`)).statusCode).toBe(404);
  });
});
