import { describe, expect, it } from "vitest";
import type { OpenShortfall } from "@app/shared/sales/shortfall";
import { BUSINESS_A } from "../../test/test-api.ts";
import { shortfallNotification } from "./use-stock-shortfalls.ts";

// Issue 33, item 9: the bell names the sale, the product and the units offline sales sold without stock.

const sugar: OpenShortfall = {
  saleId: "44444444-4444-4444-8444-444444444444",
  saleNumber: 17,
  channel: "retail",
  productId: "55555555-5555-4555-8555-555555555555",
  name: "Sugar 1kg",
  missing: 3,
  offlineAt: "2026-01-02T08:00:00.000Z",
};
const rice: OpenShortfall = {
  ...sugar,
  saleId: "66666666-6666-4666-8666-666666666666",
  saleNumber: 4,
  channel: "wholesale",
  productId: "77777777-7777-4777-8777-777777777777",
  name: "Rice 25kg",
  missing: 2,
};

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
