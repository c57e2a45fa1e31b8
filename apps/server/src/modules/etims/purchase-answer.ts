import { and, eq } from "drizzle-orm";
import {
  PURCHASE_REJECTED,
  purchaseToOscu,
  type EtimsPurchase,
  type PurchaseDecision,
} from "@app/shared/etims/purchases";
import type { Db, Tx } from "../../db/client.ts";
import { now } from "../../platform/clock.ts";
import type { Actor } from "../../platform/context.ts";
import { AppError, conflict } from "../../platform/errors.ts";
import { recordAnswer, storedAnswer, type Idempotency, type KeyedWrite } from "../../platform/idempotency.ts";
import { transact } from "../../platform/retry.ts";
import { deviceOf } from "./device-key.ts";
import type { EtimsDeps } from "./etims-deps.ts";
import { EtimsError } from "./oscu-client.ts";
import { findPurchase, toEtimsPurchase, type StoredPurchase } from "./purchases.service.ts";
import { etimsPurchases } from "./purchases.table.ts";

// The owner's answer to a supplier's invoice (confirm into a supply or an expense, or reject),
// told to KRA with insertTrnsPurchase and recorded once. The order, so that KRA down saves
// nothing and a second answer never makes a second supply:
//
// 1. claim: the invoice's row, locked, must be new and not being answered (else 409); it is
//    marked as being answered for a while (a second confirmation meanwhile is 409);
// 2. the local side (the supply and its stock, or the expense) is tried in a transaction that is
//    rolled back: what it would refuse (a product no longer sold, a category of another business)
//    is refused before KRA hears of it;
// 3. KRA is told (insertTrnsPurchase under the invoice's own purchase number; KRA answering 994,
//    "already holds it", means an earlier attempt reached KRA and counts as done);
// 4. the local side for real, and the invoice's answer, in one transaction (the row locked again:
//    still new, else 409 and the transaction rolls back).
//
// Anything failing after the claim releases it: the invoice is new again, nothing saved.
//
// With an Idempotency-Key, the answer is stored under it in step 4's transaction, and a request
// with that key finds it before step 1: a retry after success (its answer lost on the way) gets
// the first answer, 200, rather than step 1's 409.

/** How long an answer may be with KRA before another may start (a server that died mid-answer). */
export const PURCHASE_CLAIM_MS = 5 * 60_000;

const answered = (p: { state: string; confirmedAs: string | null; supplyNumber: number | null }) =>
  p.state === "rejected"
    ? conflict("This supplier invoice was already rejected.")
    : conflict(
        p.confirmedAs === "supply"
          ? `This supplier invoice was already confirmed as supply ${p.supplyNumber}.`
          : "This supplier invoice was already confirmed as an expense.",
      );

async function claim(db: Db, businessId: string, id: string): Promise<StoredPurchase> {
  return transact(db, async (tx) => {
    const p = await findPurchase(tx, businessId, id, true);
    if (p.state !== "new") throw answered(p);
    if (p.claimedUntil && p.claimedUntil > now())
      throw conflict("This supplier invoice is being answered right now; look again in a moment.");
    await tx
      .update(etimsPurchases)
      .set({ claimedUntil: new Date(now().getTime() + PURCHASE_CLAIM_MS) })
      .where(and(eq(etimsPurchases.businessId, businessId), eq(etimsPurchases.id, id)));
    return p;
  });
}

async function release(db: Db, businessId: string, id: string): Promise<void> {
  await db
    .update(etimsPurchases)
    .set({ claimedUntil: null })
    .where(and(eq(etimsPurchases.businessId, businessId), eq(etimsPurchases.id, id), eq(etimsPurchases.state, "new")));
}

/** Thrown to roll the trial of the local side back. */
class TrialDone extends Error {}

async function trial(db: Db, work: (tx: Tx) => Promise<unknown>): Promise<void> {
  try {
    await transact(db, async (tx) => {
      await work(tx);
      throw new TrialDone();
    });
  } catch (err) {
    if (!(err instanceof TrialDone)) throw err;
  }
}

/** What the answer records on the invoice, beside its state. */
export type PurchaseOutcome =
  | { confirmedAs: "supply"; supplyId: string; supplyNumber: number }
  | { confirmedAs: "expense"; expenseId: string }
  | { confirmedAs: null };

