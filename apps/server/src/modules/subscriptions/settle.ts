import { and, eq, inArray, ne } from "drizzle-orm";
import { scheduleAfterPayment } from "@app/shared/subscriptions/billing";
import type { RefundReason } from "@app/shared/subscriptions/constants";
import type { Db, DbOrTx, Tx } from "../../db/client.ts";
import { liftLapse } from "../businesses/businesses.public.ts";
import { subscriptionPayments, subscriptionPlans, subscriptions } from "./subscriptions.table.ts";
import { mpesaSettled } from "../../platform/metrics.ts";
import { transact } from "../../platform/retry.ts";

export type PaymentRow = typeof subscriptionPayments.$inferSelect;
export type PaymentRef = { businessId: string; paymentId: string };
export type Outcome = {
  status: "success" | "failed";
  transactionId?: string | null;
  resultCode?: number | null;
  resultDesc: string | null;
};

type SubscriptionRow = typeof subscriptions.$inferSelect;

/**
 * Why a successful payment cannot be applied to its subscription, or null when it can. A payment
 * is bound to the plan, cycle and amount it was asked for: it pays only a subscription that still
 * has that plan and cycle, and only while its amount covers the plan's price now.
 */
async function refundReasonFor(tx: Tx, payment: PaymentRow, sub: SubscriptionRow): Promise<RefundReason | null> {
  if (sub.status === "cancelled") return "subscription_cancelled";
  if (sub.status === "expired") {
    const [newer] = await tx
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.businessId, payment.businessId),
          ne(subscriptions.id, sub.id),
          inArray(subscriptions.status, ["pending", "active", "past_due"]),
        ),
      );
    if (newer) return "superseded";
  }
  const [plan] = await tx.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, sub.planId));
  const covers =
    plan !== undefined &&
    payment.planId === sub.planId &&
    payment.billingCycle === sub.billingCycle &&
    payment.currency === plan.currency &&
    payment.amount >= plan.price;
  return covers ? null : "plan_not_covered";
}

/** Flags a payment whose money was not applied: it is due back to the customer (support sees it). */
export async function flagForRefund(tx: DbOrTx, payment: PaymentRow, reason: RefundReason, at: Date): Promise<void> {
  await tx
    .update(subscriptionPayments)
    .set({ refundReason: reason, refundFlaggedAt: at })
    .where(and(eq(subscriptionPayments.businessId, payment.businessId), eq(subscriptionPayments.id, payment.id)));
}

/**
 * A successful payment pays its subscription for one more cycle (scheduleAfterPayment) and makes
 * it active; the business's account comes back only if it had lapsed (a suspension by support
 * stays). Money that cannot be applied (a cancelled subscription, another plan or price than the
 * payment was asked for, an expired subscription replaced since) is kept and flagged for refund.
 * Returns the refund reason, or null when the payment was applied.
 */
export async function creditSubscription(tx: Tx, payment: PaymentRow, paidAt: Date): Promise<RefundReason | null> {
  const key = and(eq(subscriptions.businessId, payment.businessId), eq(subscriptions.id, payment.subscriptionId));
  const [sub] = await tx.select().from(subscriptions).where(key).for("update");
  if (!sub) return null;
  const reason = await refundReasonFor(tx, payment, sub);
  if (reason) {
    await flagForRefund(tx, payment, reason, paidAt);
    return reason;
  }
  const schedule = scheduleAfterPayment(sub, paidAt);
  await tx
    .update(subscriptions)
    .set({
      ...schedule,
      status: "active",
      paymentMethod: payment.paymentMethod,
      mpesaPhone: payment.phone ?? sub.mpesaPhone,
      updatedAt: paidAt,
    })
    .where(key);
  await liftLapse(tx, payment.businessId);
  return null;
}

/**
 * Settles a pending payment exactly once (the conditional update is the guard): a second
 * callback, or a query answering after the callback, finds it settled and changes nothing.
 * Returns whether this call settled it.
 */
export async function settlePayment(db: Db, ref: PaymentRef, outcome: Outcome, now: Date): Promise<boolean> {
  return transact(db, async (tx) => {
    const [payment] = await tx
      .update(subscriptionPayments)
      .set({
        status: outcome.status,
        ...(outcome.transactionId ? { transactionId: outcome.transactionId } : {}),
        resultCode: outcome.resultCode ?? null,
        resultDesc: outcome.resultDesc,
        completedAt: now,
      })
      .where(
        and(
          eq(subscriptionPayments.businessId, ref.businessId),
          eq(subscriptionPayments.id, ref.paymentId),
          eq(subscriptionPayments.status, "pending"),
        ),
      )
      .returning();
    if (!payment) return false;
    if (payment.paymentMethod === "mpesa")
      mpesaSettled.inc({ kind: "subscription", result: outcome.status === "success" ? "confirmed" : "failed" });
    if (outcome.status === "success") await creditSubscription(tx, payment, now);
    return true;
  });
}

export async function paymentRow(db: Db | Tx, ref: PaymentRef): Promise<PaymentRow | null> {
  const [row] = await db
    .select()
    .from(subscriptionPayments)
    .where(and(eq(subscriptionPayments.businessId, ref.businessId), eq(subscriptionPayments.id, ref.paymentId)));
  return row ?? null;
}
