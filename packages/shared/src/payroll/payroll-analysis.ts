import type { PayslipTotals } from "./payslip.ts";

/**
 * The employer's cost of a run split into the parts it is paid as, for /payroll/analysis: what
 * staff take home, what goes to KRA, NSSF, SHA and the Housing Fund from both sides, other
 * deductions (loans, HELB, ...) and the NITA levy. The parts add up to the employer's cost
 * exactly (gross = net + every deduction; cost = gross + employer NSSF + employer AHL + NITA).
 */
export const COST_COMPONENTS = ["net", "paye", "nssf", "shif", "ahl", "other", "nita"] as const;
export type CostComponent = (typeof COST_COMPONENTS)[number];

export function costComponentsOf(t: PayslipTotals): Record<CostComponent, number> {
  return {
    net: t.net,
    paye: t.paye,
    nssf: t.nssf + t.nssfEmployer,
    shif: t.shif,
    ahl: t.ahl + t.ahlEmployer,
    other: t.otherDeductionsTotal,
    nita: t.nita,
  };
}

/** Runs by month, oldest first, with their components; the sum of each component over the runs. */
export function payrollCostByMonth<R extends { month: string; totals: PayslipTotals }>(
  runs: readonly R[],
): {
  months: { month: string; employerCost: number; parts: Record<CostComponent, number> }[];
  sums: Record<CostComponent, number>;
  employerCost: number;
} {
  const months = [...runs]
    .sort((a, b) => a.month.localeCompare(b.month))
    .map((r) => ({ month: r.month, employerCost: r.totals.employerCost, parts: costComponentsOf(r.totals) }));
  const sums = Object.fromEntries(COST_COMPONENTS.map((c) => [c, 0])) as Record<CostComponent, number>;
  for (const m of months) for (const c of COST_COMPONENTS) sums[c] += m.parts[c];
  return { months, sums, employerCost: months.reduce((a, m) => a + m.employerCost, 0) };
}
