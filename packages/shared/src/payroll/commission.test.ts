import { describe, expect, it } from "vitest";
import {
  commissionOn,
  commissionRuleFor,
  computeCommissions,
  createCommissionRuleInputSchema,
  monthRange,
} from "./commission.ts";

const ANN = "00000000-0000-4000-8000-00000000000a";
const BEN = "00000000-0000-4000-8000-00000000000b";
const CAL = "00000000-0000-4000-8000-00000000000c";
const BUSINESS = "00000000-0000-4000-8000-0000000000ff";

const percent = (rateBp: number) => ({ kind: "percentOfSales" as const, rateBp, amountPerItem: 0 });
const perItem = (amountPerItem: number) => ({ kind: "perItem" as const, rateBp: 0, amountPerItem });

describe("commissions", () => {
  it("2.5% of sales 1,000.00 + 333.33 = 1,333.33 -> 33.33325 -> 33.33; the voided 500.00 sale earns nothing", () => {
    const earned = commissionOn(percent(250), [
      { total: 100_000, items: 2, voided: false },
      { total: 33_333, items: 1, voided: false },
      { total: 50_000, items: 5, voided: true },
    ]);
    expect(earned).toEqual({ sales: 2, salesTotal: 133_333, items: 3, amount: 3_333 });
  });

  it("fixed 20.00 per item: 3 + 4 items (a voided sale of 10 left out) = 7 x 20.00 = 140.00", () => {
    const earned = commissionOn(perItem(2_000), [
      { total: 1, items: 3, voided: false },
      { total: 1, items: 4, voided: false },
      { total: 1, items: 10, voided: true },
    ]);
    expect(earned.amount).toBe(14_000);
  });

  it("an employee's own rule wins over their occupation's; occupation matches whatever the case", () => {
    const rules = [
      { employeeId: null, occupation: "cashier", ...percent(100) },
      { employeeId: ANN, occupation: null, ...percent(500) },
    ];
    expect(commissionRuleFor(rules, { id: ANN, occupation: "Cashier" })?.rateBp).toBe(500);
    expect(commissionRuleFor(rules, { id: BEN, occupation: "Cashier" })?.rateBp).toBe(100);
    expect(commissionRuleFor(rules, { id: CAL, occupation: "Chef" })).toBeNull();
  });

  it("per employee from the ledger: Ann 5% of 2,000.00 = 100.00; Ben 1% of 0 = 0; Cal has no rule", () => {
    const rules = [
      { employeeId: null, occupation: "Cashier", ...percent(100) },
      { employeeId: ANN, occupation: null, ...percent(500) },
    ];
    const earned = computeCommissions(
      rules,
      [
        { id: ANN, occupation: "Cashier" },
        { id: BEN, occupation: "Cashier" },
        { id: CAL, occupation: "Chef" },
      ],
      [
        { servedById: ANN, total: 150_000, items: 1, voided: false },
        { servedById: ANN, total: 50_000, items: 1, voided: false },
        { servedById: ANN, total: 90_000, items: 1, voided: true },
        { servedById: CAL, total: 10_000, items: 1, voided: false },
        { servedById: null, total: 10_000, items: 1, voided: false },
      ],
    );
    expect(earned).toEqual([
      { employeeId: ANN, sales: 2, salesTotal: 200_000, items: 2, amount: 10_000 },
      { employeeId: BEN, sales: 0, salesTotal: 0, items: 0, amount: 0 },
    ]);
  });

  it("a rule names an employee or an occupation (not both, not neither) and its rate or amount", () => {
    const ok = (v: object) => createCommissionRuleInputSchema.safeParse({ businessId: BUSINESS, ...v }).success;
    expect(ok({ employeeId: ANN, kind: "percentOfSales", rateBp: 250 })).toBe(true);
    expect(ok({ employeeId: null, occupation: "Cashier", kind: "perItem", amountPerItem: 1_000 })).toBe(true);
    expect(ok({ occupation: "Cashier", kind: "perItem", amountPerItem: 1_000 })).toBe(false);
    expect(ok({ kind: "perItem", amountPerItem: 1_000 })).toBe(false);
    expect(ok({ employeeId: ANN, occupation: "Cashier", kind: "perItem", amountPerItem: 1_000 })).toBe(false);
    expect(ok({ employeeId: ANN, kind: "percentOfSales" })).toBe(false);
    expect(ok({ employeeId: ANN, kind: "percentOfSales", rateBp: 10_001 })).toBe(false);
  });

  it("a month in Nairobi (UTC+3): January 2026 runs from 2025-12-31T21:00Z to 2026-01-31T21:00Z", () => {
    const { start, end } = monthRange("2026-01", "Africa/Nairobi");
    expect([start.toISOString(), end.toISOString()]).toEqual(["2025-12-31T21:00:00.000Z", "2026-01-31T21:00:00.000Z"]);
  });

  it("sums of sales count as their number: two groups of 3 and 4 sales -> 7 sales", () => {
    const earned = commissionOn(percent(100), [
      { total: 300, items: 3, voided: false, count: 3 },
      { total: 400, items: 4, voided: false, count: 4 },
    ]);
    expect([earned.sales, earned.amount]).toEqual([7, 7]);
  });
});
