import { z } from "zod";
import { centsSchema } from "../money/limits.ts";
import { CREDIT_PAYMENT_METHODS } from "../sales/credit.ts";
import { pageQueryFields } from "../paging.ts";
import { periodQueryFields } from "../period.ts";

/** How money moves: the three methods of spec section 9 (credit is not money moving). */
export const MONEY_METHODS = CREDIT_PAYMENT_METHODS;
export type MoneyMethod = (typeof MONEY_METHODS)[number];

export const DIRECTIONS = ["in", "out"] as const;
export type Direction = (typeof DIRECTIONS)[number];

/**
 * What a movement of money was. Each kind belongs to the area that records it (its source);
 * areas still to be built have their kinds here already, so that wiring them in needs no change
 * to the ledger (docs/architecture.md, "The money ledger").
 */
export const MOVEMENT_KINDS = [
  // sales: payments at checkout (retail and wholesale), credit repayments
  "sale_payment",
  "credit_repayment",
  // sales: a cash sale's rounding to the business's step (in when rounded up, out when down)
  "cash_rounding",
  // sales-documents: invoice payments, refunds of a credit note
  "invoice_payment",
  "invoice_refund",
  // expenses (a till cash-out is an expense paid in Cash)
  "expense",
  // transactions: entered by hand
  "owner_drawing",
  "capital_in",
  "bank_deposit",
  "other_in",
  "other_out",
  // to be wired by their areas
  "supplier_payment",
  "hotel_payment",
  "clinic_payment",
] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];

export const MOVEMENT_KIND_LABELS: Record<MovementKind, string> = {
  sale_payment: "Sale payment",
  credit_repayment: "Credit repayment",
  cash_rounding: "Cash rounding",
  invoice_payment: "Invoice payment",
  invoice_refund: "Invoice refund",
  expense: "Expense",
  owner_drawing: "Owner's drawings",
  capital_in: "Capital in",
  bank_deposit: "Bank deposit of cash",
  other_in: "Other money in",
  other_out: "Other money out",
  supplier_payment: "Supplier payment",
  hotel_payment: "Hotel payment",
  clinic_payment: "Clinic payment",
};

/**
 * Why a movement corrects earlier ones of the same source: null for the original movement;
 * edited / voided / restored / deleted for the rows appended when the source changed (the
 * ledger is never updated or deleted: a change is a new row in the other direction).
 */
export const CORRECTIONS = ["edited", "voided", "restored", "deleted"] as const;
export type Correction = (typeof CORRECTIONS)[number];

/** Transactions entered by hand on /transactions (spec: owner's drawings, capital in, bank deposit of cash). */
export const MANUAL_KINDS = ["owner_drawing", "capital_in", "bank_deposit", "other_in", "other_out"] as const;
export type ManualKind = (typeof MANUAL_KINDS)[number];

/** The direction of a manual kind; a bank deposit moves cash out and the same amount into the bank. */
export const MANUAL_DIRECTION: Record<ManualKind, Direction> = {
  owner_drawing: "out",
  capital_in: "in",
  bank_deposit: "out",
  other_in: "in",
  other_out: "out",
};

/** One movement of money as GET /transactions lists it. */
export const moneyMovementSchema = z.object({
  _id: z.uuid(),
  kind: z.enum(MOVEMENT_KINDS),
  direction: z.enum(DIRECTIONS),
  method: z.enum(MONEY_METHODS),
  /** Always above 0; the direction says in or out. */
  amount: z.number().int(),
  occurredAt: z.string(),
  recordedAt: z.string(),
  reference: z.string().nullable(),
  description: z.string(),
  sourceArea: z.string(),
  sourceId: z.uuid(),
  correction: z.enum(CORRECTIONS).nullable(),
  /** Who recorded it. */
  who: z.string(),
  /** Entered by hand on /transactions (else read-only here: it changes through its source). */
  manual: z.boolean(),
  /** A manual transaction that can still be deleted (not deleted already). */
  deletable: z.boolean(),
});
export type MoneyMovement = z.infer<typeof moneyMovementSchema>;

const booleanText = z.enum(["true", "false"]).transform((v) => v === "true");

export const listTransactionsQuerySchema = z.object({
  businessId: z.uuid(),
  ...periodQueryFields,
  q: z.string().trim().max(100).optional(),
  method: z.enum(MONEY_METHODS).optional(),
  direction: z.enum(DIRECTIONS).optional(),
  kind: z.enum(MOVEMENT_KINDS).optional(),
  manual: booleanText.optional(),
  ...pageQueryFields({ size: 25 }),
});
export type ListTransactionsQuery = z.infer<typeof listTransactionsQuerySchema>;

