import { describe, expect, it } from "vitest";
import { MAX_STOCK_QUANTITY, stockChangeProblem } from "./stock.ts";

describe("stockChangeProblem", () => {
  it("allows changes that stay between zero and the largest quantity, both ends included", () => {
    expect(stockChangeProblem(5, { delta: -5 })).toBeNull();
    expect(stockChangeProblem(5, { delta: 3 })).toBeNull();
    expect(stockChangeProblem(5, { setTo: 0 })).toBeNull();
    expect(stockChangeProblem(MAX_STOCK_QUANTITY - 1, { delta: 1 })).toBeNull();
  });

  it("names the bound a change would cross", () => {
    expect(stockChangeProblem(5, { delta: -6 })).toBe("below-zero");
    expect(stockChangeProblem(0, { setTo: -1 })).toBe("below-zero");
    expect(stockChangeProblem(MAX_STOCK_QUANTITY, { delta: 1 })).toBe("above-max");
    expect(stockChangeProblem(0, { setTo: MAX_STOCK_QUANTITY + 1 })).toBe("above-max");
  });
});
