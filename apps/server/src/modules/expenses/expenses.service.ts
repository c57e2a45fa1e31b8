import { randomUUID } from "node:crypto";
import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import {
  KRA_INVOICE_EXPENSE_MESSAGE,
  TILL_CASH_OUT_CATEGORY,
  type CreateExpenseInput,
  type Expense,
  type ExpensePage,
  type ListExpensesQuery,
  type TillCashOutInput,
  type UpdateExpenseInput,
} from "@app/shared/expenses/expense";
import type { Db, Tx } from "../../db/client.ts";
import type { Ctx } from "../../platform/context.ts";
import { conflict, notFound, unprocessable } from "../../platform/errors.ts";
import { runIdempotent, type Idempotency } from "../../platform/idempotency.ts";
import { checkMoneyDate } from "../../platform/money-date.ts";
import { recordMoneyMovement, reconcileSourceMovements } from "../transactions/transactions.public.ts";
import { categoryOf, ensureCategories } from "./expense-categories.ts";
import { expenseCategories, expenses } from "./expenses.table.ts";
import { now } from "../../platform/clock.ts";
import { containing } from "../../platform/search.ts";
import { limitOffset } from "../../platform/paging.ts";
import { periodFilters } from "../../platform/period.ts";

type Row = typeof expenses.$inferSelect;

export function toExpense(r: Row, category: string): Expense {
  return {
    _id: r.id,
    businessId: r.businessId,
    spentAt: r.spentAt.toISOString(),
    categoryId: r.categoryId,
    category,
    amount: r.amount,
    method: r.method,
    paidTo: r.paidTo,
    reference: r.reference,
    note: r.note,
    hasEtimsInvoice: r.hasEtimsInvoice,
    etimsPurchaseId: r.etimsPurchaseId,
    fromTill: r.fromTill,
    receiptImage: r.receiptImage,
    recordedBy: r.recordedBy,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    deletedAt: r.deletedAt?.toISOString() ?? null,
  };
}

const describe = (category: string, paidTo: string) => `Expense: ${category} (${paidTo})`;

/** Inserts an expense and its movement out of the till or account it was paid from. */
async function insertExpense(
  tx: Tx,
  ctx: Ctx,
  values: Omit<typeof expenses.$inferInsert, "businessId" | "id" | "recordedBy" | "recordedById">,
): Promise<Expense> {
  const category = await categoryOf(tx, ctx.businessId, { id: values.categoryId });
  const [row] = await tx
    .insert(expenses)
    .values({
      ...values,
      businessId: ctx.businessId,
      id: randomUUID(),
      recordedBy: ctx.user.details.username,
      recordedById: ctx.user.userId,
    })
    .returning();
  await recordMoneyMovement(tx, ctx.businessId, ctx.user, {
    kind: "expense",
    direction: "out",
    method: row!.method,
    amount: row!.amount,
    occurredAt: row!.spentAt,
    reference: row!.reference,
    description: describe(category.name, row!.paidTo),
    source: { area: "expenses", id: row!.id },
  });
  return toExpense(row!, category.name);
}

/** POST /expenses: money spent, and its movement in the ledger, in one transaction. */
export function createExpense(ctx: Ctx, input: CreateExpenseInput, idem: Idempotency = {}): Promise<Expense> {
  checkMoneyDate(input.spentAt, "spentAt");
  return runIdempotent(
    ctx.db,
    { businessId: ctx.businessId, key: idem.key, scope: "expense", fingerprint: idem.fingerprint },
    async (tx) => {
      await ensureCategories(tx, ctx.businessId);
      return insertExpense(tx, ctx, {
        spentAt: input.spentAt ? new Date(input.spentAt) : new Date(),
        categoryId: input.categoryId,
        amount: input.amount,
        method: input.method,
        paidTo: input.paidTo,
        reference: input.reference ?? null,
        note: input.note,
        hasEtimsInvoice: input.hasEtimsInvoice,
        fromTill: false,
      });
    },
  );
}

/**
 * An expense confirmed from a supplier's KRA eTIMS invoice (flows/etims-purchases.ts), in the
 * caller's transaction: paid to the supplier, its reference the supplier's invoice number, backed
 * by KRA's invoice, and its movement out in the money ledger.
 */
