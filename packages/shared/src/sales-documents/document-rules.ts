// The document state machine (pure; the server applies it under a row lock): statuses, money, and
// what may be done to an invoice or quotation in each state. document.ts re-exports all of it.

export const INVOICE_STATUSES = ["Pending", "Partial", "Paid", "Credited", "Cancelled"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const QUOTATION_STATUSES = ["Open", "Converted", "Cancelled"] as const;
export type QuotationStatus = (typeof QUOTATION_STATUSES)[number];
export const DOCUMENT_STATUSES = [...new Set([...INVOICE_STATUSES, ...QUOTATION_STATUSES, "Issued"] as const)];
export type DocumentStatus = InvoiceStatus | QuotationStatus | "Issued";
export type InvoiceMoney = {
  cancelled: boolean;
  total: number;
  credited: number;
  paid: number;
  refunded: number;
};

/** What an invoice still asks for: its total less credit notes, less what was received net of refunds. */
export const balanceOf = (d: InvoiceMoney) => d.total - d.credited - (d.paid - d.refunded);

/**
 * An invoice's status follows its money: Cancelled (voided before anything was paid), Credited
 * (credit notes took it to nothing), Paid (nothing owed), Partial (some received), Pending.
 */
export function invoiceStatusOf(d: InvoiceMoney): InvoiceStatus {
  if (d.cancelled) return "Cancelled";
  if (d.total - d.credited <= 0) return "Credited";
  if (balanceOf(d) <= 0) return "Paid";
  if (d.paid - d.refunded > 0) return "Partial";
  return "Pending";
}

/** Overdue: still owing (Pending or Partial) on a day after its due date (dates as YYYY-MM-DD). */
export const isOverdue = (status: DocumentStatus, dueDate: string | null, today: string) =>
  (status === "Pending" || status === "Partial") && dueDate !== null && today > dueDate;

export type RuleCheck = { ok: true } | { ok: false; code: DocumentRuleCode; message: string; field?: string };
export const DOCUMENT_RULE_CODES = [
  "INVOICE_OVERPAYMENT",
  "DOCUMENT_LOCKED",
  "QUOTATION_CONVERTED",
  "CREDIT_NOTE_EXCEEDS_INVOICE",
  "CONFLICT",
  "UNPROCESSABLE",
] as const;
export type DocumentRuleCode = (typeof DOCUMENT_RULE_CODES)[number];
const ok: RuleCheck = { ok: true };
const no = (code: DocumentRuleCode, message: string, field?: string): RuleCheck => ({
  ok: false,
  code,
  message,
  ...(field ? { field } : {}),
});

export const INVOICE_OVERPAY_MESSAGE = "The payment is more than the invoice's balance.";

/** A payment must be above 0 and at most the balance (422 above it); a cancelled or settled invoice takes none. */
export function checkInvoicePayment(d: InvoiceMoney, amount: number): RuleCheck {
  const status = invoiceStatusOf(d);
  if (status === "Cancelled") return no("CONFLICT", "This invoice is cancelled");
  if (status === "Paid" || status === "Credited") return no("CONFLICT", "This invoice is already settled");
  if (!Number.isSafeInteger(amount) || amount <= 0)
    return no("UNPROCESSABLE", "Enter an amount greater than 0.", "amount");
  if (amount > balanceOf(d)) return no("INVOICE_OVERPAYMENT", INVOICE_OVERPAY_MESSAGE, "amount");
  return ok;
}

/**
 * An invoice can be edited until it is paid: a paid (or credited) one is refused, a correction
 * then is a credit note. An edit may not take the total below what was received plus credited.
 */
export function checkInvoiceEdit(d: InvoiceMoney, newTotal: number): RuleCheck {
  const status = invoiceStatusOf(d);
  if (status === "Cancelled") return no("CONFLICT", "This invoice is cancelled");
  if (status === "Paid" || status === "Credited")
    return no("DOCUMENT_LOCKED", "A paid invoice cannot be edited. Issue a credit note instead.");
  if (d.credited > 0)
    return no("DOCUMENT_LOCKED", "This invoice has a credit note. Issue another credit note instead.");
  if (newTotal < d.paid - d.refunded)
    return no("UNPROCESSABLE", "The new total is less than what has already been paid", "lines");
  return ok;
}

/** Cancelling (DELETE) keeps the number: only an invoice nothing was paid or credited on. */
export function checkInvoiceCancel(d: InvoiceMoney): RuleCheck {
  if (d.cancelled) return no("CONFLICT", "This invoice is already cancelled");
  if (d.paid > 0 || d.credited > 0)
    return no("DOCUMENT_LOCKED", "An invoice with payments or credit notes cannot be cancelled. Issue a credit note.");
  return ok;
}

export type QuotationState = { status: QuotationStatus };

/** A quotation is converted into an invoice once; converting it again is refused (409). */
export function checkQuotationConvert(q: QuotationState): RuleCheck {
  if (q.status === "Converted")
    return no("QUOTATION_CONVERTED", "This quotation has already been converted to an invoice");
  if (q.status === "Cancelled") return no("CONFLICT", "This quotation is cancelled");
  return ok;
}

/** A converted quotation is frozen (its invoice is the document now). */
export function checkQuotationEdit(q: QuotationState): RuleCheck {
  if (q.status !== "Open")
    return no(
      q.status === "Converted" ? "QUOTATION_CONVERTED" : "CONFLICT",
      `This quotation is ${q.status.toLowerCase()}`,
    );
  return ok;
}

export type CreditableLine = { lineNo: number; quantity: number; creditedQuantity: number; unitPrice: number };

/**
 * A credit note credits units of the invoice's own lines at their price, and never more units
 * than were invoiced less those already credited, so all credit notes together never exceed the
 * invoice, line by line. Returns the lines to credit (quantity, price, amount).
 */
export function planCreditNote(
  invoice: InvoiceMoney & { lines: readonly CreditableLine[] },
  wanted: readonly { lineNo: number; quantity: number }[],
):
  | { ok: true; lines: { lineNo: number; quantity: number; unitPrice: number; total: number }[]; total: number }
  | Extract<RuleCheck, { ok: false }> {
  if (invoice.cancelled) return { ok: false, code: "CONFLICT", message: "This invoice is cancelled" };
  const byLine = new Map(invoice.lines.map((l) => [l.lineNo, l]));
  const merged = new Map<number, number>();
  for (const w of wanted) merged.set(w.lineNo, (merged.get(w.lineNo) ?? 0) + w.quantity);
  const lines: { lineNo: number; quantity: number; unitPrice: number; total: number }[] = [];
  for (const [lineNo, quantity] of merged) {
    const line = byLine.get(lineNo);
    if (!line)
      return { ok: false, code: "UNPROCESSABLE", message: `The invoice has no line ${lineNo}`, field: "lines" };
    const left = line.quantity - line.creditedQuantity;
    if (quantity > left)
      return {
        ok: false,
        code: "CREDIT_NOTE_EXCEEDS_INVOICE",
        message: `Line ${lineNo}: only ${left} of ${line.quantity} can still be credited. A credit note can never exceed its invoice.`,
        field: "lines",
      };
    lines.push({ lineNo, quantity, unitPrice: line.unitPrice, total: quantity * line.unitPrice });
  }
  lines.sort((a, b) => a.lineNo - b.lineNo);
  const total = lines.reduce((s, l) => s + l.total, 0);
  if (invoice.credited + total > invoice.total)
    return {
      ok: false,
      code: "CREDIT_NOTE_EXCEEDS_INVOICE",
      message: "A credit note can never exceed its invoice.",
      field: "lines",
    };
  return { ok: true, lines, total };
}

/**
 * What must be paid back when a credit note lowers an invoice below what was already received:
 * the credit beyond the open balance (0 when the balance absorbs it).
 */
export const refundDue = (d: InvoiceMoney, creditTotal: number) => Math.max(0, creditTotal - Math.max(balanceOf(d), 0));
