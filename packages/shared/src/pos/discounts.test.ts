import { describe, expect, it } from "vitest";
import {
  amountDue,
  cashRoundingApplies,
  discountPercentOf,
  largestDiscountPercent,
  percentOfCents,
  priceWithDiscounts,
  roundCash,
  shareInProportion,
  withinLimit,
  type PricingResult,
} from "./discounts.ts";

const ok = (r: PricingResult) => {
  if (!r.ok) throw new Error(r.message);
  return r;
};

describe("percentages of cents", () => {
  it("15% of 333 cents = 49.95 -> 50 cents (half up)", () => expect(percentOfCents(333, 15)).toBe(50));
  it("10% of 18,000 cents = 1,800 cents exactly", () => expect(percentOfCents(18000, 10)).toBe(1800));
  it("1% of 49 cents = 0.49 -> 0 cents; 1% of 50 cents = 0.5 -> 1 cent", () => {
    expect(percentOfCents(49, 1)).toBe(0);
    expect(percentOfCents(50, 1)).toBe(1);
  });
  it("100% of 1e13 cents is exact (no float overflow)", () =>
    expect(percentOfCents(10_000_000_000_000, 100)).toBe(10_000_000_000_000));
});

describe("line discounts and price overrides", () => {
  it("2 x 18,000 with 10% off the line = 36,000 - 3,600 = 32,400", () => {
    const r = ok(
      priceWithDiscounts([{ listUnitPrice: 18000, quantity: 2, adjustment: { type: "percent", percent: 10 } }]),
    );
    expect(r.lines[0]).toMatchObject({ listTotal: 36000, lineTotal: 32400, total: 32400, discount: 3600 });
    expect(r.total).toBe(32400);
  });

  it("3 x 5,000 with 2,500 cents off the line = 15,000 - 2,500 = 12,500", () => {
    const r = ok(
      priceWithDiscounts([{ listUnitPrice: 5000, quantity: 3, adjustment: { type: "amount", amount: 2500 } }]),
    );
    expect(r.lines[0]).toMatchObject({ total: 12500, discount: 2500, givenUnitPrice: 5000 });
  });

  it("a price override of 4,000 on 3 x 5,000 = 12,000, a discount of 3,000", () => {
    const r = ok(
      priceWithDiscounts([{ listUnitPrice: 5000, quantity: 3, adjustment: { type: "price", unitPrice: 4000 } }]),
    );
    expect(r.lines[0]).toMatchObject({ givenUnitPrice: 4000, total: 12000, discount: 3000 });
  });

  it("an override above the list price (6,000 on 5,000) is a discount of -1,000, within any limit", () => {
    const r = ok(
      priceWithDiscounts([{ listUnitPrice: 5000, quantity: 1, adjustment: { type: "price", unitPrice: 6000 } }]),
    );
    expect(r.lines[0]!.discount).toBe(-1000);
    expect(withinLimit(r.lines[0]!, 0)).toBe(true);
  });

  it("refuses an amount off larger than the line (5,001 off 5,000) and a percent above 100 or not whole", () => {
    expect(
      priceWithDiscounts([{ listUnitPrice: 5000, quantity: 1, adjustment: { type: "amount", amount: 5001 } }]),
    ).toMatchObject({
      ok: false,
      field: "products.0.adjustment",
    });
    expect(
      priceWithDiscounts([{ listUnitPrice: 5000, quantity: 1, adjustment: { type: "percent", percent: 101 } }]).ok,
    ).toBe(false);
    expect(
      priceWithDiscounts([{ listUnitPrice: 5000, quantity: 1, adjustment: { type: "percent", percent: 2.5 } }]).ok,
    ).toBe(false);
  });
});