export async function recordKraInvoiceExpense(
  tx: Tx,
  ctx: Ctx,
  input: {
    etimsPurchaseId: string;
    categoryId: string;
    amount: number;
    method: CreateExpenseInput["method"];
    paidTo: string;
    reference: string;
    note: string;
    spentAt: Date;
  },
): Promise<Expense> {
  await ensureCategories(tx, ctx.businessId);
  return insertExpense(tx, ctx, {
    spentAt: input.spentAt,
    categoryId: input.categoryId,
    amount: input.amount,
    method: input.method,
    paidTo: input.paidTo.slice(0, 120),
    reference: input.reference.slice(0, 80),
    note: input.note.slice(0, 1000),
    hasEtimsInvoice: true,
    etimsPurchaseId: input.etimsPurchaseId,
    fromTill: false,
  });
}

/**
 * POST /expenses/tillCashOut (the POS): cash taken out of the till during a shift is an expense
 * paid in Cash by the till's user, so that till's cash-up expects that much less.
 */
export function tillCashOut(ctx: Ctx, input: TillCashOutInput, idem: Idempotency = {}): Promise<Expense> {
  return runIdempotent(
    ctx.db,
    { businessId: ctx.businessId, key: idem.key, scope: "till-cash-out", fingerprint: idem.fingerprint },
    async (tx) => {
      await ensureCategories(tx, ctx.businessId);
      if (!input.categoryId)
        await tx
          .insert(expenseCategories)
          .values({ businessId: ctx.businessId, name: TILL_CASH_OUT_CATEGORY })
          .onConflictDoNothing();
      const category = await categoryOf(
        tx,
        ctx.businessId,
        input.categoryId ? { id: input.categoryId } : { name: TILL_CASH_OUT_CATEGORY },
      );
      return insertExpense(tx, ctx, {
        spentAt: new Date(),
        categoryId: category.id,
        amount: input.amount,
        method: "Cash",
        paidTo: input.paidTo,
        reference: null,
        note: input.note,
        hasEtimsInvoice: false,
        fromTill: true,
      });
    },
  );
}

async function lockExpense(tx: Tx, ctx: Ctx, id: string): Promise<Row> {
  const [row] = await tx
    .select()
    .from(expenses)
    .where(and(eq(expenses.businessId, ctx.businessId), eq(expenses.id, id)))
    .for("update");
  if (!row) throw notFound("Expense");
  if (row.deletedAt) throw conflict("This expense was deleted");
  return row;
}

/** PUT /expenses/{id}: the ledger follows (the difference, or a move between methods, is appended). */
export function updateExpense(
  ctx: Ctx,
  id: string,
  input: UpdateExpenseInput,
  idem: Idempotency = {},
): Promise<Expense> {
  checkMoneyDate(input.spentAt, "spentAt");
  return runIdempotent(
    ctx.db,
    { businessId: ctx.businessId, key: idem.key, scope: `expense-edit:${id}`, fingerprint: idem.fingerprint },
    async (tx) => {
      const before = await lockExpense(tx, ctx, id);
      if (before.etimsPurchaseId && input.hasEtimsInvoice === false)
        throw unprocessable(KRA_INVOICE_EXPENSE_MESSAGE, { hasEtimsInvoice: KRA_INVOICE_EXPENSE_MESSAGE });
      const category = input.categoryId ? await categoryOf(tx, ctx.businessId, { id: input.categoryId }) : null;
      const { spentAt, ...rest } = input;
      const [row] = await tx
        .update(expenses)
        .set({
          ...rest,
          ...(spentAt ? { spentAt: new Date(spentAt) } : {}),
          updatedAt: now(),
        })
        .where(and(eq(expenses.businessId, ctx.businessId), eq(expenses.id, id)))
        .returning();
      const name = category?.name ?? (await categoryOf(tx, ctx.businessId, { id: row!.categoryId })).name;
      await reconcileSourceMovements(
        tx,
        ctx.businessId,
        ctx.user,
        { area: "expenses", id },
        [{ kind: "expense", method: row!.method, net: -row!.amount, reference: row!.reference }],
        { correction: "edited", description: `${describe(name, row!.paidTo)} edited` },
      );
      return toExpense(row!, name);
    },
  );
}

