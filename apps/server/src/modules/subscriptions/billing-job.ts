import { and, eq, inArray, lte, ne, sql } from "drizzle-orm";
import { billingDate, graceEndsAt } from "@app/shared/subscriptions/billing";
import { businesses, lapseAccount } from "../businesses/businesses.public.ts";
import type { Jobs } from "../../platform/jobs.ts";
import type { BillingDeps } from "./billing-deps.ts";
import { chargeMpesa, queryMpesaPayment } from "./mpesa-payments.ts";
import { IN_FLIGHT_MS } from "./subscriptions.service.ts";
import { mpesaStkRequests, subscriptionPayments, subscriptionPlans, subscriptions } from "./subscriptions.table.ts";

/** Any fixed 64-bit number: one renewal run at a time across every server process. */
const BILLING_LOCK = 7_461_338_214;
/** The scheduled job's name (the job runner's queue). */
export const BILLING_JOB = "subscriptions-billing";
/** Pending M-Pesa payments checked per run (the oldest first). */
const QUERY_BATCH = 50;

export type BillingRun = {
  freeRenewed: number;
  pastDue: number;
  renewalsRequested: number;
  paymentsChecked: number;
  lapsed: number;
};

/** Free plans with auto-renew roll on to their next cycle without a payment. */
async function renewFree(deps: BillingDeps, now: Date): Promise<number> {
  const due = await deps.db
    .select({ s: subscriptions })
    .from(subscriptions)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptions.planId))
    .where(
      and(
        inArray(subscriptions.status, ["active", "past_due"]),
        eq(subscriptions.autoRenew, true),
        eq(subscriptionPlans.price, 0),
        lte(subscriptions.nextBillingDate, now),
      ),
    );
  for (const { s } of due) {
    let cycles = s.cyclesPaid;
    while (billingDate(s.startDate, s.billingCycle, cycles) <= now) cycles++;
    await deps.db
      .update(subscriptions)
      .set({
        status: "active",
        cyclesPaid: cycles,
        nextBillingDate: billingDate(s.startDate, s.billingCycle, cycles),
        updatedAt: now,
      })
      .where(and(eq(subscriptions.businessId, s.businessId), eq(subscriptions.id, s.id)));
  }
  return due.length;
}

/** Active subscriptions whose billing date came become past due; auto-renew M-Pesa ones get an STK push. */
async function markDue(deps: BillingDeps, now: Date): Promise<{ pastDue: number; renewalsRequested: number }> {
  const due = await deps.db
    .update(subscriptions)
    .set({ status: "past_due", updatedAt: now })
    .where(
      and(
        eq(subscriptions.status, "active"),
        lte(subscriptions.nextBillingDate, now),
        // A deleted business (hidden until it is erased) is not billed.
        sql`NOT EXISTS (SELECT 1 FROM ${businesses} d WHERE d.id = ${subscriptions.businessId} AND d.deleted_at IS NOT NULL)`,
      ),
    )
    .returning();
  let renewalsRequested = 0;
  for (const s of due) {
    if (!s.autoRenew || s.paymentMethod !== "mpesa" || !s.mpesaPhone || !deps.mpesa) continue;
    const [plan] = await deps.db.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, s.planId));
    if (!plan || plan.price === 0 || plan.currency !== "KES") continue;
    try {
      await chargeMpesa(deps, {
        businessId: s.businessId,
        subscriptionId: s.id,
        planId: plan.id,
        billingCycle: s.billingCycle,
        phone: s.mpesaPhone,
        amount: plan.price,
        createdBy: "auto-renew",
      });
      renewalsRequested++;
    } catch (err) {
      deps.log.warn(
        { err, subscriptionId: s.id },
        "auto-renewal M-Pesa request failed; the subscription stays past due",
      );
    }
  }
  return { pastDue: due.length, renewalsRequested };
}

