import type { SubscriptionPaymentMethod } from "./constants.ts";

/** What the 3-step Subscribe Business flow has chosen so far. */
export type SubscribeDraft = { planId: string | null; paymentMethod: SubscriptionPaymentMethod | null; businessId: string | null };

export const SUBSCRIBE_STEPS = ["Choose plan and payment method", "Choose business", "Complete payment"] as const;

/**
 * Is Next disabled (spec section 5)? Step 1 without a plan, and step 2 without a business.
 * The last step has no Next: payment finishes the flow.
 */
export function isNextDisabled(step: number, draft: SubscribeDraft): boolean {
  if (step === 0) return !draft.planId;
  if (step === 1) return !draft.businessId;
  return true;
}

/** Does Next advance? On step 1 only when a payment method is chosen too. */
export function mayAdvance(step: number, draft: SubscribeDraft): boolean {
  if (isNextDisabled(step, draft)) return false;
  return step !== 0 || draft.paymentMethod !== null;
}

/** The subscription is created when the flow leaves step 2 (spec section 4). */
export const createsSubscriptionOnLeaving = (step: number) => step === 1;
