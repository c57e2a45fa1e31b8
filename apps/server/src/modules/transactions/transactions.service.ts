import { randomUUID } from "node:crypto";
import { and, eq, sql, type SQL } from "drizzle-orm";
import {
  MANUAL_DIRECTION,
  MONEY_METHODS,
  MOVEMENT_KIND_LABELS,
  type CreateTransactionInput,
  type ListTransactionsQuery,
  type ManualTransaction,
  type MoneyMovement,
  type TransactionPage,
} from "@app/shared/transactions/transaction";
import type { Db } from "../../db/client.ts";
import type { Ctx } from "../../platform/context.ts";
import { conflict, notFound } from "../../platform/errors.ts";
import { runIdempotent, type Idempotency } from "../../platform/idempotency.ts";
import { checkMoneyDate } from "../../platform/money-date.ts";
import { recordMoneyMovement, reconcileSourceMovements, type MoneyMovementInput } from "./ledger.ts";
import { manualTransactions, moneyMovements } from "./transactions.table.ts";
import { now } from "../../platform/clock.ts";
import { containing } from "../../platform/search.ts";
import { limitOffset } from "../../platform/paging.ts";
import { periodFilters } from "../../platform/period.ts";

type ManualRow = typeof manualTransactions.$inferSelect;

function toManual(r: ManualRow): ManualTransaction {
  return {
    _id: r.id,
    kind: r.kind,
    method: r.method,
    amount: r.amount,
    occurredAt: r.occurredAt.toISOString(),
    reference: r.reference,
    note: r.note,
    deletedAt: r.deletedAt?.toISOString() ?? null,
    recordedBy: r.recordedBy,
    createdAt: r.createdAt.toISOString(),
  };
}

/** The filters of GET /transactions, on the ledger alias m. */
function filtersOf(ctx: Ctx, q: ListTransactionsQuery): SQL {
  const where: SQL[] = [sql`m.business_id = ${ctx.businessId}`];
  where.push(...periodFilters(sql`m.occurred_at`, q));
  if (q.method) where.push(sql`m.method = ${q.method}`);
  if (q.direction) where.push(sql`m.direction = ${q.direction}`);
  if (q.kind) where.push(sql`m.kind = ${q.kind}`);
  if (q.manual !== undefined)
    where.push(q.manual ? sql`m.source_area = 'transactions'` : sql`m.source_area <> 'transactions'`);
  if (q.q) {
    const like = containing(q.q);
    where.push(sql`(m.description ILIKE ${like} OR m.reference ILIKE ${like} OR m.actor_name ILIKE ${like})`);
  }
  return sql.join(where, sql` AND `);
}

/**
 * GET /transactions: every movement of money of the business, newest first (by when the money
 * moved), with the totals of everything the filter matches, computed from the ledger.
 */
export async function listTransactions(ctx: Ctx, q: ListTransactionsQuery): Promise<TransactionPage> {
  const where = filtersOf(ctx, q);
  const [page, totals] = await Promise.all([
    ctx.db.execute<{
      id: string;
      kind: MoneyMovement["kind"];
      direction: MoneyMovement["direction"];
      method: MoneyMovement["method"];
      amount: string;
      occurred_at: string;
      created_at: string;
      reference: string | null;
      description: string;
      source_area: string;
      source_id: string;
      correction: MoneyMovement["correction"];
      actor_name: string;
      deletable: boolean;
      total: number;
    }>(sql`
      SELECT m.id, m.kind, m.direction, m.method, m.amount::text, m.occurred_at, m.created_at, m.reference, m.description,
             m.source_area, m.source_id, m.correction, m.actor_name,
             (m.source_area = 'transactions' AND m.correction IS NULL AND t.deleted_at IS NULL AND t.id IS NOT NULL) AS deletable,
             count(*) OVER ()::int AS total
      FROM money_movements m
      LEFT JOIN manual_transactions t ON m.source_area = 'transactions' AND t.business_id = m.business_id AND t.id = m.source_id
      WHERE ${where}
      ORDER BY m.occurred_at DESC, m.seq DESC
      ${limitOffset(q)}`),
    ctx.db.execute<{ method: MoneyMovement["method"]; in: string; out: string }>(sql`
      SELECT m.method, coalesce(sum(m.amount) FILTER (WHERE m.direction = 'in'), 0)::text AS in,
             coalesce(sum(m.amount) FILTER (WHERE m.direction = 'out'), 0)::text AS out
      FROM money_movements m WHERE ${where} GROUP BY m.method`),
  ]);
  const byMethod = MONEY_METHODS.map((method) => {
    const r = totals.rows.find((x) => x.method === method);
    return { method, in: Number(r?.in ?? 0), out: Number(r?.out ?? 0) };
  });
  const totalIn = byMethod.reduce((s, m) => s + m.in, 0);
  const totalOut = byMethod.reduce((s, m) => s + m.out, 0);
  return {
    items: page.rows.map((r) => ({
      _id: r.id,
      kind: r.kind,
      direction: r.direction,
      method: r.method,
      amount: Number(r.amount),
      occurredAt: new Date(r.occurred_at).toISOString(),
      recordedAt: new Date(r.created_at).toISOString(),
      reference: r.reference,
      description: r.description,
      sourceArea: r.source_area,
      sourceId: r.source_id,
      correction: r.correction,
      who: r.actor_name,
      manual: r.source_area === "transactions",
      deletable: r.deletable,
    })),
    total: page.rows[0]?.total ?? 0,
    totals: { in: totalIn, out: totalOut, net: totalIn - totalOut, byMethod },
  };
}

