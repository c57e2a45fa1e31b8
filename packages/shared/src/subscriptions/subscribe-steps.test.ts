import { describe, expect, it } from "vitest";
import {
  choosePlan,
  createsSubscriptionOnLeaving,
  isNextDisabled,
  mayAdvance,
  nextPlansPage,
  OFFERED_PLANS_PAGE_SIZE,
} from "./subscribe-steps.ts";

const none = { planId: null, paymentMethod: null, businessId: null };

describe("the subscribe steps (spec section 5)", () => {
  it("step 1: Next is disabled without a plan", () => {
    expect(isNextDisabled(0, none)).toBe(true);
    expect(isNextDisabled(0, { ...none, paymentMethod: "mpesa" })).toBe(true);
    expect(isNextDisabled(0, { ...none, planId: "p" })).toBe(false);
  });
  it("step 1 advances only when a payment method is chosen too", () => {
    expect(mayAdvance(0, { ...none, planId: "p" })).toBe(false);
    expect(mayAdvance(0, { ...none, planId: "p", paymentMethod: "paypal" })).toBe(true);
  });
  it("step 2 cannot proceed without a business", () => {
    const chosen = { planId: "p", paymentMethod: "mpesa" as const, businessId: null };
    expect(isNextDisabled(1, chosen)).toBe(true);
    expect(mayAdvance(1, chosen)).toBe(false);
    expect(mayAdvance(1, { ...chosen, businessId: "b" })).toBe(true);
  });
  it("the subscription is created on leaving step 2, and step 3 has no Next", () => {
    expect([0, 1, 2].filter(createsSubscriptionOnLeaving)).toEqual([1]);
    expect(isNextDisabled(2, { planId: "p", paymentMethod: "mpesa", businessId: "b" })).toBe(true);
  });
  it("choosing a plan enables Next; a payment method its currency cannot use is cleared, so step 1 asks again", () => {
    const usd = { _id: "usd", currency: "USD" as const };
    const kes = { _id: "kes", currency: "KES" as const };
    const mpesa = choosePlan({ ...none, paymentMethod: "mpesa" }, kes);
    expect(mpesa).toEqual({ planId: "kes", paymentMethod: "mpesa", businessId: null });
    expect(mayAdvance(0, mpesa)).toBe(true);
    const switched = choosePlan(mpesa, usd);
    expect(switched).toEqual({ planId: "usd", paymentMethod: null, businessId: null });
    expect(isNextDisabled(0, switched)).toBe(false);
    expect(mayAdvance(0, switched)).toBe(false);
    expect(choosePlan({ ...none, paymentMethod: "paypal" }, usd).paymentMethod).toBe("paypal");
  });
});

describe("the plans on offer in step 1 are paged, so none is out of reach", () => {
  it("asks for the next page until the pages hold every plan", () => {
    expect(nextPlansPage(0, 0)).toBeUndefined();
    expect(nextPlansPage(0, OFFERED_PLANS_PAGE_SIZE)).toBeUndefined();
    expect(nextPlansPage(0, OFFERED_PLANS_PAGE_SIZE + 1)).toBe(1);
    expect(nextPlansPage(1, OFFERED_PLANS_PAGE_SIZE + 1)).toBeUndefined();
    // 250 plans, 20 a page: pages 0..12, the last holding the 250th.
    const pages: number[] = [0];
    for (let next = nextPlansPage(0, 250); next !== undefined; next = nextPlansPage(next, 250)) pages.push(next);
    expect(pages).toHaveLength(Math.ceil(250 / OFFERED_PLANS_PAGE_SIZE));
    expect(pages.at(-1)! * OFFERED_PLANS_PAGE_SIZE).toBeLessThan(250);
    expect(nextPlansPage(2, 7, 3)).toBeUndefined();
    expect(nextPlansPage(1, 7, 3)).toBe(2);
  });
});
