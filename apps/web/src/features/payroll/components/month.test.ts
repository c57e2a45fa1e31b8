import { describe, expect, it } from "vitest";
import { monthLabel, previousMonth } from "./month.ts";

describe("pay months", () => {
  it("reads a month as words", () => {
    expect(monthLabel("2026-01")).toBe("January 2026");
  });

  it("the month before, in Nairobi time, across a year end", () => {
    expect(previousMonth(new Date("2026-03-15T10:00:00Z"))).toBe("2026-02");
    expect(previousMonth(new Date("2026-01-01T00:30:00+03:00"))).toBe("2025-12");
    // 31 Dec 2025 22:00 UTC is already 1 Jan 2026 in Nairobi.
    expect(previousMonth(new Date("2025-12-31T22:00:00Z"))).toBe("2025-12");
  });
});
