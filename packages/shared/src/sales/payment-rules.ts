// How payments settle a sale, free of zod (the till loads it); payments.ts adds the schema.
import { centsProblem, MAX_CENTS, TOTAL_ABOVE_LIMIT_MESSAGE } from "../money/limit-values.ts";

/** How a sale can be paid at checkout; Credit leaves the amount owing (spec sections 3 and 9). */
export const PAYMENT_METHODS = ["Cash", "M-Pesa", "Bank Transfer", "Credit"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/**
 * A hotel's POS sale put on a checked-in guest's bill ("charge to room", rooms module) rather
 * than paid at the till. Only the rooms module records it; the till's checkout cannot send it.
 */
export const ROOM_CHARGE = "Room";
/** Every method a recorded sale's payments can show. */
export const RECORDED_PAYMENT_METHODS = [...PAYMENT_METHODS, ROOM_CHARGE] as const;
export type RecordedPaymentMethod = (typeof RECORDED_PAYMENT_METHODS)[number];
/** A sale paid by more than one method. */
export const SPLIT = "Split";
export type SalePaymentMethod = RecordedPaymentMethod | typeof SPLIT;

export const PAYMENT_STATUSES = ["Paid", "Credit"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** M-Pesa confirmation codes: letters and digits, e.g. QGH7XYZ12A. */
export const MPESA_REFERENCE = /^[A-Z0-9]{6,20}$/;
/** A customer phone on credit: exactly 10 digits. */
export const CREDIT_PHONE = /^\d{10}$/;

/** A payment at checkout, as paymentInputSchema (payments.ts) reads it. */
export type PaymentInput = {
  method: PaymentMethod;
  amount: number;
  tendered?: number | undefined;
  reference?: string | undefined;
  mpesaPaymentId?: string | undefined;
};

export type Customer = { customerName?: string | null; customerPhone?: string | null };

export type Settlement = {
  change: number;
  /** Paid at checkout (everything but credit). */
  paidNow: number;
  /** Left owing on credit. */
  creditAmount: number;
  paymentStatus: PaymentStatus;
  paymentMethod: SalePaymentMethod;
};
export type SettlementResult = ({ ok: true } & Settlement) | { ok: false; field: string; message: string };

const fail = (field: string, message: string): SettlementResult => ({ ok: false, field, message });

/**
 * Checks that payments settle a total exactly and works out change, what is left on credit,
 * and the sale's payment status. Both the checkout dialog and the server use it.
 */
export function settlePayments(
  total: number,
  payments: readonly PaymentInput[],
  customer: Customer = {},
): SettlementResult {
  // A sale's total is one amount of money, held to the same limit as every other.
  if (total > MAX_CENTS) return fail("products", TOTAL_ABOVE_LIMIT_MESSAGE);
  if (payments.length === 0 && total > 0) return fail("payments", "Choose how the customer pays");
  let sum = 0;
  let change = 0;
  let creditAmount = 0;
  for (const [i, p] of payments.entries()) {
    for (const key of ["amount", "tendered"] as const) {
      const problem = p[key] === undefined ? null : centsProblem(p[key]);
      if (problem) return fail(`payments.${i}.${key}`, problem);
    }
    sum += p.amount;
    if (p.method === "Cash" && p.tendered !== undefined) {
      if (p.tendered < p.amount) return fail(`payments.${i}.tendered`, "Cash tendered is less than the cash amount");
      change += p.tendered - p.amount;
    }
    // A till payment the sale claims brings its own code (the server checks it is confirmed).
    if (p.method === "M-Pesa" && !p.mpesaPaymentId && !MPESA_REFERENCE.test(p.reference ?? ""))
      return fail(`payments.${i}.reference`, "Enter the M-Pesa confirmation code");
    if (p.method === "Credit") {
      if (creditAmount > 0) return fail(`payments.${i}.method`, "Put the whole credit amount in one line");
      creditAmount = p.amount;
    }
  }
  if (sum !== total)
    return fail(
      "payments",
      sum < total ? "The payments do not cover the total" : "The payments are more than the total",
    );
  if (creditAmount > 0) {
    if (!customer.customerName?.trim()) return fail("customerName", "A credit sale needs the customer's name");
    if (!CREDIT_PHONE.test(customer.customerPhone?.trim() ?? ""))
      return fail("customerPhone", "A credit sale needs the customer's 10-digit phone number");
  }
  const methods = new Set(payments.map((p) => p.method));
  const paymentMethod: SalePaymentMethod =
    methods.size === 1 ? payments[0]!.method : methods.size === 0 ? "Cash" : SPLIT;
  return {
    ok: true,
    change,
    paidNow: total - creditAmount,
    creditAmount,
    paymentStatus: creditAmount > 0 ? "Credit" : "Paid",
    paymentMethod,
  };
}
