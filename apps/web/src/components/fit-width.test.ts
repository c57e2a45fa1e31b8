import { describe, expect, it } from "vitest";
import { formatKES } from "@app/shared/money/money";
import { fitWidth } from "./fit-width.ts";

// Issue 33, item 6: the payroll run's 130 px columns cut "KES 1,000,00…".
describe("fitWidth", () => {
  it("makes room for the longest amount, with the cell's padding", () => {
    const big = formatKES(100_000_000_00); // KES 100,000,000.00
    const width = fitWidth("Net pay", [formatKES(5_000_00), big]);
    expect(width).toBeGreaterThanOrEqual(big.length * 8.6 + 24);
    expect(width).toBeGreaterThan(130);
  });

  it("never goes below the minimum, and fits the header with its icons", () => {
    expect(fitWidth("PAYE", ["KES 1.00"], 115)).toBe(115);
    expect(fitWidth("Other deductions", [])).toBeGreaterThanOrEqual(Math.ceil("Other deductions".length * 8.6 + 80));
  });
});
