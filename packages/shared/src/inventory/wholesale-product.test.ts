import { describe, expect, it } from "vitest";
import { soldOn } from "../pos/cart.ts";
import { createWholesaleProductInputSchema, wholesaleLineProblem } from "./wholesale-product.ts";

describe("the wholesale catalogue (issue 33)", () => {
  it("the wholesale till sells only products with a wholesale price; the retail till sells every product", () => {
    expect(soldOn({ wholesalePrice: 9000 }, "wholesale")).toBe(true);
    expect(soldOn({ wholesalePrice: 0 }, "wholesale")).toBe(false);
    expect(soldOn({ wholesalePrice: 0 }, "retail")).toBe(true);
  });

  it("a wholesale line is refused outside the catalogue and under its minimum", () => {
    const rice = { name: "Rice", wholesalePrice: 9000, wholesaleMin: 5 };
    expect(wholesaleLineProblem({ ...rice, wholesaleMin: null }, 10)).toBe("Rice is not in the wholesale catalogue");
    expect(wholesaleLineProblem(rice, 4)).toBe("Rice is sold wholesale from 5 units");
    expect(wholesaleLineProblem(rice, 5)).toBeNull();
  });

  it("a wholesale product needs a price above zero; its minimum defaults to 1", () => {
    const base = { businessId: crypto.randomUUID(), productId: crypto.randomUUID() };
    expect(createWholesaleProductInputSchema.safeParse({ ...base, wholesalePrice: 0 }).success).toBe(false);
    expect(createWholesaleProductInputSchema.parse({ ...base, wholesalePrice: 100 }).minQuantity).toBe(1);
  });
});