export type PurchaseAnswer = {
  /** What KRA is told of the invoice (confirmed or rejected, payment type, our item codes); may register items with KRA. */
  decide: (
    p: StoredPurchase,
  ) => Promise<Pick<PurchaseDecision, "status" | "paymentType" | "items" | "quantities" | "received">>;
  /** The local side, in the caller's transaction. */
  save: (tx: Tx, p: StoredPurchase) => Promise<PurchaseOutcome>;
};

/** KRA's refusal or absence as the API's error: the owner learns nothing was saved. */
function kraError(err: EtimsError): AppError {
  return new AppError(
    err.resultCd ? "ETIMS_REFUSED" : "ETIMS_UNAVAILABLE",
    `Nothing was saved: KRA did not take the answer. ${err.message}`,
  );
}

/** Answers a supplier's invoice (see the order above); returns the invoice as answered. */
export async function answerPurchase(
  deps: EtimsDeps,
  ctx: { db: Db; businessId: string; user: Actor },
  id: string,
  idem: Idempotency,
  answer: PurchaseAnswer,
): Promise<EtimsPurchase> {
  const { db, businessId } = ctx;
  const keyed: KeyedWrite | null = idem.key
    ? { businessId, key: idem.key, scope: `etims-purchase:${id}`, fingerprint: idem.fingerprint }
    : null;
  if (keyed) {
    const first = await storedAnswer<EtimsPurchase>(db, keyed);
    if (first.found) return first.value;
  }
  const p = await claim(db, businessId, id);
  try {
    const device = await deviceOf(db, deps, businessId);
    if (!device) throw new AppError("NOT_CONFIGURED", "eTIMS is not connected for this business.");
    await trial(db, (tx) => answer.save(tx, p));
    const decision = await answer.decide(p).catch((err: unknown) => {
      throw err instanceof EtimsError ? kraError(err) : err;
    });
    const user = { id: ctx.user.details.username, name: ctx.user.details.username };
    const body = purchaseToOscu(p, { ...decision, invcNo: p.invcNo, at: now(), user });
    try {
      await deps.client.insertTrnsPurchase(device, body);
    } catch (err) {
      // 994: KRA already holds this purchase number: an earlier answer reached KRA, its record did not reach us.
      if (!(err instanceof EtimsError)) throw err;
      if (err.resultCd !== "994") throw kraError(err);
      deps.log.warn({ businessId, purchaseId: id, invcNo: p.invcNo }, "eTIMS: KRA already held this purchase");
    }
    return await transact(db, async (tx) => {
      const current = await findPurchase(tx, businessId, id, true);
      if (current.state !== "new") throw answered(current);
      const outcome = await answer.save(tx, current);
      const [row] = await tx
        .update(etimsPurchases)
        .set({
          state: decision.status === PURCHASE_REJECTED ? "rejected" : "confirmed",
          confirmedAs: outcome.confirmedAs,
          supplyId: outcome.confirmedAs === "supply" ? outcome.supplyId : null,
          supplyNumber: outcome.confirmedAs === "supply" ? outcome.supplyNumber : null,
          expenseId: outcome.confirmedAs === "expense" ? outcome.expenseId : null,
          decidedBy: ctx.user.details.username,
          decidedAt: now(),
          claimedUntil: null,
        })
        .where(and(eq(etimsPurchases.businessId, businessId), eq(etimsPurchases.id, id)))
        .returning();
      const result = toEtimsPurchase(row!, current.lines);
      if (keyed) await recordAnswer(tx, keyed, result);
      return result;
    });
  } catch (err) {
    await release(db, businessId, id);
    throw err;
  }
}

/** POST /api/etims/purchases/:id/reject: KRA is told the business did not buy this (04), nothing else is recorded. */
export function rejectEtimsPurchase(
  deps: EtimsDeps,
  ctx: { db: Db; businessId: string; user: Actor },
  id: string,
  idem: Idempotency = {},
): Promise<EtimsPurchase> {
  return answerPurchase(deps, ctx, id, idem, {
    decide: () => Promise.resolve({ status: PURCHASE_REJECTED, received: false }),
    save: () => Promise.resolve({ confirmedAs: null }),
  });
}
