import { describe, expect, it } from "vitest";
import { defaultRange, rangeInstants, shiftDay, totalsByMethod } from "./older-sales.ts";
import { saleOf } from "../../test/test-api.ts";

describe("Older Sales", () => {
  it("defaults to the last 7 days of the business's calendar", () => {
    // 22:30 UTC on 3 March is already 4 March in Nairobi (UTC+3).
    expect(defaultRange("Africa/Nairobi", new Date("2026-03-03T22:30:00Z"))).toEqual({
      from: "2026-02-26",
      to: "2026-03-04",
    });
    expect(shiftDay("2026-01-01", -1)).toBe("2025-12-31");
  });

  it("asks from the start of the first day to the end of the last, in the business's zone", () => {
    expect(rangeInstants("2026-02-26", "2026-03-04", "Africa/Nairobi")).toEqual({
      startDate: "2026-02-25T21:00:00.000Z",
      endDate: "2026-03-04T20:59:59.999Z",
    });
  });

  it("totals each payment method, a split sale under each of its methods", () => {
    const b = "11111111-1111-4111-8111-111111111111";
    const sales = [
      saleOf(b, { amount: 30000, payments: [{ method: "Cash", amount: 30000, tendered: null, reference: null }] }),
      saleOf(b, {
        amount: 50000,
        paymentMethod: "Split",
        payments: [
          { method: "Cash", amount: 20000, tendered: null, reference: null },
          { method: "M-Pesa", amount: 30000, tendered: null, reference: "ABC123" },
        ],
      }),
      saleOf(b, {
        amount: 10000,
        paymentMethod: "Credit",
        payments: [{ method: "Credit", amount: 10000, tendered: null, reference: null }],
      }),
    ];
    const t = totalsByMethod(sales);
    expect(t.amount).toBe(90000);
    expect(t.count).toBe(3);
    expect(t.methods).toEqual([
      { method: "Cash", amount: 50000, payments: 2 },
      { method: "M-Pesa", amount: 30000, payments: 1 },
      { method: "Bank Transfer", amount: 0, payments: 0 },
      { method: "Credit", amount: 10000, payments: 1 },
    ]);
  });

  it("lists sales charged to a hotel room under Room", () => {
    const b = "11111111-1111-4111-8111-111111111111";
    const t = totalsByMethod([
      saleOf(b, {
        amount: 35000,
        paymentMethod: "Room",
        payments: [{ method: "Room", amount: 35000, tendered: null, reference: "Room 7" }],
      }),
    ]);
    expect(t.methods.at(-1)).toEqual({ method: "Room", amount: 35000, payments: 1 });
  });
});