export const methodTotalsSchema = z.object({
  method: z.enum(MONEY_METHODS),
  in: z.number().int(),
  out: z.number().int(),
});
export type MethodTotals = z.infer<typeof methodTotalsSchema>;

/** A page of movements and the totals of every movement the filter matches (not just the page). */
export const transactionPageSchema = z.object({
  items: z.array(moneyMovementSchema),
  total: z.number().int(),
  totals: z.object({
    in: z.number().int(),
    out: z.number().int(),
    net: z.number().int(),
    byMethod: z.array(methodTotalsSchema),
  }),
});
export type TransactionPage = z.infer<typeof transactionPageSchema>;

/** POST /transactions: a movement entered by hand. */
export const createTransactionInputSchema = z.object({
  businessId: z.uuid(),
  kind: z.enum(MANUAL_KINDS, { error: "Choose what this money is" }),
  /** How it moved; a bank deposit is always cash into the bank, so its method is not asked. */
  method: z.enum(MONEY_METHODS, { error: "Choose Cash, M-Pesa or Bank Transfer" }).default("Cash"),
  amount: centsSchema.min(1, "Must be more than 0"),
  occurredAt: z.iso.datetime({ offset: true }).optional(),
  reference: z.string().trim().max(80).optional(),
  note: z.string().trim().max(500).default(""),
});
export type CreateTransactionInput = z.infer<typeof createTransactionInputSchema>;

/** A manual transaction as POST returns it: its own fields and the movements it wrote. */
export const manualTransactionSchema = z.object({
  _id: z.uuid(),
  kind: z.enum(MANUAL_KINDS),
  method: z.enum(MONEY_METHODS),
  amount: z.number().int(),
  occurredAt: z.string(),
  reference: z.string().nullable(),
  note: z.string(),
  deletedAt: z.string().nullable(),
  recordedBy: z.string(),
  createdAt: z.string(),
});
export type ManualTransaction = z.infer<typeof manualTransactionSchema>;

// ---- End-of-day cash-up ----

/** Who a cash-up counts: one user's till (their movements), or every till of the business. */
export const cashUpScopeQuerySchema = z.object({ businessId: z.uuid(), userId: z.uuid().optional() });

/** The figures of a cash-up before the cash is counted (and as recorded). */
export const cashUpFiguresSchema = z.object({
  userId: z.uuid().nullable(),
  /** The user whose till it is; null: every till. */
  userName: z.string().nullable(),
  /** The end of this scope's last cash-up (null: none before). */
  since: z.string().nullable(),
  /** The float the last cash-up of this scope started with (a suggestion). */
  suggestedFloat: z.number().int(),
  movementCount: z.number().int(),
  cashIn: z.number().int(),
  cashOut: z.number().int(),
  mpesaIn: z.number().int(),
  mpesaOut: z.number().int(),
  bankIn: z.number().int(),
  bankOut: z.number().int(),
});
export type CashUpFigures = z.infer<typeof cashUpFiguresSchema>;

/** GET /transactions/cashup: the whole business's figures and each till's (users with movements not yet cashed up). */
export const cashUpPreviewSchema = z.object({ all: cashUpFiguresSchema, users: z.array(cashUpFiguresSchema) });
export type CashUpPreview = z.infer<typeof cashUpPreviewSchema>;

export const createCashUpInputSchema = z.object({
  businessId: z.uuid(),
  /** The till (user) counted; without it, every till of the business. */
  userId: z.uuid().optional(),
  openingFloat: centsSchema,
  countedCash: centsSchema,
  note: z.string().trim().max(500).default(""),
});
export type CreateCashUpInput = z.infer<typeof createCashUpInputSchema>;

export const cashUpSchema = cashUpFiguresSchema.omit({ suggestedFloat: true, since: true }).extend({
  _id: z.uuid(),
  /** The Z report's number: 1, 2, 3... per business. */
  zNumber: z.number().int(),
  periodStart: z.string().nullable(),
  periodEnd: z.string(),
  openingFloat: z.number().int(),
  expectedCash: z.number().int(),
  countedCash: z.number().int(),
  /** counted - expected: below 0 the till is short, above 0 over. */
  difference: z.number().int(),
  note: z.string(),
  closedBy: z.string(),
  createdAt: z.string(),
});
export type CashUp = z.infer<typeof cashUpSchema>;

/**
 * The expected cash of a till: opening float + cash in - cash out (research §4.6: float + cash
 * sales - cash refunds + pay-ins - pay-outs; sales, refunds, pay-ins and pay-outs are all cash
 * movements here).
 */
export const expectedCashOf = (f: Pick<CashUpFigures, "cashIn" | "cashOut">, openingFloat: number) =>
  openingFloat + f.cashIn - f.cashOut;
