import { randomUUID } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import { businessDayRange, todayIn } from "@app/shared/inventory/daily-stock";
import {
  expectedCashOf,
  type CashUp,
  type CashUpFigures,
  type CashUpPreview,
  type CreateCashUpInput,
} from "@app/shared/transactions/transaction";
import type { Db, DbOrTx } from "../../db/client.ts";
import type { Ctx } from "../../platform/context.ts";
import { forbidden, notFound } from "../../platform/errors.ts";
import { runIdempotent, type Idempotency } from "../../platform/idempotency.ts";
import { cashUps } from "./transactions.table.ts";
import { now } from "../../platform/clock.ts";

type CashUpRow = typeof cashUps.$inferSelect;

/** A cash-up counts one till (a user's movements, scope = their id) or every till (scope 'all'). */
const scopeOf = (userId: string | null) => userId ?? "all";

/**
 * From when a scope's movements count: from its first cash-up's start, or, for a scope never
 * cashed up, from the start of today in the business's time zone (older history is not one till's day).
 */
async function floorOf(db: DbOrTx, ctx: Ctx, userId: string | null): Promise<Date> {
  const { rows } = await db.execute<{ floor: string | null }>(sql`
    SELECT min(period_start) AS floor FROM cash_ups
    WHERE business_id = ${ctx.businessId} AND coalesce(user_id::text, 'all') = ${scopeOf(userId)}`);
  if (rows[0]?.floor) return new Date(rows[0].floor);
  return new Date(businessDayRange(todayIn(ctx.business.timeZone), ctx.business.timeZone).startDate);
}

/** The movements of a scope not yet counted by one of its cash-ups (alias m). */
const uncounted = (ctx: Ctx, userId: string | null, floor: Date) => sql`
  m.business_id = ${ctx.businessId} AND m.created_at >= ${floor.toISOString()}
  ${userId ? sql`AND m.actor_id = ${userId}` : sql``}
  AND NOT EXISTS (SELECT 1 FROM cash_up_items i WHERE i.business_id = m.business_id AND i.scope = ${scopeOf(userId)} AND i.movement_id = m.id)`;

const SUMS = sql`
  count(*)::int AS movement_count,
  coalesce(sum(amount) FILTER (WHERE method = 'Cash' AND direction = 'in'), 0)::bigint AS cash_in,
  coalesce(sum(amount) FILTER (WHERE method = 'Cash' AND direction = 'out'), 0)::bigint AS cash_out,
  coalesce(sum(amount) FILTER (WHERE method = 'M-Pesa' AND direction = 'in'), 0)::bigint AS mpesa_in,
  coalesce(sum(amount) FILTER (WHERE method = 'M-Pesa' AND direction = 'out'), 0)::bigint AS mpesa_out,
  coalesce(sum(amount) FILTER (WHERE method = 'Bank Transfer' AND direction = 'in'), 0)::bigint AS bank_in,
  coalesce(sum(amount) FILTER (WHERE method = 'Bank Transfer' AND direction = 'out'), 0)::bigint AS bank_out`;

type SumsRow = {
  movement_count: number;
  cash_in: number;
  cash_out: number;
  mpesa_in: number;
  mpesa_out: number;
  bank_in: number;
  bank_out: number;
};
const sumsOf = (r: SumsRow) => ({
  movementCount: Number(r.movement_count),
  cashIn: Number(r.cash_in),
  cashOut: Number(r.cash_out),
  mpesaIn: Number(r.mpesa_in),
  mpesaOut: Number(r.mpesa_out),
  bankIn: Number(r.bank_in),
  bankOut: Number(r.bank_out),
});

async function lastOf(db: DbOrTx, ctx: Ctx, userId: string | null): Promise<CashUpRow | null> {
  const [row] = await db
    .select()
    .from(cashUps)
    .where(
      and(eq(cashUps.businessId, ctx.businessId), userId ? eq(cashUps.userId, userId) : sql`${cashUps.userId} IS NULL`),
    )
    .orderBy(desc(cashUps.zNumber))
    .limit(1);
  return row ?? null;
}

