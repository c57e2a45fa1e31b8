import { describe, expect, it } from "vitest";
import { businessDayRange, dailyChange, todayIn } from "./daily-stock.ts";

describe("business days", () => {
  it("a Nairobi day runs from 21:00Z the day before to 20:59:59.999Z", () => {
    expect(businessDayRange("2026-11-22", "Africa/Nairobi")).toEqual({
      startDate: "2026-11-21T21:00:00.000Z",
      endDate: "2026-11-22T20:59:59.999Z",
    });
  });
  it("follows other zones too", () => {
    expect(businessDayRange("2026-07-01", "Europe/London")).toEqual({
      startDate: "2026-06-30T23:00:00.000Z",
      endDate: "2026-07-01T22:59:59.999Z",
    });
  });
  it("today is the business's date, not the browser's", () => {
    expect(todayIn("Africa/Nairobi", new Date("2026-11-22T22:30:00Z"))).toBe("2026-11-23");
    expect(todayIn("UTC", new Date("2026-11-22T22:30:00Z"))).toBe("2026-11-22");
  });
  it("daily change is closing minus opening", () => {
    expect(dailyChange({ openingStock: 10, closingStock: 4 })).toBe(-6);
  });
});
