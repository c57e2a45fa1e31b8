import { describe, expect, it } from "vitest";
import { riceShortfall, sugarShortfall } from "@app/shared/sales/shortfall-fixture";
import { BUSINESS_A } from "../../test/test-api.ts";
import { shortfallNotification } from "./use-stock-shortfalls.ts";

// Issue 33, item 9: the bell names the sale, the product and the units offline sales sold without stock.

const [sugar, rice] = [sugarShortfall, riceShortfall];

describe("the bell's shortfall notice", () => {
  it("the bell's notice names the sale, the product and the units, and leads to the sale's register", () => {
    const n = shortfallNotification(sugar, BUSINESS_A._id);
    expect(n.message).toBe(
      "Sale #17 sold 3 × Sugar 1kg offline that the stock did not have. Settle it: stock received, or accept the loss.",
    );
    expect(n.link).toBe("/sales");
    expect(shortfallNotification(rice, BUSINESS_A._id)).toMatchObject({
      message: expect.stringContaining("Order #4 sold 2 × Rice 25kg"),
      link: "/wholesaleOrders",
    });
  });
});
