import { describe, expect, it } from "vitest";
import { sellsOutSoon, type SellOutFacts } from "./sell-out.ts";

const weekly: SellOutFacts = { quantity: 4, sold: 56, deliveries: 3, deliverySpanDays: 14, daysSinceDelivery: 3 };

describe("sells out soon (stock against the next usual delivery)", () => {
  it("4 in stock at 2 a day (56 in 28 days) = 2 days; weekly deliveries, the last 3 days ago = due in 4: yes", () => {
    expect(sellsOutSoon(weekly)).toBe(true);
  });
  it("10 in stock at 2 a day = 5 days, due in 4: no", () => {
    expect(sellsOutSoon({ ...weekly, quantity: 10 })).toBe(false);
  });
  it("8 in stock at 2 a day = 4 days, due in 4: no (it lasts until the delivery)", () => {
    expect(sellsOutSoon({ ...weekly, quantity: 8 })).toBe(false);
  });
  it("a delivery overdue (the last 9 days ago, weekly) is expected within a day: 1 in stock at 2 a day = half a day: yes; 2: no", () => {
    expect(sellsOutSoon({ ...weekly, quantity: 1, daysSinceDelivery: 9 })).toBe(true);
    expect(sellsOutSoon({ ...weekly, quantity: 2, daysSinceDelivery: 9 })).toBe(false);
  });
  it("no hint without a habit to go by: one delivery, none, nothing sold, or nothing left (the tile says out)", () => {
    expect(sellsOutSoon({ ...weekly, deliveries: 1, deliverySpanDays: 0 })).toBe(false);
    expect(sellsOutSoon({ ...weekly, deliveries: 0, deliverySpanDays: 0 })).toBe(false);
    expect(sellsOutSoon({ ...weekly, sold: 0 })).toBe(false);
    expect(sellsOutSoon({ ...weekly, quantity: 0 })).toBe(false);
  });
});
