import { formatCentsPlain, parseKES } from "@app/shared/money/money";
import type { Ticket } from "@app/shared/pos/cart";
import type { PaymentInput, PaymentMethod } from "@app/shared/sales/payment-rules";

/** One payment of the checkout as typed: a method, its amount, cash tendered, a reference. */
export type PaymentRow = {
  method: PaymentMethod;
  amount: string;
  tendered: string;
  reference: string;
  /** A confirmed till M-Pesa payment (STK push or a customer's payment) the sale claims. */
  mpesaPaymentId?: string;
};

/** What the checkout records: the payments, the credit customer, and whether to pass the credit limit. */
export type CheckoutValues = {
  payments: PaymentInput[];
  customerId?: string;
  overrideCreditLimit?: boolean;
  /** The owner's till PIN, for a discount beyond the cashier's limit (issue 31). */
  approval?: { pin: string };
};

/** The ticket's content (lines, their discounts, the ticket's): a new Idempotency-Key when it changes. */
export const linesKey = (t: Ticket) =>
  `${t.ticketId}|${t.products.map((l) => `${l.productId}x${l.quantity}${l.adjustment ? JSON.stringify(l.adjustment) : ""}`).join(",")}|${t.discount ? JSON.stringify(t.discount) : ""}`;

/** A row paying `cents` by `method`. */
export const rowFor = (method: PaymentMethod, cents: number): PaymentRow => ({
  method,
  amount: formatCentsPlain(cents),
  tendered: "",
  reference: "",
});

/** The rows as the API takes them; null when an amount cannot be read. */
export function paymentsOf(rows: PaymentRow[]): PaymentInput[] | null {
  const out: PaymentInput[] = [];
  for (const r of rows) {
    const amount = parseKES(r.amount);
    const tendered = r.tendered.trim() ? parseKES(r.tendered) : undefined;
    if (amount === null || tendered === null) return null;
    out.push({
      method: r.method,
      amount,
      ...(tendered !== undefined ? { tendered } : {}),
      ...(r.reference.trim() ? { reference: r.reference.trim().toUpperCase() } : {}),
      ...(r.method === "M-Pesa" && r.mpesaPaymentId ? { mpesaPaymentId: r.mpesaPaymentId } : {}),
    });
  }
  return out;
}