/** One scope's figures now: what its uncounted movements add up to. */
async function figuresOf(db: DbOrTx, ctx: Ctx, userId: string | null, userName: string | null): Promise<CashUpFigures> {
  const floor = await floorOf(db, ctx, userId);
  const [{ rows }, last] = await Promise.all([
    db.execute<SumsRow>(sql`SELECT ${SUMS} FROM money_movements m WHERE ${uncounted(ctx, userId, floor)}`),
    lastOf(db, ctx, userId),
  ]);
  return {
    userId,
    userName,
    since: last?.periodEnd.toISOString() ?? null,
    suggestedFloat: last?.openingFloat ?? 0,
    ...sumsOf(rows[0]!),
  };
}

/**
 * GET /transactions/cashup: what each till holds now. The owner sees every till and the whole
 * business; a cashier only their own till.
 */
export async function cashUpPreview(ctx: Ctx): Promise<CashUpPreview> {
  const self = { userId: ctx.user.userId, userName: ctx.user.details.username };
  if (!ctx.user.isAdmin)
    return {
      all: await figuresOf(ctx.db, ctx, null, null),
      users: [await figuresOf(ctx.db, ctx, self.userId, self.userName)],
    };
  const { rows } = await ctx.db.execute<{ actor_id: string; actor_name: string }>(sql`
    SELECT DISTINCT ON (actor_id) actor_id, actor_name FROM money_movements
    WHERE business_id = ${ctx.businessId} AND actor_id IS NOT NULL
      AND created_at > ${new Date(now().getTime() - 31 * 86_400_000).toISOString()}::timestamptz
    ORDER BY actor_id, seq DESC`);
  const users = await Promise.all(rows.map((r) => figuresOf(ctx.db, ctx, r.actor_id, r.actor_name)));
  return {
    all: await figuresOf(ctx.db, ctx, null, null),
    users: users.filter((u) => u.movementCount > 0).sort((a, b) => (a.userName ?? "").localeCompare(b.userName ?? "")),
  };
}

function toCashUp(r: CashUpRow): CashUp {
  return {
    _id: r.id,
    zNumber: r.zNumber,
    userId: r.userId,
    userName: r.userName,
    periodStart: r.periodStart?.toISOString() ?? null,
    periodEnd: r.periodEnd.toISOString(),
    movementCount: r.movementCount,
    openingFloat: r.openingFloat,
    cashIn: r.cashIn,
    cashOut: r.cashOut,
    expectedCash: r.expectedCash,
    countedCash: r.countedCash,
    difference: r.difference,
    mpesaIn: r.mpesaIn,
    mpesaOut: r.mpesaOut,
    bankIn: r.bankIn,
    bankOut: r.bankOut,
    note: r.note,
    closedBy: r.closedBy,
    createdAt: r.createdAt.toISOString(),
  };
}

/**
 * POST /transactions/cashup: closes a till (or every till): the movements not yet counted in
 * this scope are counted, in one statement (one snapshot), so the figures and the movements they
 * cover are the same set; expected cash = opening float + cash in - cash out, and the difference
 * from the counted cash is recorded. Cash-ups of a business take turns (an advisory lock), so
 * their Z numbers run 1, 2, 3... without gaps.
 */
