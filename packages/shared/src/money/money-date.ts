import { CREDIT_PAYMENT_CLOCK_SKEW_MS } from "../sales/credit.ts";

/**
 * The one rule for the date a piece of money carries (a cash-book entry, an expense, an invoice
 * payment, an M-Pesa confirmation): not later than now, give or take the clock skew credit
 * payments allow (a till's clock runs a few minutes off), and not before MONEY_DATE_FLOOR. The
 * floor is fixed rather than the business's sign-up day: owners enter books from before they
 * started using the app. A date in 2099 or 1990 is a typo, and would sit outside every report.
 */
export const MONEY_DATE_CLOCK_SKEW_MS = CREDIT_PAYMENT_CLOCK_SKEW_MS;
/** The earliest date money may carry: 1 January 2000 (UTC). */
export const MONEY_DATE_FLOOR = new Date(Date.UTC(2000, 0, 1));
export const MONEY_DATE_FUTURE_MESSAGE = "The date is in the future";
export const MONEY_DATE_TOO_OLD_MESSAGE = "The date is before 1 January 2000";
export const MONEY_DATE_INVALID_MESSAGE = "Date input not valid.";

/** Why money cannot carry this date, or null. The server answers 400 naming the field. */
export function moneyDateProblem(at: Date, now: Date): string | null {
  const t = at.getTime();
  if (Number.isNaN(t)) return MONEY_DATE_INVALID_MESSAGE;
  if (t > now.getTime() + MONEY_DATE_CLOCK_SKEW_MS) return MONEY_DATE_FUTURE_MESSAGE;
  if (t < MONEY_DATE_FLOOR.getTime()) return MONEY_DATE_TOO_OLD_MESSAGE;
  return null;
}
