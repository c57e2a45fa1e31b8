import { parseKES } from "@app/shared/money/money";
import {
  applyCreditPayment,
  creditPaymentDateProblem,
  PAYMENT_DATE_INVALID_MESSAGE,
  type CreditPaymentMethod,
} from "@app/shared/sales/credit";
import type { CreditPaymentBody } from "./credit-api.ts";

export const INVALID_DATE_TEXT = PAYMENT_DATE_INVALID_MESSAGE;

export type CreditPaymentForm = {
  amount: string;
  method: CreditPaymentMethod | "";
  date: Date | null;
  dateInvalid: boolean;
};
export type CreditPaymentFormCheck =
  { ok: true; body: CreditPaymentBody } | { ok: false; alert: string } | { ok: false; dateError: string };

const sameDay = (a: Date, b: Date) => a.toDateString() === b.toDateString();

/**
 * The moment sent for a picked day. The picker chooses a day and keeps the time of day it was
 * opened at; on the sale's own day that time may fall before the sale, and on today's after now,
 * so those are moved to the sale's time and to now. Other days keep their time.
 */
function paymentMoment(picked: Date, saleCreatedAt: Date, now: Date): Date {
  if (sameDay(picked, saleCreatedAt) && picked < saleCreatedAt) return saleCreatedAt;
  if (sameDay(picked, now) && picked > now) return now;
  return picked;
}

/**
 * The client's check of the Update Status modal (spec sections 5 and 8): the amount must be a
 * number above 0 and not above the balance, else an alert and no call. The date may not be in the
 * future nor before the sale (the server's rule, creditPaymentDateProblem). An empty method is not
 * blocked here: the server refuses it (400) and the modal shows that.
 */
export function checkCreditPaymentForm(
  order: { amount: number; balance: number; createdAt: string },
  form: CreditPaymentForm,
  now = new Date(),
): CreditPaymentFormCheck {
  const cents = parseKES(form.amount.trim()) ?? Number.NaN;
  const applied = applyCreditPayment(order, cents);
  if (!applied.ok) return { ok: false, alert: applied.message };
  if (form.dateInvalid || !form.date || Number.isNaN(form.date.getTime()))
    return { ok: false, dateError: INVALID_DATE_TEXT };
  const saleCreatedAt = new Date(order.createdAt);
  const paidAt = paymentMoment(form.date, saleCreatedAt, now);
  const problem = creditPaymentDateProblem(paidAt, saleCreatedAt, now);
  if (problem) return { ok: false, dateError: problem };
  return { ok: true, body: { amountPaid: cents, paymentMethod: form.method, paymentDate: paidAt.toISOString() } };
}

/** The amount input accepts only non-negative numbers: digits and one decimal point. */
export const isNonNegativeNumberText = (text: string) => /^\d*(\.\d{0,2})?$/.test(text);
