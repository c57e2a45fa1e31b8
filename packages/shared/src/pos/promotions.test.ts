import { describe, expect, it } from "vitest";
import { cashierDiscountOf, largestDiscountPercent, priceWithDiscounts, withinLimit } from "./discounts.ts";
import { createPromotionInputSchema, promotionProblems } from "./promotion-schema.ts";
import {
  applyPromotions,
  isoOfLocal,
  localOfIso,
  promotedTotal,
  promotionRunsAt,
  promotionStatus,
  type PromotionRule,
} from "./promotions.ts";

const NBO = "Africa/Nairobi";
const base: PromotionRule = {
  _id: "00000000-0000-4000-8000-000000000001",
  name: "Promo",
  kind: "price",
  productIds: ["p1"],
  unitPrice: null,
  buyQuantity: null,
  freeQuantity: null,
  breakQuantity: null,
  breakAmount: null,
  startsAt: null,
  endsAt: null,
  days: [],
  dailyFrom: null,
  dailyTo: null,
  active: true,
};
const promo = (over: Partial<PromotionRule>): PromotionRule => ({ ...base, ...over });
const threeFor100 = promo({ kind: "quantityBreak", breakQuantity: 3, breakAmount: 10000, name: "3 for 100" });
const buy2get1 = promo({ kind: "buyXgetY", buyQuantity: 2, freeQuantity: 1, name: "Buy 2 get 1" });
// Friday 6 March 2026, 12:00 in Nairobi (09:00 UTC).
const friNoon = new Date("2026-03-06T09:00:00Z");

describe("what each kind charges", () => {
  it("price: a special unit price of 35.00 on 4 x 40.00 = 140.00", () =>
    expect(promotedTotal(promo({ unitPrice: 3500 }), 4000, 4)).toBe(14000));
  it("price above list (50.00 on 40.00) charges the list total", () =>
    expect(promotedTotal(promo({ unitPrice: 5000 }), 4000, 2)).toBe(8000));
  it("buy 2 get 1 at 50.00: 3 pay 2 (100.00), 6 pay 4 (200.00), 4 pay 3 (150.00), 2 pay 2, 1 pay 1", () => {
    expect(promotedTotal(buy2get1, 5000, 3)).toBe(10000);
    expect(promotedTotal(buy2get1, 5000, 6)).toBe(20000);
    expect(promotedTotal(buy2get1, 5000, 4)).toBe(15000);
    expect(promotedTotal(buy2get1, 5000, 2)).toBe(10000);
    expect(promotedTotal(buy2get1, 5000, 1)).toBe(5000);
  });
  it("buy 2 get 2 at 10.00: 3 pay 2 (the third is the start of the free part), 5 pay 3", () => {
    const p = promo({ kind: "buyXgetY", buyQuantity: 2, freeQuantity: 2 });
    expect(promotedTotal(p, 1000, 3)).toBe(2000);
    expect(promotedTotal(p, 1000, 5)).toBe(3000);
  });
  it("3 for 100.00 at 40.00: 7 units = 2 x 100.00 + 1 x 40.00 = 240.00; 4 units = 140.00; 2 units = 80.00", () => {
    expect(promotedTotal(threeFor100, 4000, 7)).toBe(24000);
    expect(promotedTotal(threeFor100, 4000, 4)).toBe(14000);
    expect(promotedTotal(threeFor100, 4000, 2)).toBe(8000);
  });
  it("3 for 100.00 at 30.00 a unit (dearer than list: 3 = 90.00) charges the list total", () =>
    expect(promotedTotal(threeFor100, 3000, 3)).toBe(9000));
});

