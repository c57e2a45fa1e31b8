import { z } from "zod";
import { centsSchema } from "../money/limits.ts";

/** Spec sections 3, 4 and 9. */
export const CREDIT_STATUSES = ["Pending", "Partial", "Cleared"] as const;
export type CreditStatus = (typeof CREDIT_STATUSES)[number];
export const CREDIT_PAYMENT_METHODS = ["Cash", "M-Pesa", "Bank Transfer"] as const;
export type CreditPaymentMethod = (typeof CREDIT_PAYMENT_METHODS)[number];
/** creditPaymentMethod of a credit sale nobody has paid anything on yet. */
export const NOT_PAID = "Not Paid";

/** The badge colours of spec section 4: Pending grey, Partial teal, Cleared green. */
export const CREDIT_STATUS_COLORS: Record<CreditStatus, string> = {
  Pending: "#757575",
  Partial: "#00897b",
  Cleared: "#2e7d32",
};

/** Spec section 8: the alert, and the server's 422 message. */
export const CREDIT_OVERPAY_MESSAGE = "Payment amount cannot exceed the current balance.";

/** The status follows the balance: nothing paid, some paid, all paid. */
export function creditStatusOf(amount: number, balance: number): CreditStatus {
  if (balance <= 0) return "Cleared";
  return balance < amount ? "Partial" : "Pending";
}

export const creditPaymentInputSchema = z.object({
  amountPaid: centsSchema.min(1, "Must be more than 0"),
  paymentMethod: z.enum(CREDIT_PAYMENT_METHODS, { error: "Choose Cash, M-Pesa or Bank Transfer" }),
  /** When the money was received; now when not given. */
  paymentDate: z.iso.datetime({ offset: true }).optional(),
});
export type CreditPaymentInput = z.infer<typeof creditPaymentInputSchema>;

export type CreditPaymentCheck =
  { ok: true; balance: number; creditStatus: CreditStatus } | { ok: false; message: string };

/**
 * Spec section 5: the amount must be a number greater than 0 and not above the current balance.
 * Returns the balance and status after the payment.
 */
export function applyCreditPayment(order: { amount: number; balance: number }, amountPaid: number): CreditPaymentCheck {
  if (!Number.isFinite(amountPaid) || amountPaid <= 0) return { ok: false, message: "Enter an amount greater than 0." };
  if (amountPaid > order.balance) return { ok: false, message: CREDIT_OVERPAY_MESSAGE };
  const balance = order.balance - amountPaid;
  return { ok: true, balance, creditStatus: creditStatusOf(order.amount, balance) };
}

/**
 * How far a credit payment's date may lie after the server's clock, or before the sale: a till's
 * clock runs a few minutes off, and a payment recorded right after the sale must not be refused.
 */
export const CREDIT_PAYMENT_CLOCK_SKEW_MS = 5 * 60_000;
export const PAYMENT_DATE_FUTURE_MESSAGE = "The payment date is in the future";
export const PAYMENT_DATE_BEFORE_SALE_MESSAGE = "The payment date is before the sale";
export const PAYMENT_DATE_INVALID_MESSAGE = "Date input not valid.";

/**
 * Why a credit payment cannot carry this date, or null: money cannot arrive for a sale before
 * the sale was made, nor later than now. The server answers 400 naming `paymentDate`; the
 * Update Status dialog checks the same before it sends.
 */
export function creditPaymentDateProblem(paidAt: Date, saleCreatedAt: Date, now: Date): string | null {
  const t = paidAt.getTime();
  if (Number.isNaN(t)) return PAYMENT_DATE_INVALID_MESSAGE;
  if (t > now.getTime() + CREDIT_PAYMENT_CLOCK_SKEW_MS) return PAYMENT_DATE_FUTURE_MESSAGE;
  if (t < saleCreatedAt.getTime() - CREDIT_PAYMENT_CLOCK_SKEW_MS) return PAYMENT_DATE_BEFORE_SALE_MESSAGE;
  return null;
}
