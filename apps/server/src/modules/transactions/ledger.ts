import { sql } from "drizzle-orm";
import type { CodeArea } from "@app/shared/permissions/areas";
import type { Correction, Direction, MoneyMethod, MovementKind } from "@app/shared/transactions/transaction";
import type { DbOrTx } from "../../db/client.ts";
import type { Actor } from "../../platform/context.ts";
import { now } from "../../platform/clock.ts";

/** Who moved the money: the signed-in user (the till a cash-up counts it in). */
export type MovementActor = Actor;

/** The record a movement belongs to: an area of CODE_AREAS, its record, and (optionally) a part of it. */
export type MovementSource = { area: CodeArea; id: string; itemId?: string | null };

export type MoneyMovementInput = {
  kind: MovementKind;
  direction: Direction;
  method: MoneyMethod;
  /** Cents, above 0 (0 is skipped: nothing moved). */
  amount: number;
  source: MovementSource;
  /** "Sale #12", "Expense: Rent (KPLC)": what a person reads in the cash book. */
  description: string;
  /** When the money moved; now when not given. */
  occurredAt?: Date;
  reference?: string | null;
  correction?: Correction | null;
};

/**
 * Appends movements to the ledger in one statement, inside the caller's transaction (so the
 * money and its source commit or roll back together). A negative or fractional amount is a bug
 * in the caller and throws; an amount of 0 records nothing.
 */
export async function recordMoneyMovement(
  tx: DbOrTx,
  businessId: string,
  actor: MovementActor,
  movements: MoneyMovementInput | readonly MoneyMovementInput[],
): Promise<void> {
  const list = (Array.isArray(movements) ? movements : [movements]) as readonly MoneyMovementInput[];
  for (const m of list)
    if (!Number.isSafeInteger(m.amount) || m.amount < 0)
      throw new Error(`A money movement needs whole, non-negative cents, not ${m.amount}`);
  const rows = list.filter((m) => m.amount > 0);
  if (!rows.length) return;
  const col = <T>(f: (m: MoneyMovementInput) => T) => sql.param(rows.map(f));
  const at = now().toISOString();
  await tx.execute(sql`
    INSERT INTO money_movements (business_id, kind, direction, method, amount, occurred_at, reference, description,
                                 source_area, source_id, source_item_id, correction, actor_kind, actor_id, actor_name, created_at)
    SELECT ${businessId}, r.kind, r.direction, r.method, r.amount, r.occurred_at, r.reference, r.description,
           r.source_area, r.source_id, r.source_item_id, r.correction, ${actor.kind}, ${actor.userId}::uuid, ${actor.details.username},
           ${at}::timestamptz
    FROM unnest(${col((m) => m.kind)}::text[], ${col((m) => m.direction)}::text[], ${col((m) => m.method)}::text[],
                ${col((m) => m.amount)}::bigint[], ${col((m) => (m.occurredAt ?? null)?.toISOString() ?? at)}::timestamptz[],
                ${col((m) => m.reference ?? null)}::text[], ${col((m) => m.description)}::text[], ${col((m) => m.source.area)}::text[],
                ${col((m) => m.source.id)}::uuid[], ${col((m) => m.source.itemId ?? null)}::uuid[], ${col((m) => m.correction ?? null)}::text[])
      AS r(kind, direction, method, amount, occurred_at, reference, description, source_area, source_id, source_item_id, correction)`);
}

/** What a source should add up to for one kind, method and part: signed cents (in > 0, out < 0). */
export type MovementTarget = {
  kind: MovementKind;
  method: MoneyMethod;
  itemId?: string | null;
  /** Signed: money in above 0, money out below 0. */
  net: number;
  reference?: string | null;
  /** The description of a movement that adds to this target (default: the source's last one). */
  description?: string;
};

const keyOf = (kind: string, method: string, itemId: string | null | undefined) => `${kind}|${method}|${itemId ?? ""}`;

/**
 * Brings a source's movements to what the source now says, by appending the differences: an
 * edited sale's payments, a voided sale (every target 0), a restored one (its payments again), an
 * edited or deleted expense. Each (kind, method, part) of the source is compared with its target
 * and the difference is recorded in the right direction, marked with `correction`. The caller
 * holds the source's row lock, so two corrections of one source never interleave.
 * `onlyKinds` limits it to some kinds (an edited sale's checkout payments, not its credit repayments).
 */
export async function reconcileSourceMovements(
  tx: DbOrTx,
  businessId: string,
  actor: MovementActor,
  source: Pick<MovementSource, "area" | "id">,
  targets: readonly MovementTarget[],
  how: { correction: Correction; description: string; occurredAt?: Date; onlyKinds?: readonly MovementKind[] },
): Promise<void> {
  const { rows } = await tx.execute<{
    kind: MovementKind;
    method: MoneyMethod;
    source_item_id: string | null;
    net: string;
    reference: string | null;
  }>(sql`
    SELECT kind, method, source_item_id, sum(CASE direction WHEN 'in' THEN amount ELSE -amount END)::text AS net,
           (array_agg(reference ORDER BY seq DESC))[1] AS reference
    FROM money_movements
    WHERE business_id = ${businessId} AND source_area = ${source.area} AND source_id = ${source.id}
      ${how.onlyKinds ? sql`AND kind = ANY(${sql.param([...how.onlyKinds])}::text[])` : sql``}
    GROUP BY kind, method, source_item_id`);
  const current = new Map(rows.map((r) => [keyOf(r.kind, r.method, r.source_item_id), r]));
  const wanted = new Map<string, MovementTarget>();
  for (const t of targets) {
    if (how.onlyKinds && !how.onlyKinds.includes(t.kind)) continue;
    const key = keyOf(t.kind, t.method, t.itemId);
    const seen = wanted.get(key);
    wanted.set(key, seen ? { ...seen, net: seen.net + t.net } : t);
  }
  const moves: MoneyMovementInput[] = [];
  for (const key of new Set([...current.keys(), ...wanted.keys()])) {
    const have = current.get(key);
    const want = wanted.get(key);
    const diff = (want?.net ?? 0) - Number(have?.net ?? 0);
    if (diff === 0) continue;
    const [kind, method, itemId] = key.split("|") as [MovementKind, MoneyMethod, string];
    moves.push({
      kind,
      method,
      direction: diff > 0 ? "in" : "out",
      amount: Math.abs(diff),
      source: { area: source.area as MovementSource["area"], id: source.id, itemId: itemId || null },
      description: want?.description ?? how.description,
      reference: want?.reference ?? have?.reference ?? null,
      correction: how.correction,
      occurredAt: how.occurredAt,
    });
  }
  await recordMoneyMovement(tx, businessId, actor, moves);
}