/** The ledger rows of a manual transaction: a bank deposit is cash out and the same into the bank. */
function movementsOf(row: ManualRow): MoneyMovementInput[] {
  const base = {
    kind: row.kind,
    amount: row.amount,
    occurredAt: row.occurredAt,
    reference: row.reference,
    source: { area: "transactions" as const, id: row.id },
    description: `${MOVEMENT_KIND_LABELS[row.kind]}${row.note ? `: ${row.note}` : ""}`,
  };
  if (row.kind === "bank_deposit")
    return [
      { ...base, direction: "out", method: "Cash" },
      { ...base, direction: "in", method: "Bank Transfer" },
    ];
  return [{ ...base, direction: MANUAL_DIRECTION[row.kind], method: row.method }];
}

/** POST /transactions: a movement entered by hand (drawings, capital in, a bank deposit of cash). */
export function createTransaction(
  ctx: Ctx,
  input: CreateTransactionInput,
  idem: Idempotency = {},
): Promise<ManualTransaction> {
  checkMoneyDate(input.occurredAt, "occurredAt");
  return runIdempotent(
    ctx.db,
    { businessId: ctx.businessId, key: idem.key, scope: "manual-transaction", fingerprint: idem.fingerprint },
    async (tx) => {
      const [row] = await tx
        .insert(manualTransactions)
        .values({
          businessId: ctx.businessId,
          id: randomUUID(),
          kind: input.kind,
          method: input.kind === "bank_deposit" ? "Cash" : input.method,
          amount: input.amount,
          occurredAt: input.occurredAt ? new Date(input.occurredAt) : new Date(),
          reference: input.reference || null,
          note: input.note,
          recordedBy: ctx.user.details.username,
        })
        .returning();
      await recordMoneyMovement(tx, ctx.businessId, ctx.user, movementsOf(row!));
      return toManual(row!);
    },
  );
}

/**
 * DELETE /transactions/{id} (the id of a movement): a manual transaction is deleted by
 * appending movements that cancel it; a movement of a sale, payment or expense is read-only here
 * (409: it changes only through its source).
 */
export function deleteTransaction(ctx: Ctx, movementId: string, idem: Idempotency = {}): Promise<ManualTransaction> {
  return runIdempotent(
    ctx.db,
    { businessId: ctx.businessId, key: idem.key, scope: `manual-transaction-delete:${movementId}` },
    async (tx) => {
      const [m] = await tx
        .select()
        .from(moneyMovements)
        .where(and(eq(moneyMovements.businessId, ctx.businessId), eq(moneyMovements.id, movementId)));
      if (!m) throw notFound("Transaction");
      if (m.sourceArea !== "transactions")
        throw conflict(`This movement comes from ${m.description} and changes only through it (edit or void it there)`);
      const [row] = await tx
        .select()
        .from(manualTransactions)
        .where(and(eq(manualTransactions.businessId, ctx.businessId), eq(manualTransactions.id, m.sourceId)))
        .for("update");
      if (!row) throw notFound("Transaction");
      if (row.deletedAt) throw conflict("This transaction is already deleted");
      const [deleted] = await tx
        .update(manualTransactions)
        .set({ deletedAt: now(), deletedBy: ctx.user.details.username })
        .where(and(eq(manualTransactions.businessId, ctx.businessId), eq(manualTransactions.id, row.id)))
        .returning();
      await reconcileSourceMovements(tx, ctx.businessId, ctx.user, { area: "transactions", id: row.id }, [], {
        correction: "deleted",
        description: `${MOVEMENT_KIND_LABELS[row.kind]} deleted`,
      });
      return toManual(deleted!);
    },
  );
}

/** The business a movement belongs to, for /transactions/{id}. */
export async function businessIdOfTransaction(db: Db, id: string): Promise<string | null> {
  const [row] = await db
    .select({ businessId: moneyMovements.businessId })
    .from(moneyMovements)
    .where(eq(moneyMovements.id, id))
    .limit(1);
  return row?.businessId ?? null;
}
