import { describe, expect, it } from "vitest";
import { analysisPeriod, daysOfCover, stockAnalysisQuerySchema } from "./stock-analysis.ts";

describe("stock analysis", () => {
  it("a 7-day period runs from the start of the 7th business day back to the end of today", () => {
    const now = new Date("2026-03-10T22:30:00Z"); // already 11 March in Nairobi
    expect(analysisPeriod(7, "Africa/Nairobi", now)).toEqual({
      startDate: "2026-03-04T21:00:00.000Z",
      endDate: "2026-03-11T20:59:59.999Z",
    });
    expect(analysisPeriod(1, "UTC", now)).toEqual({
      startDate: "2026-03-10T00:00:00.000Z",
      endDate: "2026-03-10T23:59:59.999Z",
    });
  });

  it("crosses month and year ends", () => {
    expect(analysisPeriod(30, "UTC", new Date("2026-01-15T10:00:00Z")).startDate).toBe("2025-12-17T00:00:00.000Z");
  });

  it("days of cover: stock on hand at the period's rate of sale", () => {
    expect(daysOfCover(30, 60, 30)).toBe(15);
    expect(daysOfCover(10, 3, 7)).toBe(23);
    expect(daysOfCover(10, 0, 7)).toBeNull();
  });

  it("the query needs an ordered period and caps the list length", () => {
    const businessId = "6f1c1c3e-8a51-4b5e-9a4c-0c2f3d3f7a10";
    expect(
      stockAnalysisQuerySchema.safeParse({
        businessId,
        startDate: "2026-03-02T00:00:00Z",
        endDate: "2026-03-01T00:00:00Z",
      }).success,
    ).toBe(false);
    expect(
      stockAnalysisQuerySchema.safeParse({
        businessId,
        startDate: "2026-03-01T00:00:00Z",
        endDate: "2026-03-02T00:00:00Z",
        limit: "51",
      }).success,
    ).toBe(false);
    expect(
      stockAnalysisQuerySchema.parse({ businessId, startDate: "2026-03-01T00:00:00Z", endDate: "2026-03-02T00:00:00Z" })
        .limit,
    ).toBe(10);
  });
});