/** Pending M-Pesa payments with no result after a while: ask Daraja (the callback may never come). */
async function checkStale(deps: BillingDeps, now: Date): Promise<number> {
  if (!deps.mpesa) return 0;
  const stale = await deps.db
    .select({ businessId: subscriptionPayments.businessId, paymentId: subscriptionPayments.id })
    .from(subscriptionPayments)
    .innerJoin(
      mpesaStkRequests,
      and(
        eq(mpesaStkRequests.businessId, subscriptionPayments.businessId),
        eq(mpesaStkRequests.paymentId, subscriptionPayments.id),
      ),
    )
    .where(
      and(
        eq(subscriptionPayments.status, "pending"),
        eq(subscriptionPayments.paymentMethod, "mpesa"),
        lte(subscriptionPayments.createdAt, new Date(now.getTime() - IN_FLIGHT_MS)),
      ),
    )
    .orderBy(subscriptionPayments.createdAt)
    .limit(QUERY_BATCH);
  for (const ref of stale) {
    try {
      await queryMpesaPayment(deps, ref, now);
    } catch (err) {
      deps.log.warn({ err, paymentId: ref.paymentId }, "M-Pesa payment query failed; will try again next run");
    }
  }
  return stale.length;
}

/** Past-due subscriptions whose grace period is over expire, and their business becomes inactive. */
async function lapse(deps: BillingDeps, now: Date): Promise<number> {
  const pastDue = await deps.db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.status, "past_due"), lte(subscriptions.nextBillingDate, now)));
  let lapsed = 0;
  for (const s of pastDue.filter((s) => graceEndsAt(s.nextBillingDate, deps.graceDays) <= now)) {
    const done = await deps.db.transaction(async (tx) => {
      const [expired] = await tx
        .update(subscriptions)
        .set({ status: "expired", updatedAt: now })
        .where(
          and(
            eq(subscriptions.businessId, s.businessId),
            eq(subscriptions.id, s.id),
            eq(subscriptions.status, "past_due"),
          ),
        )
        .returning({ id: subscriptions.id });
      if (!expired) return false; // paid in the meantime
      const [other] = await tx
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.businessId, s.businessId),
            ne(subscriptions.id, s.id),
            eq(subscriptions.status, "active"),
          ),
        );
      if (!other) await lapseAccount(tx, s.businessId);
      return true;
    });
    if (done) {
      lapsed++;
      deps.log.info({ businessId: s.businessId, subscriptionId: s.id }, "subscription lapsed; business set inactive");
    }
  }
  return lapsed;
}

/**
 * One run of the renewal and lapse job at `now`: free plans roll on, due subscriptions become
 * past due (auto-renew M-Pesa ones get an STK push), stale M-Pesa payments are queried, and
 * past-due ones beyond the grace period expire and make their business inactive. Only one
 * process runs it at a time (a PostgreSQL advisory lock); the others skip and return null.
 */
export async function runBillingJob(deps: BillingDeps, now = new Date()): Promise<BillingRun | null> {
  // A session lock on a connection of its own: no transaction stays open while providers are called.
  const lockHolder = await deps.db.$client.connect();
  try {
    const { rows } = await lockHolder.query<{ locked: boolean }>("SELECT pg_try_advisory_lock($1) AS locked", [
      BILLING_LOCK,
    ]);
    if (!rows[0]?.locked) return null;
    try {
      const freeRenewed = await renewFree(deps, now);
      const { pastDue, renewalsRequested } = await markDue(deps, now);
      const paymentsChecked = await checkStale(deps, now);
      const lapsed = await lapse(deps, now);
      return { freeRenewed, pastDue, renewalsRequested, paymentsChecked, lapsed };
    } finally {
      await lockHolder.query("SELECT pg_advisory_unlock($1)", [BILLING_LOCK]);
    }
  } finally {
    lockHolder.release();
  }
}

/**
 * The renewal and lapse run as a scheduled job (one run per tick across every server). No cron:
 * defined but not scheduled (a schedule left from before is removed; `npm run billing` runs it).
 */
export function registerBillingJob(jobs: Jobs, deps: BillingDeps, cron: string | null): void {
  const run = async () => {
    const result = await runBillingJob(deps);
    if (result && (result.pastDue || result.lapsed || result.renewalsRequested))
      deps.log.info({ run: result }, "subscription renewal job");
    return result;
  };
  if (cron) jobs.every(BILLING_JOB, cron, run);
  else jobs.define(BILLING_JOB, run, { policy: "singleton", retries: 1 });
}