describe("ticket discounts, shared among the lines", () => {
  it("10% off a ticket of 18,000 + 5,000 = 23,000 - 2,300 = 20,700; shares 1,800 and 500", () => {
    const r = ok(
      priceWithDiscounts(
        [
          { listUnitPrice: 18000, quantity: 1 },
          { listUnitPrice: 5000, quantity: 1 },
        ],
        { type: "percent", percent: 10 },
      ),
    );
    expect(r).toMatchObject({ subtotal: 23000, ticketDiscount: 2300, total: 20700, discount: 2300 });
    expect(r.lines.map((l) => l.ticketShare)).toEqual([1800, 500]);
  });

  it("100 cents off three lines of 100 each: shares 34 + 33 + 33 (the cent left over to the first line)", () => {
    const r = ok(
      priceWithDiscounts(
        [1, 2, 3].map(() => ({ listUnitPrice: 100, quantity: 1 })),
        { type: "amount", amount: 100 },
      ),
    );
    expect(r.lines.map((l) => l.ticketShare)).toEqual([34, 33, 33]);
    expect(r.total).toBe(200);
  });

  it("a ticket discount comes after the line's own: 10% line then 1,000 off = 9,000 - 1,000 = 8,000", () => {
    const r = ok(
      priceWithDiscounts([{ listUnitPrice: 10000, quantity: 1, adjustment: { type: "percent", percent: 10 } }], {
        type: "amount",
        amount: 1000,
      }),
    );
    expect(r).toMatchObject({ subtotal: 9000, total: 8000, discount: 2000 });
    expect(discountPercentOf(r.lines[0]!)).toBe(20);
  });

  it("shares in proportion add up exactly: 1 cent among weights 1, 1, 1 = 1, 0, 0", () => {
    expect(shareInProportion(1, [1, 1, 1])).toEqual([1, 0, 0]);
    expect(shareInProportion(7, [2, 3, 5]).reduce((a, b) => a + b, 0)).toBe(7);
  });

  it("refuses a ticket amount larger than the ticket (23,001 off 23,000)", () => {
    expect(
      priceWithDiscounts([{ listUnitPrice: 23000, quantity: 1 }], { type: "amount", amount: 23001 }),
    ).toMatchObject({ ok: false, field: "ticketDiscount" });
  });
});

describe("limits per member of staff, per line", () => {
  it("15% off 10,000 (1,500) is beyond a 10% limit; 10% (1,000) is within it", () => {
    expect(withinLimit({ listTotal: 10000, discount: 1500 }, 10)).toBe(false);
    expect(withinLimit({ listTotal: 10000, discount: 1000 }, 10)).toBe(true);
  });

  it("a 1,000 discount on a 20,000 ticket, all on one 1,000 line, is 100% of that line, not 5%", () => {
    const r = ok(
      priceWithDiscounts([
        { listUnitPrice: 19000, quantity: 1 },
        { listUnitPrice: 1000, quantity: 1, adjustment: { type: "amount", amount: 1000 } },
      ]),
    );
    expect(largestDiscountPercent(r.lines)).toBe(100);
  });

  it("1 cent off 3 cents is 33.34% (to two decimals, rounded up)", () =>
    expect(discountPercentOf({ listTotal: 3, discount: 1 })).toBe(33.34));
});

describe("cash rounding, half up, never the VAT", () => {
  it("1,043.00 to the nearest 5 shillings = 1,045.00 (+2.00)", () =>
    expect(roundCash(104300, 5)).toEqual({ due: 104500, rounding: 200 }));
  it("1,042.00 to the nearest 5 shillings = 1,040.00 (-2.00)", () =>
    expect(roundCash(104200, 5)).toEqual({ due: 104000, rounding: -200 }));
  it("1,042.50 to the nearest 5 shillings = 1,045.00 (half up)", () => expect(roundCash(104250, 5).due).toBe(104500));
  it("1,044.99 to the nearest 10 shillings = 1,040.00; 1,045.00 = 1,050.00", () => {
    expect(roundCash(104499, 10).due).toBe(104000);
    expect(roundCash(104500, 10).due).toBe(105000);
  });
  it("99.49 to the nearest shilling = 99.00; 99.50 = 100.00", () => {
    expect(roundCash(9949, 1).due).toBe(9900);
    expect(roundCash(9950, 1).due).toBe(10000);
  });
  it("no rounding (0) leaves 1,043.27 as it is", () =>
    expect(roundCash(104327, 0)).toEqual({ due: 104327, rounding: 0 }));
  it("applies only to a sale paid wholly in cash", () => {
    expect(cashRoundingApplies([{ method: "Cash" }])).toBe(true);
    expect(cashRoundingApplies([{ method: "Cash" }, { method: "M-Pesa" }])).toBe(false);
    expect(cashRoundingApplies([])).toBe(false);
    expect(amountDue(104300, [{ method: "M-Pesa" }], 5)).toEqual({ due: 104300, rounding: 0 });
    expect(amountDue(104300, [{ method: "Cash" }], 5)).toEqual({ due: 104500, rounding: 200 });
  });
});
