import { businessDayRange, todayIn } from "@app/shared/inventory/daily-stock";
import { parseKES } from "@app/shared/money/money";
import {
  createExpenseInputSchema,
  updateExpenseInputSchema,
  type CreateExpenseInput,
  type Expense,
  type UpdateExpenseInput,
} from "@app/shared/expenses/expense";
import type { MoneyMethod } from "@app/shared/transactions/transaction";

/** The expense form as typed: the day, the amount in shillings. */
export type ExpenseForm = {
  day: string;
  categoryId: string;
  amount: string;
  method: MoneyMethod | "";
  paidTo: string;
  reference: string;
  note: string;
  hasEtimsInvoice: boolean;
};
export type ExpenseFormErrors = Partial<Record<keyof ExpenseForm | "form", string>>;

export const emptyExpenseForm = (timeZone: string): ExpenseForm => ({
  day: todayIn(timeZone),
  categoryId: "",
  amount: "",
  method: "",
  paidTo: "",
  reference: "",
  note: "",
  hasEtimsInvoice: false,
});

/** An expense's day in the business's calendar. */
export const expenseToForm = (e: Expense, timeZone: string): ExpenseForm => ({
  day: todayIn(timeZone, new Date(e.spentAt)),
  categoryId: e.categoryId,
  amount: (e.amount / 100).toFixed(2),
  method: e.method,
  paidTo: e.paidTo,
  reference: e.reference ?? "",
  note: e.note,
  hasEtimsInvoice: e.hasEtimsInvoice,
});

/**
 * The moment an expense of the chosen day carries: noon of that day in the business's time zone (the
 * day it falls on in every report), or now when noon of today is still to come. A morning's expense
 * dated noon would be in the future, which the server refuses (money-date.ts).
 */
const momentOf = (day: string, timeZone: string, now: Date) =>
  new Date(
    Math.min(new Date(businessDayRange(day, timeZone).startDate).getTime() + 12 * 3600_000, now.getTime()),
  ).toISOString();

type Read<T> = { ok: true; input: T } | { ok: false; errors: ExpenseFormErrors };

function read<T>(
  schema: {
    safeParse: (
      v: unknown,
    ) => { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
  },
  values: object,
): Read<T> {
  const parsed = schema.safeParse(values);
  if (parsed.success) return { ok: true, input: parsed.data };
  const errors: ExpenseFormErrors = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? "form");
    errors[(key === "spentAt" ? "day" : key) as keyof ExpenseFormErrors] ??= issue.message;
  }
  return { ok: false, errors };
}

const values = (f: ExpenseForm, timeZone: string, now: Date) => ({
  spentAt: momentOf(f.day, timeZone, now),
  categoryId: f.categoryId || undefined,
  amount: parseKES(f.amount.trim()) ?? -1,
  method: f.method || undefined,
  paidTo: f.paidTo,
  reference: f.reference,
  note: f.note,
  hasEtimsInvoice: f.hasEtimsInvoice,
});

/** The form checked by the API's own schema (create). */
export const readNewExpense = (
  f: ExpenseForm,
  businessId: string,
  timeZone: string,
  now = new Date(),
): Read<CreateExpenseInput> =>
  read<CreateExpenseInput>(createExpenseInputSchema, { businessId, ...values(f, timeZone, now) });

/** The form checked by the API's own schema (edit: every field sent). */
export const readExpenseEdit = (f: ExpenseForm, timeZone: string, now = new Date()): Read<UpdateExpenseInput> =>
  read<UpdateExpenseInput>(updateExpenseInputSchema, values(f, timeZone, now));
