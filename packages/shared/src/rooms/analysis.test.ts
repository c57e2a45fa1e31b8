import { describe, expect, it } from "vitest";
import { analysisQuerySchema, occupancyRow, rollUp } from "./analysis.ts";

describe("occupancy", () => {
  it("works out occupancy, average daily rate and revenue per available room", () => {
    expect(occupancyRow("2026-06-01", { available: 3, sold: 2, revenue: 1_000_000 })).toEqual({
      period: "2026-06-01",
      available: 3,
      sold: 2,
      revenue: 1_000_000,
      occupancy: 66.7,
      adr: 500_000,
      revpar: 333_333,
    });
    expect(occupancyRow("x", { available: 0, sold: 0, revenue: 0 })).toMatchObject({ occupancy: 0, adr: 0, revpar: 0 });
  });

  it("sums days into months and the period", () => {
    const { months, total } = rollUp([
      { day: "2026-06-30", available: 2, sold: 2, revenue: 200 },
      { day: "2026-07-01", available: 2, sold: 1, revenue: 150 },
      { day: "2026-07-02", available: 2, sold: 0, revenue: 0 },
    ]);
    expect(months.map((m) => [m.period, m.sold, m.available, m.occupancy])).toEqual([
      ["2026-06", 2, 2, 100],
      ["2026-07", 1, 4, 25],
    ]);
    expect(total).toMatchObject({ available: 6, sold: 3, revenue: 350, occupancy: 50, adr: 117 });
  });

  it("refuses a period that ends first or is longer than a year", () => {
    const id = "7f1d7c5e-4a55-4b6a-9a43-3f0b6f0e2a11";
    expect(analysisQuerySchema.safeParse({ businessId: id, from: "2026-02-01", to: "2026-01-31" }).success).toBe(false);
    expect(analysisQuerySchema.safeParse({ businessId: id, from: "2026-01-01", to: "2027-01-02" }).success).toBe(false);
    expect(analysisQuerySchema.safeParse({ businessId: id, from: "2026-01-01", to: "2026-01-01" }).success).toBe(true);
  });
});
