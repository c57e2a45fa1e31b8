import { z } from "zod";
import { centsSchema } from "../money/limits.ts";
import { MONEY_METHODS } from "../transactions/transaction.ts";
import { pageQueryFields } from "../paging.ts";
import { periodQueryFields } from "../period.ts";

/** The categories a business starts with; it adds its own (issue 13). */
export const DEFAULT_EXPENSE_CATEGORIES = [
  "Rent",
  "Wages",
  "Transport",
  "Utilities",
  "Stock purchase",
  "Repairs",
  "Other",
] as const;

/** The category a till cash-out falls in unless the cashier picks another. */
export const TILL_CASH_OUT_CATEGORY = "Other";

/**
 * Kenya: from 1 January 2024 an expense not supported by an eTIMS (or TIMS) invoice is not
 * deductible for income tax (research/kenya-and-anchors.md §2.1). Shown beside the totals.
 */
export const NON_DEDUCTIBLE_NOTE = "Expenses without an eTIMS invoice are not tax-deductible in Kenya.";

export const expenseCategorySchema = z.object({ _id: z.uuid(), name: z.string() });
export type ExpenseCategory = z.infer<typeof expenseCategorySchema>;

export const createExpenseCategoryInputSchema = z.object({
  businessId: z.uuid(),
  name: z.string().trim().min(2, "At least 2 characters").max(60, "At most 60 characters"),
});

export const expenseSchema = z.object({
  _id: z.uuid(),
  businessId: z.uuid(),
  spentAt: z.string(),
  categoryId: z.uuid(),
  category: z.string(),
  amount: z.number().int(),
  method: z.enum(MONEY_METHODS),
  paidTo: z.string(),
  reference: z.string().nullable(),
  note: z.string(),
  hasEtimsInvoice: z.boolean(),
  /** Confirmed from a supplier's KRA eTIMS invoice (Purchases from KRA): its eTIMS invoice is KRA's, not a ticked box. */
  etimsPurchaseId: z.uuid().nullable(),
  /** Cash taken out of a till during a shift (a POS cash-out). */
  fromTill: z.boolean(),
  receiptImage: z.string().nullable(),
  recordedBy: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  deletedAt: z.string().nullable(),
});
export type Expense = z.infer<typeof expenseSchema>;

const expenseFields = {
  spentAt: z.iso.datetime({ offset: true }),
  categoryId: z.uuid({ error: "Choose a category" }),
  amount: centsSchema.min(1, "Must be more than 0"),
  method: z.enum(MONEY_METHODS, { error: "Choose Cash, M-Pesa or Bank Transfer" }),
  paidTo: z.string().trim().min(1, "Say who was paid").max(120),
  reference: z
    .string()
    .trim()
    .max(80)
    .transform((v) => v || null)
    .nullable(),
  note: z.string().trim().max(1000),
  hasEtimsInvoice: z.boolean(),
};

export const createExpenseInputSchema = z.object({
  businessId: z.uuid(),
  ...expenseFields,
  spentAt: expenseFields.spentAt.optional(),
  reference: expenseFields.reference.optional(),
  note: expenseFields.note.default(""),
  hasEtimsInvoice: expenseFields.hasEtimsInvoice.default(false),
});
export type CreateExpenseInput = z.infer<typeof createExpenseInputSchema>;

export const updateExpenseInputSchema = z
  .object(expenseFields)
  .partial()
  .refine((v) => Object.keys(v).length > 0, { message: "Nothing to update" });
export type UpdateExpenseInput = z.infer<typeof updateExpenseInputSchema>;

/** An expense from a supplier's KRA invoice: its eTIMS invoice cannot be unticked. */
export const KRA_INVOICE_EXPENSE_MESSAGE = "This expense comes from the supplier's KRA eTIMS invoice: it has one.";

/** POST /expenses/tillCashOut: cash taken out of the till during a shift (the POS action). */
export const tillCashOutInputSchema = z.object({
  businessId: z.uuid(),
  amount: centsSchema.min(1, "Must be more than 0"),
  paidTo: z.string().trim().min(1, "Say who took the cash").max(120),
  /** The business's category; Other when none is chosen. */
  categoryId: z.uuid().optional(),
  note: z.string().trim().max(500).default(""),
});
export type TillCashOutInput = z.infer<typeof tillCashOutInputSchema>;

export const listExpensesQuerySchema = z.object({
  businessId: z.uuid(),
  ...periodQueryFields,
  categoryId: z.uuid().optional(),
  method: z.enum(MONEY_METHODS).optional(),
  q: z.string().trim().max(100).optional(),
  ...pageQueryFields({ size: 25 }),
});
export type ListExpensesQuery = z.infer<typeof listExpensesQuerySchema>;

export const expenseTotalsSchema = z.object({
  count: z.number().int(),
  amount: z.number().int(),
  /** Backed by an eTIMS invoice: deductible. */
  deductible: z.number().int(),
  /** Without one: not deductible. */
  nonDeductible: z.number().int(),
  byCategory: z.array(z.object({ categoryId: z.uuid(), category: z.string(), amount: z.number().int() })),
});
export type ExpenseTotals = z.infer<typeof expenseTotalsSchema>;

export const expensePageSchema = z.object({
  items: z.array(expenseSchema),
  total: z.number().int(),
  totals: expenseTotalsSchema,
});
export type ExpensePage = z.infer<typeof expensePageSchema>;
