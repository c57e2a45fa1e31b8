import { etimsProofSchema } from "../etims/proof.ts";
import { z } from "zod";
import { centsSchema, LINE_ABOVE_LIMIT_MESSAGE, MAX_CENTS, TOTAL_ABOVE_LIMIT_MESSAGE } from "../money/limits.ts";
import { MONEY_METHODS } from "../transactions/transaction.ts";
import { ETIMS_STATES, TAX_TYPES, taxTypeSchema, vatBandSchema } from "../tax/vat.ts";
import { pageQueryFields } from "../paging.ts";
import { DOCUMENT_STATUSES, type DocumentStatus } from "./document-rules.ts";

/** The statuses, money and rules of documents live in document-rules.ts; importers of this file keep them. */
export * from "./document-rules.ts";

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
  lines: z
    .array(documentLineInputSchema)
    .min(1, "Add at least one line")
    .max(MAX_LINES)
    .superRefine((lines, ctx) => {
      // Every line's total and the document's total are amounts of money, held to MAX_CENTS before
      // any arithmetic on them (1e11 cents times a million units is beyond an exact double: a 500).
      let total = 0;
      for (const [i, l] of lines.entries()) {
        const lineTotal = l.unitPrice * l.quantity;
        if (lineTotal > MAX_CENTS)
          ctx.addIssue({ code: "custom", path: [i, "unitPrice"], message: LINE_ABOVE_LIMIT_MESSAGE });
        total += lineTotal;
      }
      if (total > MAX_CENTS && lines.every((l) => l.unitPrice * l.quantity <= MAX_CENTS))
        ctx.addIssue({ code: "custom", message: TOTAL_ABOVE_LIMIT_MESSAGE });
    }),
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
  /** KRA eTIMS's reason code (code class 32, e.g. 06 refund, 03 damaged); the queue sends 06 when none. */
  etimsRefundReason: z
    .string()
    .regex(/^\d{2}$/, "Choose KRA's reason")
    .optional(),
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
  /** KRA's signature and numbers once signed (etims/proof.ts), else null. */
  etimsProof: etimsProofSchema.nullable(),
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