export function createCashUp(ctx: Ctx, input: CreateCashUpInput, idem: Idempotency = {}): Promise<CashUp> {
  const userId = input.userId ?? null;
  if (!ctx.user.isAdmin && userId !== ctx.user.userId) throw forbidden("You can cash up only your own till");
  return runIdempotent(
    ctx.db,
    { businessId: ctx.businessId, key: idem.key, scope: "cash-up", fingerprint: idem.fingerprint },
    async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`cash-up:${ctx.businessId}`}, 0))`);
      const floor = await floorOf(tx, ctx, userId);
      const last = await lastOf(tx, ctx, userId);
      const { rows: names } = userId
        ? await tx.execute<{ actor_name: string }>(sql`
            SELECT actor_name FROM money_movements WHERE business_id = ${ctx.businessId} AND actor_id = ${userId}
            ORDER BY seq DESC LIMIT 1`)
        : { rows: [] };
      if (userId && !names.length && userId !== ctx.user.userId) throw notFound("Till");
      const userName = userId ? (names[0]?.actor_name ?? ctx.user.details.username) : null;
      const id = randomUUID();
      const { rows } = await tx.execute<{ id: string }>(sql`
        WITH picked AS (
          SELECT m.id, m.direction, m.method, m.amount FROM money_movements m WHERE ${uncounted(ctx, userId, floor)}
        ), sums AS (
          SELECT ${SUMS} FROM picked
        ), z AS (
          SELECT coalesce(max(z_number), 0) + 1 AS n FROM cash_ups WHERE business_id = ${ctx.businessId}
        ), cu AS (
          INSERT INTO cash_ups (business_id, id, z_number, user_id, user_name, period_start, period_end, movement_count,
                                opening_float, cash_in, cash_out, expected_cash, counted_cash, difference,
                                mpesa_in, mpesa_out, bank_in, bank_out, note, closed_by, closed_by_id)
          SELECT ${ctx.businessId}, ${id}, z.n, ${userId}::uuid, ${userName}::text,
                 ${(last?.periodEnd ?? floor).toISOString()}::timestamptz, ${now().toISOString()}::timestamptz, s.movement_count,
                 ${input.openingFloat}, s.cash_in, s.cash_out, ${input.openingFloat} + s.cash_in - s.cash_out,
                 ${input.countedCash}, ${input.countedCash} - (${input.openingFloat} + s.cash_in - s.cash_out),
                 s.mpesa_in, s.mpesa_out, s.bank_in, s.bank_out, ${input.note}, ${ctx.user.details.username}, ${ctx.user.userId}::uuid
          FROM sums s, z
          RETURNING id
        ), items AS (
          INSERT INTO cash_up_items (business_id, scope, movement_id, cash_up_id)
          SELECT ${ctx.businessId}, ${scopeOf(userId)}, picked.id, ${id}::uuid FROM picked
        )
        SELECT id FROM cu`);
      const [row] = await tx
        .select()
        .from(cashUps)
        .where(and(eq(cashUps.businessId, ctx.businessId), eq(cashUps.id, rows[0]!.id)));
      const cashUp = toCashUp(row!);
      // The arithmetic of the shared rule and of the statement are the same; a mismatch is a bug.
      if (cashUp.expectedCash !== expectedCashOf(cashUp, cashUp.openingFloat)) throw new Error("Cash-up arithmetic");
      return cashUp;
    },
  );
}

/** GET /transactions/cashups: the business's cash-ups, newest first (a cashier: their own). */
export async function listCashUps(ctx: Ctx, limit = 50): Promise<CashUp[]> {
  const rows = await ctx.db
    .select()
    .from(cashUps)
    .where(
      and(eq(cashUps.businessId, ctx.businessId), ctx.user.isAdmin ? undefined : eq(cashUps.userId, ctx.user.userId)),
    )
    .orderBy(desc(cashUps.zNumber))
    .limit(limit);
  return rows.map(toCashUp);
}

export async function getCashUp(ctx: Ctx, id: string): Promise<CashUp> {
  const [row] = await ctx.db
    .select()
    .from(cashUps)
    .where(and(eq(cashUps.businessId, ctx.businessId), eq(cashUps.id, id)));
  if (!row || (!ctx.user.isAdmin && row.userId !== ctx.user.userId)) throw notFound("Cash-up");
  return toCashUp(row);
}

export async function businessIdOfCashUp(db: Db, id: string): Promise<string | null> {
  const [row] = await db.select({ businessId: cashUps.businessId }).from(cashUps).where(eq(cashUps.id, id)).limit(1);
  return row?.businessId ?? null;
}
