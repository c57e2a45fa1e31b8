import { etimsProofSchema } from "../etims/proof.ts";
import { z } from "zod";
import { CHANNELS } from "../pos/cart.ts";
import { ETIMS_STATES, TAX_TYPES, vatBandSchema } from "../tax/vat.ts";
import { CREDIT_PAYMENT_METHODS, CREDIT_STATUSES, NOT_PAID } from "./credit.ts";
import { PAYMENT_STATUSES, paymentInputSchema, RECORDED_PAYMENT_METHODS, SPLIT } from "./payments.ts";
import { centsSchema, lineQuantitySchema as quantity } from "../money/limits.ts";

const MAX_LINES = 500;

/** A line's discount or price override at the till (pos/discounts.ts states the arithmetic). */
export const lineAdjustmentSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("percent"), percent: z.number().int("A whole percent").min(1).max(100) }),
  z.object({ type: z.literal("amount"), amount: centsSchema }),
  z.object({ type: z.literal("price"), unitPrice: centsSchema }),
]);
/** A discount on the whole ticket. */
export const ticketDiscountSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("percent"), percent: z.number().int("A whole percent").min(1).max(100) }),
  z.object({ type: z.literal("amount"), amount: centsSchema }),
]);
const reasonSchema = z.string().trim().max(120, "At most 120 characters");

export const saleLineInputSchema = z.object({
  productId: z.uuid(),
  quantity,
  /** A discount or price override on the line (issue 31); its reason is kept on the sale line. */
  adjustment: lineAdjustmentSchema.optional(),
  reason: reasonSchema.optional(),
});

/**
 * The owner's approval of a discount beyond the cashier's limit: the owner's till PIN typed at
 * the till. An offline sale carries it in the outbox and the server checks it when it syncs.
 */
export const discountApprovalSchema = z.object({ pin: z.string().max(12) });

/** What the till sends: products and quantities (the server prices them), payments, customer. */
const saleFields = {
  products: z.array(saleLineInputSchema).min(1, "The ticket is empty").max(MAX_LINES),
  payments: z.array(paymentInputSchema).max(10).default([]),
  customerName: z.string().trim().max(120).optional(),
  customerPhone: z.string().trim().max(20).optional(),
  /** The customer record picked at the till; its name and phone go on the sale. */
  customerId: z.uuid().optional(),
  /** The owner allows credit above the customer's limit (refused for staff). */
  overrideCreditLimit: z.boolean().optional(),
  /** The total the till showed; when prices changed meanwhile the sale is refused (409). */
  expectedTotal: z.number().int().min(0).optional(),
  /** A discount on the whole ticket (issue 31), shared among the lines, and why. */
  ticketDiscount: ticketDiscountSchema.optional(),
  discountReason: reasonSchema.optional(),
  /** The owner's PIN for a discount beyond the cashier's limit (403 naming the limit without it). */
  approval: discountApprovalSchema.optional(),
};

/**
 * A sale made while the till could not reach the server comes later (the till's outbox, issue
 * 17) with the device's time of sale. It is accepted within these limits of the server's clock:
 * a little ahead (clocks drift), and not older than a month (a till offline longer than that has
 * a problem the owner must look at; the sale stays on the device, refused, for them to see).
 */
export const OFFLINE_SALE_LIMITS = { maxAheadMs: 5 * 60 * 1000, maxAgeDays: 30 } as const;

/** Why a device time of sale is refused at `now`, or null when it is accepted. */
export function offlineAtProblem(offlineAt: string, now: Date): string | null {
  const at = Date.parse(offlineAt);
  if (Number.isNaN(at)) return "Enter a date and time";
  if (at > now.getTime() + OFFLINE_SALE_LIMITS.maxAheadMs)
    return "The device's time of sale is in the future: check the till's clock";
  if (at < now.getTime() - OFFLINE_SALE_LIMITS.maxAgeDays * 24 * 60 * 60 * 1000)
    return `A sale made offline must reach the server within ${OFFLINE_SALE_LIMITS.maxAgeDays} days`;
  return null;
}

export const createSaleInputSchema = z.object({
  businessId: z.uuid(),
  ...saleFields,
  sectionId: z.uuid().optional(),
  tableId: z.uuid().optional(),
  /** The ticket's id, linking its kitchen prints to the sale. */
  ticketId: z.uuid().optional(),
  /**
   * Set by the till's outbox: the sale was made offline at this device time. The customer has
   * paid and gone, so it is recorded even where stock ran out meanwhile (flagged for review).
   */
  offlineAt: z.iso.datetime({ offset: true }).optional(),
});
export type CreateSaleInput = z.infer<typeof createSaleInputSchema>;