/** DELETE /expenses/{id}: the row stays (deleted_at) and the money is put back in the ledger. */
export function deleteExpense(ctx: Ctx, id: string, idem: Idempotency = {}): Promise<Expense> {
  return runIdempotent(
    ctx.db,
    { businessId: ctx.businessId, key: idem.key, scope: `expense-delete:${id}` },
    async (tx) => {
      await lockExpense(tx, ctx, id);
      const [row] = await tx
        .update(expenses)
        .set({
          deletedAt: now(),
          deletedBy: ctx.user.details.username,
          updatedAt: now(),
        })
        .where(and(eq(expenses.businessId, ctx.businessId), eq(expenses.id, id)))
        .returning();
      const { name } = await categoryOf(tx, ctx.businessId, { id: row!.categoryId });
      await reconcileSourceMovements(tx, ctx.businessId, ctx.user, { area: "expenses", id }, [], {
        correction: "deleted",
        description: `${describe(name, row!.paidTo)} deleted`,
      });
      return toExpense(row!, name);
    },
  );
}

/** GET /expenses: a page of live expenses, newest first, and the totals of all that match. */
export async function listExpenses(ctx: Ctx, q: ListExpensesQuery): Promise<ExpensePage> {
  await ensureCategories(ctx.db, ctx.businessId);
  const where: SQL[] = [sql`e.business_id = ${ctx.businessId}`, sql`e.deleted_at IS NULL`];
  where.push(...periodFilters(sql`e.spent_at`, q));
  if (q.categoryId) where.push(sql`e.category_id = ${q.categoryId}`);
  if (q.method) where.push(sql`e.method = ${q.method}`);
  if (q.q) {
    const like = containing(q.q);
    where.push(
      sql`(e.paid_to ILIKE ${like} OR e.reference ILIKE ${like} OR e.note ILIKE ${like} OR c.name ILIKE ${like})`,
    );
  }
  const cond = sql.join(where, sql` AND `);
  const from = sql`expenses e JOIN expense_categories c ON c.business_id = e.business_id AND c.id = e.category_id`;
  const [ids, totals, byCategory] = await Promise.all([
    ctx.db.execute<{ id: string }>(sql`
      SELECT e.id FROM ${from} WHERE ${cond} ORDER BY e.spent_at DESC, e.created_at DESC
      ${limitOffset(q)}`),
    ctx.db.execute<{ count: number; amount: string; deductible: string }>(sql`
      SELECT count(*)::int AS count, coalesce(sum(e.amount), 0)::text AS amount,
             coalesce(sum(e.amount) FILTER (WHERE e.has_etims_invoice), 0)::text AS deductible
      FROM ${from} WHERE ${cond}`),
    ctx.db.execute<{ category_id: string; name: string; amount: string }>(sql`
      SELECT e.category_id, c.name, sum(e.amount)::text AS amount FROM ${from} WHERE ${cond}
      GROUP BY e.category_id, c.name ORDER BY sum(e.amount) DESC`),
  ]);
  const rows = ids.rows.length
    ? await ctx.db
        .select({ e: expenses, category: expenseCategories.name })
        .from(expenses)
        .innerJoin(
          expenseCategories,
          and(eq(expenseCategories.businessId, expenses.businessId), eq(expenseCategories.id, expenses.categoryId)),
        )
        .where(
          and(
            eq(expenses.businessId, ctx.businessId),
            sql`${expenses.id} = ANY(${sql.param(ids.rows.map((r) => r.id))}::uuid[])`,
          ),
        )
        .orderBy(desc(expenses.spentAt), desc(expenses.createdAt))
    : [];
  const t = totals.rows[0]!;
  const amount = Number(t.amount);
  const deductible = Number(t.deductible);
  return {
    items: rows.map((r) => toExpense(r.e, r.category)),
    total: Number(t.count),
    totals: {
      count: Number(t.count),
      amount,
      deductible,
      nonDeductible: amount - deductible,
      byCategory: byCategory.rows.map((r) => ({
        categoryId: r.category_id,
        category: r.name,
        amount: Number(r.amount),
      })),
    },
  };
}

/** GET /expenses/{id} (a deleted one too: its page says so). */
export async function getExpense(ctx: Ctx, id: string): Promise<Expense> {
  const [row] = await ctx.db
    .select({ e: expenses, category: expenseCategories.name })
    .from(expenses)
    .innerJoin(
      expenseCategories,
      and(eq(expenseCategories.businessId, expenses.businessId), eq(expenseCategories.id, expenses.categoryId)),
    )
    .where(and(eq(expenses.businessId, ctx.businessId), eq(expenses.id, id)));
  if (!row) throw notFound("Expense");
  return toExpense(row.e, row.category);
}

export async function businessIdOfExpense(db: Db, id: string): Promise<string | null> {
  const [row] = await db.select({ businessId: expenses.businessId }).from(expenses).where(eq(expenses.id, id)).limit(1);
  return row?.businessId ?? null;
}
