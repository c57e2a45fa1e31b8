import { and, eq, inArray, ne } from "drizzle-orm";
import { scheduleAfterPayment } from "@app/shared/subscriptions/billing";
import type { Db, Tx } from "../../db/client.ts";
import { setAccountActive } from "../businesses/businesses.public.ts";
import { subscriptionPayments, subscriptions } from "./subscriptions.table.ts";

export type PaymentRow = typeof subscriptionPayments.$inferSelect;
export type PaymentRef = { businessId: string; paymentId: string };
export type Outcome = {
  status: "success" | "failed";
  transactionId?: string | null;
  resultCode?: number | null;
  resultDesc: string | null;
};

/**
 * A successful payment pays the subscription for one more cycle (scheduleAfterPayment), makes
 * it active and the business active again. A late payment on an expired or cancelled
 * subscription whose business has since subscribed anew stays recorded but moves nothing.
 */
export async function creditSubscription(tx: Tx, payment: PaymentRow, paidAt: Date): Promise<void> {
  const key = and(eq(subscriptions.businessId, payment.businessId), eq(subscriptions.id, payment.subscriptionId));
  const [sub] = await tx.select().from(subscriptions).where(key).for("update");
  if (!sub) return;
  if (sub.status === "expired" || sub.status === "cancelled") {
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
    if (newer) return;
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
  await setAccountActive(tx, payment.businessId, true);
}

/**
 * Settles a pending payment exactly once (the conditional update is the guard): a second
 * callback, or a query answering after the callback, finds it settled and changes nothing.
 * Returns whether this call settled it.
 */
export async function settlePayment(db: Db, ref: PaymentRef, outcome: Outcome, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
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
