import { z } from "zod";
import type { MOVEMENT_KINDS } from "../transactions/transaction.ts";
import { pageQueryFields, pageSchemaOf } from "../paging.ts";
import { periodQueryFields } from "../period.ts";

/** A receipt: the proof of one sale or one payment, reprintable (80 mm and A4). */
export const RECEIPT_KINDS = [
  "sale_payment",
  "credit_repayment",
  "invoice_payment",
] as const satisfies readonly (typeof MOVEMENT_KINDS)[number][];
export type ReceiptKind = (typeof RECEIPT_KINDS)[number];

export const RECEIPT_FORMATS = ["80mm", "a4"] as const;
export type ReceiptFormat = (typeof RECEIPT_FORMATS)[number];

export const receiptSchema = z.object({
  /** The receipt's id (its first money movement); the PDF is at /receipts/{id}/pdf. */
  _id: z.uuid(),
  kind: z.enum(RECEIPT_KINDS),
  /** The sale or invoice it is for. */
  sourceId: z.uuid(),
  /** "Sale #12", "Payment on INV-000003"... */
  description: z.string(),
  amount: z.number().int(),
  /** Cash, M-Pesa, Bank Transfer, or several joined with " + ". */
  methods: z.string(),
  reference: z.string().nullable(),
  issuedAt: z.string(),
  who: z.string(),
  /** The sale was voided later (the money went back out). */
  reversed: z.boolean(),
});
export type Receipt = z.infer<typeof receiptSchema>;

export const listReceiptsQuerySchema = z.object({
  businessId: z.uuid(),
  ...periodQueryFields,
  kind: z.enum(RECEIPT_KINDS).optional(),
  q: z.string().trim().max(100).optional(),
  ...pageQueryFields({ size: 25 }),
});
export type ListReceiptsQuery = z.infer<typeof listReceiptsQuerySchema>;

export const receiptPageSchema = pageSchemaOf(receiptSchema);
export type ReceiptPage = z.infer<typeof receiptPageSchema>;

export const receiptPdfQuerySchema = z.object({ format: z.enum(RECEIPT_FORMATS).default("80mm") });
