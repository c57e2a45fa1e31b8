import { describe, expect, it } from "vitest";
import { KENYA_RULE_SETS } from "./kenya-rule-sets.ts";
import { COST_COMPONENTS, costComponentsOf, payrollCostByMonth } from "./payroll-analysis.ts";
import { computePayslip, totalPayslips } from "./payslip.ts";

const feb2025 = KENYA_RULE_SETS.find((r) => r.effectiveFrom === "2025-02-01")!.rules;
const slip = (basic: number, loan = 0) =>
  computePayslip(
    {
      basicPay: basic,
      allowances: [],
      commissions: 0,
      deductions: loan ? [{ kind: "loan", name: "Loan", amount: loan }] : [],
    },
    feb2025,
  );

describe("payroll cost by component", () => {
  it("the parts add up to the employer's cost to the cent (50,000 and 100,000 with a loan)", () => {
    const totals = totalPayslips([slip(5_000_000), slip(10_000_000, 250_000)]);
    const parts = costComponentsOf(totals);
    expect(COST_COMPONENTS.reduce((a, c) => a + parts[c], 0)).toBe(totals.employerCost);
    // NSSF both sides: (3,000 + 4,320) x 2 = 14,640; AHL both sides: (750 + 1,500) x 2 = 4,500.
    expect(parts.nssf).toBe(1_464_000);
    expect(parts.ahl).toBe(450_000);
    expect(parts.other).toBe(250_000);
  });

  it("months come oldest first, with sums over them", () => {
    const jan = { month: "2026-01", totals: totalPayslips([slip(5_000_000)]) };
    const feb = { month: "2026-02", totals: totalPayslips([slip(5_000_000), slip(5_000_000)]) };
    const out = payrollCostByMonth([feb, jan]);
    expect(out.months.map((m) => m.month)).toEqual(["2026-01", "2026-02"]);
    expect(out.sums.net).toBe(3 * 3_902_915);
    expect(out.employerCost).toBe(jan.totals.employerCost + feb.totals.employerCost);
  });
});
