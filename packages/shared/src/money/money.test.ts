import { describe, expect, it } from "vitest";
import { formatKES, parseKES } from "./money.ts";

describe("money", () => {
  it("formats cents as KES", () => {
    expect(formatKES(123456)).toBe("KES 1,234.56");
    expect(formatKES(0)).toBe("KES 0.00");
    expect(formatKES(-5000)).toBe("KES -50.00");
    expect(formatKES(123456789012)).toBe("KES 1,234,567,890.12");
  });
  it("refuses non-integer cents", () => {
    expect(() => formatKES(1.5)).toThrow(RangeError);
  });
  it("parses typed amounts into cents without float drift", () => {
    expect(parseKES("1,234.5")).toBe(123450);
    expect(parseKES("0.1")).toBe(10);
    expect(parseKES("KES 19.99")).toBe(1999);
    expect(parseKES("12.345")).toBeNull();
    expect(parseKES("-5")).toBeNull();
    expect(parseKES("abc")).toBeNull();
  });
});
