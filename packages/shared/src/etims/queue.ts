import { z } from "zod";
import { STOCK_REASONS } from "../inventory/stock.ts";
import { etimsProofSchema } from "./proof.ts";

/**
 * The eTIMS queue as the owner sees it: what is not yet signed by KRA (waiting, or refused with
 * KRA's reason), counts for the dashboard card, and the products still missing eTIMS details.
 */

/** KRA's deadline the notification watches: anything waiting longer is late (docs/etims.md). */
export const ETIMS_LATE_AFTER_HOURS = 24;

/**
 * sale, document, item (a product's registration), and a signed sale changed since: "credit"
 * (the credit note cancelling KRA's receipt, after a void or an edit) and "resend" (the sale
 * signed again as it now is, after an edit or a restore); "stock", a stock movement's report
 * (insertStockIO), listed only once KRA refused it.
 */
export const ETIMS_QUEUE_KINDS = ["sale", "document", "item", "credit", "resend", "stock"] as const;

/** A refused stock report's movement, for its label: "Stock report for Soda (Adjustment, 3 May 2026)". */
export const etimsQueueStockSchema = z.object({
  product: z.string(),
  reason: z.enum(STOCK_REASONS),
  /** The ledger's delta: positive in, negative out. */
  delta: z.number().int(),
  movedAt: z.string(),
});
export type EtimsQueueStock = z.infer<typeof etimsQueueStockSchema>;

export const etimsQueueItemSchema = z.object({
  id: z.number().int(),
  kind: z.enum(ETIMS_QUEUE_KINDS),
  refId: z.uuid(),
  /** "Sale 1042", "Order 17", "INV-000003", "CN-000001", the product's name; a credit or resend: its sale's; stock: its product's. */
  label: z.string(),
  /** A stock report's movement (kind "stock" only). */
  stock: etimsQueueStockSchema.optional(),
  /** queued: waiting (KRA down: `error` says why); failed: KRA refused (or it cannot be sent): `error` says why. */
  state: z.enum(["queued", "sending", "failed"]),
  attempts: z.number().int(),
  /** KRA's result code, or ours: "details" (a product lacks eTIMS details), "network" (KRA down), "original" (a credit note's invoice not signed). */
  errorCode: z.string().nullable(),
  error: z.string().nullable(),
  queuedAt: z.string(),
});
export type EtimsQueueItem = z.infer<typeof etimsQueueItemSchema>;

/** KRA's refund reason a credit note carries when none was chosen: 06 "Refund" (code class 32). */
export const ETIMS_DEFAULT_REFUND_REASON = "06";

/**
 * The void dialog's choice of KRA's refund reason (code class 32, from the business's cached
 * lists): shown only when the business has an eTIMS device (`connected`).
 */
export const etimsRefundReasonsSchema = z.object({
  connected: z.boolean(),
  items: z.array(z.object({ code: z.string(), name: z.string() })),
});
export type EtimsRefundReasons = z.infer<typeof etimsRefundReasonsSchema>;

/** A signed sale changed since: its credit notes (R) and new receipts (S), as the sale's drawer lists them. */
export const etimsSaleCorrectionsSchema = z.object({
  items: z.array(
    z.object({
      kind: z.enum(["credit", "resend"]),
      /** A credit note's KRA refund reason code (class 32); null for a new receipt. */
      refundReasonCd: z.string().nullable(),
      state: z.enum(["queued", "sending", "failed", "done"]),
      error: z.string().nullable(),
      createdAt: z.string(),
      proof: etimsProofSchema.nullable(),
    }),
  ),
});
export type EtimsSaleCorrections = z.infer<typeof etimsSaleCorrectionsSchema>;

export const etimsSummarySchema = z.object({
  connected: z.boolean(),
  /** Sales and documents waiting to be signed. */
  pending: z.number().int(),
  /** Refused by KRA, or not sendable as they are (sales, documents, products, stock reports). */
  failed: z.number().int(),
  /** Waiting or refused for over 24 hours (KRA's deadline). */
  overdue: z.number().int(),
  oldestPendingAt: z.string().nullable(),
  /** Suppliers' invoices from KRA waiting for the owner to confirm (Purchases from KRA). */
  purchasesToConfirm: z.number().int(),
});
export type EtimsSummary = z.infer<typeof etimsSummarySchema>;

export const etimsQueueSchema = z.object({
  summary: etimsSummarySchema,
  items: z.array(etimsQueueItemSchema),
});
export type EtimsQueue = z.infer<typeof etimsQueueSchema>;

/** A KRA code as a product stores it (a code of KRA's lists: letters and digits). */
export const KRA_CODE = /^[A-Za-z0-9]{1,10}$/;
const kraCode = z.string().trim().regex(KRA_CODE, "Choose from KRA's list");

/** The eTIMS details of a product (all optional until the business connects eTIMS). */
export const productEtimsFields = {
  etimsItemClass: kraCode.nullable().optional(),
  etimsItemType: kraCode.nullable().optional(),
  etimsOrigin: kraCode.nullable().optional(),
  etimsPackagingUnit: kraCode.nullable().optional(),
  etimsQuantityUnit: kraCode.nullable().optional(),
};

export const etimsProductSchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  etimsItemClass: z.string().nullable(),
  etimsItemType: z.string().nullable(),
  etimsOrigin: z.string().nullable(),
  etimsPackagingUnit: z.string().nullable(),
  etimsQuantityUnit: z.string().nullable(),
  etimsItemCode: z.string().nullable(),
  etimsError: z.string().nullable(),
});
export const etimsProductsMissingSchema = z.object({
  items: z.array(etimsProductSchema),
  total: z.number().int(),
});
export type EtimsProductsMissing = z.infer<typeof etimsProductsMissingSchema>;

/** Bulk fill: the same details for many products (only those given are set). */
export const etimsFillInputSchema = z.object({
  businessId: z.uuid(),
  productIds: z.array(z.uuid()).min(1).max(500),
  details: z
    .object({
      etimsItemClass: kraCode.optional(),
      etimsItemType: kraCode.optional(),
      etimsOrigin: kraCode.optional(),
      etimsPackagingUnit: kraCode.optional(),
      etimsQuantityUnit: kraCode.optional(),
    })
    .refine((d) => Object.values(d).some(Boolean), { message: "Choose at least one detail" }),
});
export type EtimsFillInput = z.infer<typeof etimsFillInputSchema>;