/** Editing a sale replaces its lines and payments; stock is corrected through the ledger. */
export const updateSaleInputSchema = z.object(saleFields);
export type UpdateSaleInput = z.infer<typeof updateSaleInputSchema>;

export const SALE_STATUSES = ["completed", "voided"] as const;

export const saleLineSchema = z.object({
  productId: z.uuid(),
  name: z.string(),
  image: z.string().nullable(),
  productQuantity: z.number().int(),
  productPrice: z.number().int(),
  totalPrice: z.number().int(),
  /** The eTIMS tax band the line was sold in. */
  taxType: z.enum(TAX_TYPES),
  /** The list unit price (issue 31); productPrice is the price given (an override), totalPrice what was paid. */
  listPrice: z.number().int(),
  /** list price x quantity - totalPrice: the line's discount with its share of the ticket's (0: none). */
  discount: z.number().int(),
  discountReason: z.string().nullable(),
  /** Who allowed the discount: the cashier within their limit, or "<owner> (owner's PIN)". */
  approvedBy: z.string().nullable(),
  /** The owner's promotion the line was sold under (issue 31 item 2), as it was named then. */
  promotionId: z.string().nullable().optional(),
  promotionName: z.string().nullable().optional(),
});
export type SaleLine = z.infer<typeof saleLineSchema>;

export { UNKNOWN_PRODUCT, lineName } from "./line-name.ts";

export const salePaymentSchema = z.object({
  method: z.enum(RECORDED_PAYMENT_METHODS),
  amount: z.number().int(),
  tendered: z.number().int().nullable(),
  reference: z.string().nullable(),
});

export const paymentTransactionSchema = z.object({
  _id: z.uuid(),
  paymentDate: z.string(),
  amountPaid: z.number().int(),
  paymentMethod: z.enum(CREDIT_PAYMENT_METHODS),
  recordedBy: z.string(),
});
export type PaymentTransaction = z.infer<typeof paymentTransactionSchema>;

/** One product an offline sale sold more of than the stock held when it arrived. */
export const stockShortfallSchema = z.object({
  productId: z.uuid(),
  name: z.string(),
  /** Units sold that the stock did not have. */
  missing: z.number().int().min(1),
});
export type StockShortfall = z.infer<typeof stockShortfallSchema>;