describe("when a promotion runs (Africa/Nairobi, UTC+3)", () => {
  it("a period runs from its start (inclusive) to its end (exclusive)", () => {
    const p = promo({ startsAt: "2026-03-06T09:00:00Z", endsAt: "2026-03-07T09:00:00Z" });
    expect(promotionRunsAt(p, new Date("2026-03-06T08:59:59Z"), NBO)).toBe(false);
    expect(promotionRunsAt(p, new Date("2026-03-06T09:00:00Z"), NBO)).toBe(true);
    expect(promotionRunsAt(p, new Date("2026-03-07T08:59:59Z"), NBO)).toBe(true);
    expect(promotionRunsAt(p, new Date("2026-03-07T09:00:00Z"), NBO)).toBe(false);
  });
  it("happy hour 17:00-19:00 Nairobi: 16:59 no, 17:00 yes, 18:59 yes, 19:00 no", () => {
    const p = promo({ dailyFrom: "17:00", dailyTo: "19:00" });
    expect(promotionRunsAt(p, new Date("2026-03-06T13:59:00Z"), NBO)).toBe(false);
    expect(promotionRunsAt(p, new Date("2026-03-06T14:00:00Z"), NBO)).toBe(true);
    expect(promotionRunsAt(p, new Date("2026-03-06T15:59:59Z"), NBO)).toBe(true);
    expect(promotionRunsAt(p, new Date("2026-03-06T16:00:00Z"), NBO)).toBe(false);
  });
  it("the window is read in the business's zone: 14:00 UTC is 17:00 in Nairobi but 14:00 in London", () => {
    const p = promo({ dailyFrom: "17:00", dailyTo: "19:00" });
    expect(promotionRunsAt(p, new Date("2026-03-06T14:00:00Z"), "Europe/London")).toBe(false);
  });
  it("weekend Fri-Sun (5, 6, 7): Thursday 23:59 Nairobi no, Friday 00:00 yes, Sunday 23:59 yes, Monday 00:00 no", () => {
    const p = promo({ days: [5, 6, 7] });
    expect(promotionRunsAt(p, new Date("2026-03-05T20:59:00Z"), NBO)).toBe(false);
    expect(promotionRunsAt(p, new Date("2026-03-05T21:00:00Z"), NBO)).toBe(true);
    expect(promotionRunsAt(p, new Date("2026-03-08T20:59:00Z"), NBO)).toBe(true);
    expect(promotionRunsAt(p, new Date("2026-03-08T21:00:00Z"), NBO)).toBe(false);
  });
  it("an inactive promotion never runs", () =>
    expect(promotionRunsAt(promo({ active: false }), friNoon, NBO)).toBe(false));
  it("status: running, scheduled (later today or a later period), ended, off", () => {
    expect(promotionStatus(base, friNoon, NBO)).toBe("running");
    expect(promotionStatus(promo({ dailyFrom: "17:00", dailyTo: "19:00" }), friNoon, NBO)).toBe("scheduled");
    expect(promotionStatus(promo({ startsAt: "2026-04-01T00:00:00Z" }), friNoon, NBO)).toBe("scheduled");
    expect(promotionStatus(promo({ endsAt: "2026-03-01T00:00:00Z" }), friNoon, NBO)).toBe("ended");
    expect(promotionStatus(promo({ active: false }), friNoon, NBO)).toBe("off");
  });
});

describe("applying promotions to a ticket's lines", () => {
  it("4 units at 40.00 under 3 for 100: 140.00 with the promotion named; other products untouched", () => {
    const r = applyPromotions(
      [
        { productId: "p1", listUnitPrice: 4000, quantity: 4 },
        { productId: "p2", listUnitPrice: 4000, quantity: 4 },
      ],
      [threeFor100],
      friNoon,
      NBO,
    );
    expect(r).toEqual([{ id: base._id, name: "3 for 100", total: 14000 }, null]);
  });
  it("a line with a manual adjustment takes no promotion", () =>
    expect(
      applyPromotions(
        [{ productId: "p1", listUnitPrice: 4000, quantity: 4, adjusted: true }],
        [threeFor100],
        friNoon,
        NBO,
      ),
    ).toEqual([null]));
  it("2 units under 3 for 100 save nothing: no promotion", () =>
    expect(
      applyPromotions([{ productId: "p1", listUnitPrice: 4000, quantity: 2 }], [threeFor100], friNoon, NBO),
    ).toEqual([null]));
  it("the best for the customer wins: 6 at 40.00, 3 for 100 (200.00) against buy 2 get 1 (160.00) -> buy 2 get 1", () => {
    const other = { ...buy2get1, _id: "00000000-0000-4000-8000-000000000002" };
    const [r] = applyPromotions(
      [{ productId: "p1", listUnitPrice: 4000, quantity: 6 }],
      [threeFor100, other],
      friNoon,
      NBO,
    );
    expect(r).toMatchObject({ name: "Buy 2 get 1", total: 16000 });
  });
  it("a tie goes to the smaller id, whatever the order given", () => {
    const a = promo({ _id: "00000000-0000-4000-8000-00000000000a", unitPrice: 3000, name: "A" });
    const b = promo({ _id: "00000000-0000-4000-8000-00000000000b", unitPrice: 3000, name: "B" });
    const line = [{ productId: "p1", listUnitPrice: 4000, quantity: 1 }];
    expect(applyPromotions(line, [b, a], friNoon, NBO)[0]!.name).toBe("A");
    expect(applyPromotions(line, [a, b], friNoon, NBO)[0]!.name).toBe("A");
  });
  it("a promotion on a list of products applies to each", () => {
    const p = promo({ productIds: ["p1", "p2"], unitPrice: 1000 });
    const r = applyPromotions(
      [
        { productId: "p1", listUnitPrice: 2000, quantity: 1 },
        { productId: "p2", listUnitPrice: 3000, quantity: 2 },
      ],
      [p],
      friNoon,
      NBO,
    );
    expect(r.map((x) => x?.total)).toEqual([1000, 2000]);
  });
  it("a promotion not running at that moment does not apply", () =>
    expect(
      applyPromotions(
        [{ productId: "p1", listUnitPrice: 4000, quantity: 3 }],
        [{ ...threeFor100, days: [1] }],
        friNoon,
        NBO,
      ),
    ).toEqual([null]));
});

