import { describe, expect, it } from "vitest";
import {
  daysIn,
  marginBp,
  periodRange,
  previousPeriod,
  splitByMonths,
  summaryCsv,
  summaryQuerySchema,
  type Summary,
} from "./reports.ts";

describe("report periods", () => {
  it("today, this week (from Monday), this month, last month", () => {
    // 2026-11-25 is a Wednesday.
    expect(periodRange("today", "2026-11-25")).toEqual({ from: "2026-11-25", to: "2026-11-25" });
    expect(periodRange("week", "2026-11-25")).toEqual({ from: "2026-11-23", to: "2026-11-25" });
    expect(periodRange("week", "2026-11-23")).toEqual({ from: "2026-11-23", to: "2026-11-23" });
    expect(periodRange("week", "2026-11-29")).toEqual({ from: "2026-11-23", to: "2026-11-29" });
    expect(periodRange("month", "2026-11-25")).toEqual({ from: "2026-11-01", to: "2026-11-25" });
    expect(periodRange("lastMonth", "2026-03-10")).toEqual({ from: "2026-02-01", to: "2026-02-28" });
    expect(periodRange("lastMonth", "2026-01-10")).toEqual({ from: "2025-12-01", to: "2025-12-31" });
  });

  it("the previous period: as many days just before; a whole month, the month before", () => {
    expect(previousPeriod("2026-11-25", "2026-11-25")).toEqual({ from: "2026-11-24", to: "2026-11-24" });
    expect(previousPeriod("2026-11-01", "2026-11-25")).toEqual({ from: "2026-10-07", to: "2026-10-31" });
    expect(previousPeriod("2026-03-01", "2026-03-31")).toEqual({ from: "2026-02-01", to: "2026-02-28" });
    expect(daysIn("2025-11-26", "2026-11-25")).toBe(365);
  });

  it("a period splits into whole months and the loose days around them", () => {
    expect(splitByMonths("2026-11-25", "2026-11-25")).toEqual({
      months: null,
      days: [{ from: "2026-11-25", to: "2026-11-25" }],
    });
    expect(splitByMonths("2026-11-01", "2026-11-30")).toEqual({
      months: { from: "2026-11-01", to: "2026-11-01" },
      days: [],
    });
    expect(splitByMonths("2025-11-26", "2026-11-25")).toEqual({
      months: { from: "2025-12-01", to: "2026-10-01" },
      days: [
        { from: "2025-11-26", to: "2025-11-30" },
        { from: "2026-11-01", to: "2026-11-25" },
      ],
    });
    expect(splitByMonths("2026-01-31", "2026-03-01")).toEqual({
      months: { from: "2026-02-01", to: "2026-02-01" },
      days: [
        { from: "2026-01-31", to: "2026-01-31" },
        { from: "2026-03-01", to: "2026-03-01" },
      ],
    });
    expect(splitByMonths("2026-01-05", "2026-01-20")).toEqual({
      months: null,
      days: [{ from: "2026-01-05", to: "2026-01-20" }],
    });
  });

  it("margin in basis points; none without sales", () => {
    expect(marginBp(0, 0)).toBeNull();
    expect(marginBp(163_000, 68_000)).toBe(4172);
  });

  it("a period is a real date range of at most two years", () => {
    const q = (from: string, to: string) =>
      summaryQuerySchema.safeParse({ businessId: "6f1c8a7e-3d2b-4c1a-9e8f-0a1b2c3d4e5f", from, to }).success;
    expect(q("2026-01-01", "2026-12-31")).toBe(true);
    expect(q("2026-02-30", "2026-03-01")).toBe(false);
    expect(q("2026-03-02", "2026-03-01")).toBe(false);
    expect(q("2024-01-01", "2026-12-31")).toBe(false);
  });
});

describe("summaryCsv", () => {
  it("writes every figure in shillings, every row as wide as the widest, names neutralised", () => {
    const zero = {
      sales: 0,
      salesCount: 0,
      cost: 0,
      grossProfit: 0,
      marginBp: null,
      expenses: 0,
      netProfit: 0,
      voidedCount: 0,
      voidedTotal: 0,
      creditCollected: 0,
    };
    const part = (key: string, label: string, amount: number, cost: number) => ({
      key,
      label,
      count: 1,
      amount,
      cost,
      quantity: 1,
    });
    const s: Summary = {
      updating: null,
      from: "2026-11-25",
      to: "2026-11-25",
      previous: { from: "2026-11-24", to: "2026-11-24" },
      totals: {
        ...zero,
        sales: 12_345,
        salesCount: 1,
        cost: 5_000,
        grossProfit: 7_345,
        marginBp: 5950,
        netProfit: -655,
        expenses: 8_000,
      },
      previousTotals: zero,
      byChannel: [part("retail", "retail", 12_345, 5_000)],
      byPayment: [part("Bank Transfer", "Bank Transfer", 12_345, 0)],
      byEmployee: [part("x", "=HYPERLINK(1)", 12_345, 5_000)],
      discountsByEmployee: [],
      byCategory: [part("none", "", 12_345, 5_000)],
      topProducts: [],
      byDay: [],
    };
    const lines = summaryCsv(s).split(/\r?\n/);
    expect(lines).toContain("Sales,123.45,0.00,");
    expect(lines).toContain("Net profit,-6.55,0.00,");
    expect(lines).toContain("Margin %,59.50,,");
    expect(lines).toContain("Retail,1,123.45,50.00");
    expect(lines).toContain("Bank,1,123.45,0.00");
    expect(lines).toContain("No category,1,123.45,50.00");
    expect(lines).toContain("'=HYPERLINK(1),1,123.45,50.00");
  });
});
