import { describe, expect, it } from "vitest";
import { formatKES } from "./money.ts";
import {
  centsSchema,
  lineQuantitySchema,
  MAX_CENTS,
  MAX_LINE_QUANTITY,
  MAX_STOCK_QUANTITY,
  MAX_SUM_CENTS,
  stockQuantitySchema,
  sumCents,
  TOTAL_ABOVE_LIMIT_MESSAGE,
} from "./limits.ts";

describe("money and quantity limits", () => {
  it("the largest amount is KES 1,000,000,000.00 and is accepted; one cent more is refused with the limit named", () => {
    expect(formatKES(MAX_CENTS)).toBe("KES 1,000,000,000.00");
    expect(TOTAL_ABOVE_LIMIT_MESSAGE).toBe(`The total is above ${formatKES(MAX_CENTS)}`);
    expect(centsSchema.parse(MAX_CENTS)).toBe(MAX_CENTS);
    const over = centsSchema.safeParse(MAX_CENTS + 1);
    expect(over.success).toBe(false);
    expect(over.error?.issues[0]?.message).toBe("At most KES 1,000,000,000.00");
    expect(centsSchema.safeParse(-1).success).toBe(false);
    expect(centsSchema.safeParse(1.5).success).toBe(false);
  });

  it("quantities: a shelf holds up to 1,000,000,000 units, a sale line up to 1,000,000", () => {
    expect(stockQuantitySchema.parse(MAX_STOCK_QUANTITY)).toBe(MAX_STOCK_QUANTITY);
    expect(stockQuantitySchema.safeParse(MAX_STOCK_QUANTITY + 1).success).toBe(false);
    expect(lineQuantitySchema.parse(MAX_LINE_QUANTITY)).toBe(MAX_LINE_QUANTITY);
    expect(lineQuantitySchema.safeParse(MAX_LINE_QUANTITY + 1).success).toBe(false);
    expect(lineQuantitySchema.safeParse(0).success).toBe(false);
  });

  it("the value of a full shelf at the largest price is beyond a safe integer: sums are capped, never wrong", () => {
    // 1e9 units x 1e11 cents = 1e20 cents: not representable exactly as a double, far beyond bigint in SQL.
    expect(Number.isSafeInteger(MAX_STOCK_QUANTITY * MAX_CENTS)).toBe(false);
    expect(MAX_SUM_CENTS).toBe(Number.MAX_SAFE_INTEGER);
    expect(sumCents([MAX_CENTS, MAX_CENTS])).toBe(2 * MAX_CENTS);
    expect(sumCents([MAX_SUM_CENTS, 1])).toBe(MAX_SUM_CENTS);
    expect(sumCents([])).toBe(0);
  });
});
