import { tz } from "@date-fns/tz";
import { addDays, addMonths } from "date-fns";
import { formatAmount } from "../money/money.ts";
import {
  BILLING_TIME_ZONE,
  MONTHS_PER_CYCLE,
  PROVIDER_CURRENCY,
  type BillingCycle,
  type PlanCurrency,
  type SubscriptionPaymentMethod,
  type SubscriptionStatus,
} from "./constants.ts";

const inNairobi = { in: tz(BILLING_TIME_ZONE) };

/**
 * The billing date `cycles` cycles after `start`, in calendar months (not 30-day blocks), in
 * Nairobi time. Always counted from the start, so a subscription started on 31 January bills
 * on 28/29 February, then 31 March: the day never drifts.
 */
export function billingDate(start: Date, cycle: BillingCycle, cycles: number): Date {
  return new Date(addMonths(start, cycles * MONTHS_PER_CYCLE[cycle], inNairobi).getTime());
}

export type Schedule = { startDate: Date; cyclesPaid: number; nextBillingDate: Date };

/**
 * Where a successful payment leaves a subscription's schedule. A renewal (active or past due)
 * adds one cycle to the same schedule, so a late payment inside the grace period keeps the
 * billing day; a first payment, or one after the subscription expired, starts a new schedule
 * on the day of payment.
 */
export function scheduleAfterPayment(
  sub: { status: SubscriptionStatus; startDate: Date; cyclesPaid: number; billingCycle: BillingCycle },
  paidAt: Date,
): Schedule {
  const renewing = sub.status === "active" || sub.status === "past_due";
  const startDate = renewing ? sub.startDate : paidAt;
  const cyclesPaid = renewing ? sub.cyclesPaid + 1 : 1;
  return { startDate, cyclesPaid, nextBillingDate: billingDate(startDate, sub.billingCycle, cyclesPaid) };
}

/** The end of the grace period after a missed billing date. */
export function graceEndsAt(nextBillingDate: Date, graceDays: number): Date {
  return new Date(addDays(nextBillingDate, graceDays, inNairobi).getTime());
}

/** The plan's price suffix by its billing cycle (the original always said '/mo'). */
export const PRICE_SUFFIX: Record<BillingCycle, string> = { monthly: "/mo", quarterly: "/qtr", yearly: "/yr" };

/** Cents of a plan currency for people: "KES 1,500.00", "USD 12.00". */
export function formatPlanAmount(cents: number, currency: PlanCurrency): string {
  return `${currency} ${formatAmount(cents)}`;
}

/** A plan's price with its cycle: "KES 1,500.00/mo", "USD 120.00/yr". */
export function formatPlanPrice(cents: number, currency: PlanCurrency, cycle: BillingCycle): string {
  return `${formatPlanAmount(cents, currency)}${PRICE_SUFFIX[cycle]}`;
}

/** Why a plan cannot be paid with a method (PayPal charges USD, M-Pesa KES), or null when it can. */
export function paymentMethodProblem(planCurrency: PlanCurrency, method: SubscriptionPaymentMethod): string | null {
  const wanted = PROVIDER_CURRENCY[method];
  if (planCurrency === wanted) return null;
  return method === "mpesa"
    ? "M-Pesa payments are in KES; this plan is priced in USD. Choose PayPal or a KES plan."
    : "PayPal payments are in USD; this plan is priced in KES. Choose M-Pesa or a USD plan.";
}

/** Statuses in which a business still owes the next payment (a Pay action makes sense). */
export function awaitsPayment(status: SubscriptionStatus): boolean {
  return status === "pending" || status === "past_due" || status === "expired";
}