/** A sale (retail, /sales) or a wholesale order (/orders), as the API returns it. */
export const saleSchema = z.object({
  _id: z.uuid(),
  businessId: z.uuid(),
  saleNumber: z.number().int(),
  channel: z.enum(CHANNELS),
  status: z.enum(SALE_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  paymentMethod: z.enum([...RECORDED_PAYMENT_METHODS, SPLIT]),
  products: z.array(saleLineSchema),
  payments: z.array(salePaymentSchema),
  change: z.number().int(),
  /** The sale's total. */
  amount: z.number().int(),
  /** Still owing (credit); 0 when paid. */
  balance: z.number().int(),
  /** amount minus balance. */
  amountPaid: z.number().int(),
  creditStatus: z.enum(CREDIT_STATUSES).nullable(),
  creditPaymentMethod: z.union([z.enum(CREDIT_PAYMENT_METHODS), z.literal(NOT_PAID)]).nullable(),
  paymentTransactions: z.array(paymentTransactionSchema),
  customerName: z.string().nullable(),
  customerPhone: z.string().nullable(),
  /** The customer record the sale is linked to, if any. */
  customerId: z.uuid().nullable(),
  clearedBy: z.string().nullable(),
  servedBy: z.string(),
  sectionId: z.uuid().nullable(),
  sectionName: z.string().nullable(),
  tableId: z.uuid().nullable(),
  tableName: z.string().nullable(),
  ticketId: z.uuid().nullable(),
  deletedBy: z.string().nullable(),
  deletedAt: z.string().nullable(),
  /** Why it was voided (DELETE ?reason, corrected by PUT /voidsales/{id}); null on a live sale. */
  voidReason: z.string().nullable(),
  /** The VAT of the sale per band, from VAT-inclusive prices (tax/vat.ts), as it was sold. */
  vatBands: z.array(vatBandSchema),
  etimsState: z.enum(ETIMS_STATES),
  /** KRA's signature and numbers once signed (etims/proof.ts), else null. */
  etimsProof: etimsProofSchema.nullable(),
  /** Why KRA refused it, in plain words, when `etimsState` is "failed"; else null. */
  etimsError: z.string().nullable(),
  /** Made offline at this device time (the till's outbox), or null for a sale made online. */
  offlineAt: z.string().nullable(),
  /**
   * An offline sale that found too little stock when it arrived: what was missing, by product.
   * The stock was taken down to zero and the sale recorded (the customer had paid); the owner
   * reviews these (Sales: "Stock to review"). Null when nothing was short.
   */
  stockShortfall: z.array(stockShortfallSchema).nullable(),
  /** The whole discount of the sale (list total - amount), the ticket discount's part, who allowed it. */
  discount: z.number().int(),
  ticketDiscount: z.number().int(),
  discountApprovedBy: z.string().nullable(),
  /**
   * A cash sale's rounding to the business's step (pos/discounts.ts): the customer paid amount +
   * cashRounding in cash. Not part of the amount or its VAT; a line of its own in the cash book.
   */
  cashRounding: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Sale = z.infer<typeof saleSchema>;

const booleanText = z.enum(["true", "false"]).transform((v) => v === "true");

/** GET /sales and /orders: newest first, `limit` of them, older pages by `beforeNumber`. */
export const listSalesQuerySchema = z.object({
  businessId: z.uuid(),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  /**
   * The next page: only sales numbered below this (the saleNumber of the last row of the
   * previous page). Sale numbers follow the order sales were made, so this never skips or
   * repeats one, even when two sales share a millisecond (createdAt shows milliseconds only).
   */
  beforeNumber: z.coerce.number().int().min(1).optional(),
  /** Only sales created before this instant. */
  before: z.iso.datetime({ offset: true }).optional(),
  credit: booleanText.optional(),
  /** true: only sales still owing (balance above 0); false: only those owing nothing. */
  open: booleanText.optional(),
  creditStatus: z.enum(CREDIT_STATUSES).optional(),
  search: z.string().trim().max(100).optional(),
  /** true: only offline sales that found too little stock (for the owner to review). */
  stockReview: booleanText.optional(),
});
export type ListSalesQuery = z.infer<typeof listSalesQuerySchema>;

/** The credit routes: one channel, or (without it) every channel the caller may see. */
export const creditQuerySchema = z.object({
  businessId: z.uuid(),
  channel: z.enum(CHANNELS).optional(),
});

/** GET /sales/credit/open: credit still owing, oldest first, `limit` of it, later pages by `afterNumber`. */
export const openCreditQuerySchema = creditQuerySchema.extend({
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  /** The next page: only sales numbered above this (the saleNumber of the last row of the previous page). */
  afterNumber: z.coerce.number().int().min(0).optional(),
});
export type OpenCreditQuery = z.infer<typeof openCreditQuerySchema>;

/** GET /sales/credit/summary: the credit of a business counted on the server, whatever the lists hold. */
export const creditSummarySchema = z.object({
  /** Live credit sales (or orders), cleared ones included. */
  sales: z.number().int(),
  /** Of those, the ones still owing. */
  open: z.number().int(),
  /** What the open ones came to. */
  amount: z.number().int(),
  /** What has been paid towards the open ones. */
  amountPaid: z.number().int(),
  /** What is still owed: the total amount on credit. */
  balance: z.number().int(),
});
export type CreditSummary = z.infer<typeof creditSummarySchema>;

/** GET /sales/log/sales: every sale between two instants (Older Sales). */
export const salesLogQuerySchema = z
  .object({
    businessId: z.uuid(),
    startDate: z.iso.datetime({ offset: true }),
    endDate: z.iso.datetime({ offset: true }),
    channel: z.enum(CHANNELS).optional(),
  })
  .refine((q) => new Date(q.startDate) <= new Date(q.endDate), {
    message: "The start is after the end",
    path: ["endDate"],
  });

/** DELETE /sales/{id}?deletedBy&paymentStatus: the query of spec section 7. The server records the signed-in user. */
export const deleteSaleQuerySchema = z.object({
  deletedBy: z.string().trim().max(120).optional(),
  paymentStatus: z.enum(PAYMENT_STATUSES).optional(),
  reason: z.string().trim().max(500).optional(),
  /**
   * KRA eTIMS's refund reason for the credit note of a sale KRA signed (code class 32, e.g. 03
   * damaged), one of the business's cached list; none: 06 "Refund". Ignored when not connected.
   */
  etimsRefundReason: z
    .string()
    .trim()
    .regex(/^\d{2}$/, "Choose KRA's reason")
    .optional(),
});

/** PUT /sales/voidsales/{id}: what may change on a voided sale: the reason. */
export const updateVoidSaleInputSchema = z.object({ reason: z.string().trim().min(1, "Say why").max(500) });

/** PUT /sales/salecustomer/{id} (and /orders/...): links a sale to a customer record. */
export const linkSaleCustomerInputSchema = z.object({ customerId: z.uuid() });

/** One customer's debt across open credit sales and orders (/debts). */
export const debtSchema = z.object({
  customerName: z.string(),
  customerPhone: z.string(),
  sales: z.number().int(),
  amount: z.number().int(),
  amountPaid: z.number().int(),
  balance: z.number().int(),
  oldestAt: z.string(),
});
export type Debt = z.infer<typeof debtSchema>;
