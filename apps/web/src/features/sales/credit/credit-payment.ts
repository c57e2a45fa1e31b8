import { parseKES } from "@app/shared/money/money";
import { applyCreditPayment, type CreditPaymentMethod } from "@app/shared/sales/credit";
import type { CreditPaymentBody } from "./credit-api.ts";

export const INVALID_DATE_TEXT = "Date input not valid.";

export type CreditPaymentForm = {
  amount: string;
  method: CreditPaymentMethod | "";
  date: Date | null;
  dateInvalid: boolean;
};
export type CreditPaymentFormCheck =
  { ok: true; body: CreditPaymentBody } | { ok: false; alert: string } | { ok: false; dateError: string };

/**
 * The client's check of the Update Status modal (spec sections 5 and 8): the amount must be a
 * number above 0 and not above the balance, else an alert and no call. An empty method is not
 * blocked here: the server refuses it (400) and the modal shows that.
 */
export function checkCreditPaymentForm(
  order: { amount: number; balance: number },
  form: CreditPaymentForm,
): CreditPaymentFormCheck {
  const cents = parseKES(form.amount.trim()) ?? Number.NaN;
  const applied = applyCreditPayment(order, cents);
  if (!applied.ok) return { ok: false, alert: applied.message };
  if (form.dateInvalid || !form.date || Number.isNaN(form.date.getTime()))
    return { ok: false, dateError: INVALID_DATE_TEXT };
  return { ok: true, body: { amountPaid: cents, paymentMethod: form.method, paymentDate: form.date.toISOString() } };
}

/** The amount input accepts only non-negative numbers: digits and one decimal point. */
export const isNonNegativeNumberText = (text: string) => /^\d*(\.\d{0,2})?$/.test(text);
