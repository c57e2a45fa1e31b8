import { describe, expect, it } from "vitest";
import { weightedAverageCost } from "./cost.ts";

describe("weighted average cost", () => {
  it("averages what is on hand with what arrives", () => {
    // 10 at KES 50.00 and 30 at KES 70.00: (500 + 2100) / 40 = KES 65.00
    expect(weightedAverageCost(10, 5000, 30, 7000)).toBe(6500);
  });
  it("rounds half up to the whole cent", () => {
    // (1 x 100 + 2 x 101) / 3 = 100.666... -> 101
    expect(weightedAverageCost(1, 100, 2, 101)).toBe(101);
    // (1 x 100 + 1 x 101) / 2 = 100.5 -> 101 (half up)
    expect(weightedAverageCost(1, 100, 1, 101)).toBe(101);
    // (2 x 100 + 1 x 101) / 3 = 100.333... -> 100
    expect(weightedAverageCost(2, 100, 1, 101)).toBe(100);
  });
  it("takes the unit cost when the shelf is empty, and keeps the cost when nothing arrives", () => {
    expect(weightedAverageCost(0, 9999, 5, 1234)).toBe(1234);
    expect(weightedAverageCost(7, 1234, 0, 9999)).toBe(1234);
  });
  it("stays exact for large stock and prices", () => {
    expect(weightedAverageCost(1_000_000_000, 99_999_999_999, 1_000_000_000, 1)).toBe(50_000_000_000);
  });
  it("refuses negative or fractional inputs", () => {
    expect(() => weightedAverageCost(-1, 100, 1, 100)).toThrow(RangeError);
    expect(() => weightedAverageCost(1, 100.5, 1, 100)).toThrow(RangeError);
  });
});
