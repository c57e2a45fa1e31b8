import { describe, expect, it } from "vitest";
import { createsSubscriptionOnLeaving, isNextDisabled, mayAdvance } from "./subscribe-steps.ts";

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
});
