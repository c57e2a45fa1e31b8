import { describe, expect, it } from "vitest";
import { periodRange } from "./period.ts";

const NBO = "Africa/Nairobi"; // UTC+3 all year

describe("period ranges in the business's time zone", () => {
  it("today runs from its midnight in Nairobi to the next", () => {
    expect(periodRange("today", "2026-03-11", NBO)).toEqual({
      from: "2026-03-10T21:00:00.000Z",
      to: "2026-03-11T21:00:00.000Z",
    });
    expect(periodRange("yesterday", "2026-03-01", NBO)).toEqual({
      from: "2026-02-27T21:00:00.000Z",
      to: "2026-02-28T21:00:00.000Z",
    });
  });
  it("a week starts on Monday; a month on its first; last month is the whole of it", () => {
    // 11 March 2026 is a Wednesday.
    expect(periodRange("week", "2026-03-11", NBO).from).toBe("2026-03-08T21:00:00.000Z");
    expect(periodRange("month", "2026-03-11", NBO).from).toBe("2026-02-28T21:00:00.000Z");
    expect(periodRange("lastMonth", "2026-03-11", NBO)).toEqual({
      from: "2026-01-31T21:00:00.000Z",
      to: "2026-02-28T21:00:00.000Z",
    });
    expect(periodRange("lastMonth", "2026-01-15", NBO).from).toBe("2025-11-30T21:00:00.000Z");
  });
  it("a custom range covers both its days, whichever order they come in; all has no bounds", () => {
    const range = { from: "2026-03-01T...".slice(0, 10), to: "2026-03-02" };
    expect(periodRange("custom", "2026-03-11", NBO, range)).toEqual({
      from: "2026-02-28T21:00:00.000Z",
      to: "2026-03-02T21:00:00.000Z",
    });
    expect(periodRange("custom", "2026-03-11", NBO, { from: range.to, to: range.from })).toEqual(
      periodRange("custom", "2026-03-11", NBO, range),
    );
    expect(periodRange("all", "2026-03-11", NBO)).toEqual({});
  });
});
