import { z } from "zod";
import { centsSchema } from "../money/limits.ts";
import { MONEY_METHODS } from "../transactions/transaction.ts";
import { ETIMS_STATES, TAX_TYPES, taxTypeSchema, vatBandSchema } from "../tax/vat.ts";
import { pageQueryFields } from "../paging.ts";

/** The sales documents that carry a number of their own (spec section 2: Sales Documents). */
export const DOCUMENT_TYPES = ["invoice", "quotation", "credit_note"] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export const DOCUMENT_PREFIX: Record<DocumentType, string> = { invoice: "INV", quotation: "QUO", credit_note: "CN" };
export const DOCUMENT_NOUN: Record<DocumentType, string> = {
  invoice: "Invoice",
  quotation: "Quotation",
  credit_note: "Credit note",
};

/** A document's number as printed: INV-000123, QUO-000045, CN-000007 (gapless per business and type). */
export const documentNumber = (type: DocumentType, n: number) =>
  `${DOCUMENT_PREFIX[type]}-${String(n).padStart(6, "0")}`;

export const INVOICE_STATUSES = ["Pending", "Partial", "Paid", "Credited", "Cancelled"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const QUOTATION_STATUSES = ["Open", "Converted", "Cancelled"] as const;
export type QuotationStatus = (typeof QUOTATION_STATUSES)[number];
export const DOCUMENT_STATUSES = [...new Set([...INVOICE_STATUSES, ...QUOTATION_STATUSES, "Issued"] as const)];
export type DocumentStatus = InvoiceStatus | QuotationStatus | "Issued";

const MAX_LINES = 200;

export const documentLineInputSchema = z.object({
  /** A product of the business (its name and tax type are the defaults); none for a service. */
  productId: z.uuid().optional(),
  description: z.string().trim().max(200).optional(),
  quantity: z.number().int("Whole units only").min(1, "At least 1").max(1_000_000),
  /** Price of one unit, VAT included, in cents. */
  unitPrice: centsSchema,
  /** The tax band; by default the product's (or B/D by the business's VAT registration). */
  taxType: taxTypeSchema.optional(),
});
export type DocumentLineInput = z.infer<typeof documentLineInputSchema>;

const documentFields = {
  /** A client of the business; without one, a walk-in named by customerName. */
  clientId: z.uuid().optional(),
  customerName: z.string().trim().max(160).optional(),
  lines: z.array(documentLineInputSchema).min(1, "Add at least one line").max(MAX_LINES),
  notes: z.string().trim().max(1000).default(""),
};

export const invoiceInputSchema = z.object({
  ...documentFields,
  /** The day payment is due (the business's calendar); 14 days after issue when not given. */
  dueDate: z.iso.date().optional(),
});
export const createInvoiceInputSchema = invoiceInputSchema.extend({ businessId: z.uuid() });
export type CreateInvoiceInput = z.infer<typeof createInvoiceInputSchema>;
/** PUT /invoices/{id}: the invoice's client, lines, due date and notes, replaced. */
export type UpdateInvoiceInput = z.infer<typeof invoiceInputSchema>;

export const quotationInputSchema = z.object({
  ...documentFields,
  /** The last day the quotation holds; 30 days after issue when not given. */
  validUntil: z.iso.date().optional(),
});
export const createQuotationInputSchema = quotationInputSchema.extend({ businessId: z.uuid() });
export type CreateQuotationInput = z.infer<typeof createQuotationInputSchema>;
export type UpdateQuotationInput = z.infer<typeof quotationInputSchema>;

/** POST /quotations/{id}/convert: the new invoice's due date (the form offers 14 days after today). */
export const convertQuotationInputSchema = z.object({ dueDate: z.iso.date() });

export const invoicePaymentInputSchema = z.object({
  amount: centsSchema.min(1, "Must be more than 0"),
  method: z.enum(MONEY_METHODS, { error: "Choose Cash, M-Pesa or Bank Transfer" }),
  paidAt: z.iso.datetime({ offset: true }).optional(),
  reference: z.string().trim().toUpperCase().max(60).optional(),
});
export type InvoicePaymentInput = z.infer<typeof invoicePaymentInputSchema>;

export const createCreditNoteInputSchema = z.object({
  reason: z.string().trim().min(3, "Say why (at least 3 characters)").max(300),
  /** Quantities of the invoice's lines given back or not charged. */
  lines: z
    .array(z.object({ lineNo: z.number().int().min(1), quantity: z.number().int().min(1).max(1_000_000) }))
    .min(1, "Credit at least one line")
    .max(MAX_LINES),
  /** How money is given back when the invoice was paid beyond what the credit note leaves owing. */
  refundMethod: z.enum(MONEY_METHODS).optional(),
});
export type CreateCreditNoteInput = z.infer<typeof createCreditNoteInputSchema>;

export const documentLineSchema = z.object({
  lineNo: z.number().int(),
  productId: z.uuid().nullable(),
  description: z.string(),
  quantity: z.number().int(),
  unitPrice: z.number().int(),
  total: z.number().int(),
  taxType: z.enum(TAX_TYPES),
  taxable: z.number().int(),
  tax: z.number().int(),
  /** Credit notes: the invoice line credited. Invoices: units already credited. */
  invoiceLineNo: z.number().int().nullable(),
  creditedQuantity: z.number().int(),
});
export type DocumentLine = z.infer<typeof documentLineSchema>;

export const documentPaymentSchema = z.object({
  _id: z.uuid(),
  amount: z.number().int(),
  method: z.enum(MONEY_METHODS),
  paidAt: z.string(),
  reference: z.string().nullable(),
  /** A refund of a credit note (money out) rather than a payment in. */
  refund: z.boolean(),
  recordedBy: z.string(),
});
export type DocumentPayment = z.infer<typeof documentPaymentSchema>;

export const documentPartySchema = z.object({
  name: z.string(),
  kraPin: z.string().nullable(),
  contact: z.string().nullable(),
  address: z.string().nullable(),
});
export type DocumentParty = z.infer<typeof documentPartySchema>;

/** An invoice, quotation or credit note as the API returns it. */
export const salesDocumentSchema = z.object({
  _id: z.uuid(),
  businessId: z.uuid(),
  type: z.enum(DOCUMENT_TYPES),
  number: z.string(),
  seq: z.number().int(),
  status: z.enum(DOCUMENT_STATUSES as [DocumentStatus, ...DocumentStatus[]]),
  /** An invoice still owing after its due date. */
  overdue: z.boolean(),
  clientId: z.uuid().nullable(),
  /** Who it is made out to, as it was when issued (client or walk-in). */
  party: documentPartySchema,
  issuedAt: z.string(),
  dueDate: z.string().nullable(),
  validUntil: z.string().nullable(),
  lines: z.array(documentLineSchema),
  total: z.number().int(),
  tax: z.number().int(),
  vatBands: z.array(vatBandSchema),
  amountPaid: z.number().int(),
  refunded: z.number().int(),
  credited: z.number().int(),
  /** What is still owed: total - credited - (paid - refunded). */
  balance: z.number().int(),
  payments: z.array(documentPaymentSchema),
  /** Credit notes issued against an invoice. */
  creditNotes: z.array(z.object({ _id: z.uuid(), number: z.string(), total: z.number().int(), issuedAt: z.string() })),
  /** Credit note: the invoice it corrects. Invoice: the quotation it came from. Quotation: the invoice it became. */
  related: z.object({ _id: z.uuid(), number: z.string(), type: z.enum(DOCUMENT_TYPES) }).nullable(),
  reason: z.string().nullable(),
  notes: z.string(),
  etimsState: z.enum(ETIMS_STATES),
  etimsError: z.string().nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SalesDocument = z.infer<typeof salesDocumentSchema>;

export const listDocumentsQuerySchema = z.object({
  businessId: z.uuid(),
  q: z.string().trim().max(100).optional(),
  status: z.enum(DOCUMENT_STATUSES as [DocumentStatus, ...DocumentStatus[]]).optional(),
  overdue: z
    .enum(["true", "false"])
    .transform((v) => v === "true")
    .optional(),
  clientId: z.uuid().optional(),
  ...pageQueryFields({ size: 25 }),
});
export type ListDocumentsQuery = z.infer<typeof listDocumentsQuerySchema>;

export const documentPageSchema = z.object({
  items: z.array(salesDocumentSchema),
  total: z.number().int(),
  totals: z.object({
    count: z.number().int(),
    total: z.number().int(),
    balance: z.number().int(),
    overdue: z.number().int(),
  }),
});
export type DocumentPage = z.infer<typeof documentPageSchema>;

// ---- The document state machine (pure; the server applies it under a row lock) ----

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