describe("promotions and the discounts (stacking)", () => {
  it("a promoted line (4 at 40.00 -> 140.00) then 10% off the ticket = 126.00; the cashier gave 10%, not 21.25%", () => {
    const r = priceWithDiscounts([{ listUnitPrice: 4000, quantity: 4, promotedTotal: 14000 }], {
      type: "percent",
      percent: 10,
    });
    if (!r.ok) throw new Error(r.message);
    expect(r.lines[0]).toMatchObject({
      listTotal: 16000,
      baseTotal: 14000,
      lineTotal: 14000,
      total: 12600,
      discount: 3400,
    });
    expect(withinLimit(cashierDiscountOf(r.lines[0]!), 10)).toBe(true);
    expect(withinLimit(cashierDiscountOf(r.lines[0]!), 9)).toBe(false);
    expect(largestDiscountPercent(r.lines)).toBe(10);
  });
  it("a manual 5% off replaces the promotion: 4 x 40.00 = 160.00 - 8.00 = 152.00", () => {
    const r = priceWithDiscounts([
      { listUnitPrice: 4000, quantity: 4, promotedTotal: 14000, adjustment: { type: "percent", percent: 5 } },
    ]);
    if (!r.ok) throw new Error(r.message);
    expect(r.lines[0]).toMatchObject({ baseTotal: 16000, total: 15200, discount: 800 });
  });
  it("a promoted line alone is 0% of the cashier's limit", () => {
    const r = priceWithDiscounts([{ listUnitPrice: 4000, quantity: 3, promotedTotal: 10000 }]);
    if (!r.ok) throw new Error(r.message);
    expect(largestDiscountPercent(r.lines)).toBe(0);
    expect(withinLimit(cashierDiscountOf(r.lines[0]!), 0)).toBe(true);
  });
});

describe("the promotion's form", () => {
  const input = {
    businessId: "00000000-0000-4000-8000-0000000000bb",
    name: "3 for 100",
    kind: "quantityBreak",
    productIds: ["00000000-0000-4000-8000-0000000000cc"],
    breakQuantity: 3,
    breakAmount: 10000,
  };
  it("accepts 3 for 100 with every day and no window", () =>
    expect(createPromotionInputSchema.safeParse(input).success).toBe(true));
  it("names the missing values of each kind", () => {
    expect(promotionProblems({ kind: "price" })).toEqual({ unitPrice: "Enter the special price" });
    expect(Object.keys(promotionProblems({ kind: "buyXgetY" }))).toEqual(["buyQuantity", "freeQuantity"]);
    expect(promotionProblems({ kind: "quantityBreak", breakQuantity: 1, breakAmount: 5 })).toEqual({
      breakQuantity: "At least 2 units",
    });
  });
  it("refuses an end before the start, one time of two, and a window past midnight", () => {
    expect(
      promotionProblems({
        kind: "price",
        unitPrice: 1,
        startsAt: "2026-03-02T00:00:00Z",
        endsAt: "2026-03-01T00:00:00Z",
      }),
    ).toHaveProperty("endsAt");
    expect(promotionProblems({ kind: "price", unitPrice: 1, dailyFrom: "17:00" })).toHaveProperty("dailyTo");
    expect(promotionProblems({ kind: "price", unitPrice: 1, dailyFrom: "22:00", dailyTo: "02:00" })).toHaveProperty(
      "dailyTo",
    );
  });
});

describe("the form's date-times, in the business's zone", () => {
  it("2026-03-06T17:00 in Nairobi is 14:00 UTC, and back", () => {
    expect(isoOfLocal("2026-03-06T17:00", NBO)).toBe("2026-03-06T14:00:00.000Z");
    expect(localOfIso("2026-03-06T14:00:00.000Z", NBO)).toBe("2026-03-06T17:00");
    expect(isoOfLocal("", NBO)).toBeNull();
  });
});
