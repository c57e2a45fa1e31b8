import { paymentMethodProblem } from "./billing.ts";
import type { PlanCurrency, SubscriptionPaymentMethod } from "./constants.ts";

/** What the 3-step Subscribe Business flow has chosen so far. */
export type SubscribeDraft = {
  planId: string | null;
  paymentMethod: SubscriptionPaymentMethod | null;
  businessId: string | null;
};

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

/** Choosing a plan keeps the payment method only if the plan's currency can use it. */
export function choosePlan(draft: SubscribeDraft, plan: { _id: string; currency: PlanCurrency }): SubscribeDraft {
  const method =
    draft.paymentMethod && !paymentMethodProblem(plan.currency, draft.paymentMethod) ? draft.paymentMethod : null;
  return { ...draft, planId: plan._id, paymentMethod: method };
}

/** How many plans on offer step 1 shows at a time; "Show more" asks for the next page, search narrows. */
export const OFFERED_PLANS_PAGE_SIZE = 20;

/** The page after `page`, or undefined when the pages so far hold all `total` plans. */
export function nextPlansPage(page: number, total: number, pageSize = OFFERED_PLANS_PAGE_SIZE): number | undefined {
  return (page + 1) * pageSize < total ? page + 1 : undefined;
}
