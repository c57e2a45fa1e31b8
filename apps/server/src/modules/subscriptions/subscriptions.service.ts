import { and, eq, gt, inArray, ne } from "drizzle-orm";
import { ERROR_CODES } from "@app/shared/errors/errors";
import { billingDate, formatPlanAmount, paymentMethodProblem } from "@app/shared/subscriptions/billing";
import type { PaymentMethodInput, SubscribeInput, Subscription } from "@app/shared/subscriptions/subscription";
import type { Db, DbOrTx } from "../../db/client.ts";
import type { Ctx } from "../../platform/context.ts";
import { AppError, conflict, isUniqueViolation, notFound } from "../../platform/errors.ts";
import { planById } from "./plans.service.ts";
import { mpesaStkRequests, subscriptionPayments, subscriptionPlans, subscriptions } from "./subscriptions.table.ts";
import { subscriptionView } from "./views.ts";

export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** A pending M-Pesa request younger than this may still be answered on the phone. */
export const IN_FLIGHT_MS = 2 * 60_000;

const LIVE = ["pending", "active", "past_due"] as const;
const STATUS_WORDS = {
  pending: "a pending",
  active: "an active",
  past_due: "a past-due",
  expired: "an expired",
  cancelled: "a cancelled",
} as const;

export async function subscriptionRow(db: DbOrTx, businessId: string, id: string): Promise<SubscriptionRow> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.businessId, businessId), eq(subscriptions.id, id)));
  if (!row) throw notFound("Subscription");
  return row;
}

/** Is an M-Pesa request of this subscription still waiting for the customer? */
export async function hasPaymentInFlight(
  db: DbOrTx,
  businessId: string,
  subscriptionId: string,
  now = new Date(),
): Promise<boolean> {
  const [row] = await db
    .select({ id: subscriptionPayments.id })
    .from(subscriptionPayments)
    .where(
      and(
        eq(subscriptionPayments.businessId, businessId),
        eq(subscriptionPayments.subscriptionId, subscriptionId),
        eq(subscriptionPayments.status, "pending"),
        gt(subscriptionPayments.createdAt, new Date(now.getTime() - IN_FLIGHT_MS)),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** A payment of this subscription still waiting for its provider (any age), with the plan it was asked for. */
async function pendingPayment(db: DbOrTx, businessId: string, subscriptionId: string) {
  const [row] = await db
    .select({
      amount: subscriptionPayments.amount,
      currency: subscriptionPayments.currency,
      plan: subscriptionPlans.name,
    })
    .from(subscriptionPayments)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptionPayments.planId))
    .where(
      and(
        eq(subscriptionPayments.businessId, businessId),
        eq(subscriptionPayments.subscriptionId, subscriptionId),
        eq(subscriptionPayments.status, "pending"),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Subscribes a business to a plan (spec section 7). Pending until the first payment succeeds;
 * a free plan is active at once. A business has one live subscription: a pending one (never
 * paid) is changed to the new choice, an active or past-due one must end first. While a payment
 * of the pending one is still pending, the plan cannot change (409 PAYMENT_PENDING): that payment
 * is bound to the plan it was asked for, and must end (success or failure) first.
 */
export async function subscribe(ctx: Ctx, input: SubscribeInput): Promise<Subscription> {
  const plan = await planById(ctx.db, input.planId);
  if (!plan) throw new AppError("NOT_FOUND", "Plan not found", { planId: "No such plan" });
  if (!plan.isActive)
    throw conflict(`${plan.name} is no longer offered. Choose another plan.`, { planId: "This plan is switched off" });
  if (input.billingCycle !== plan.billingCycle)
    throw new AppError("VALIDATION_ERROR", `${plan.name} is billed ${plan.billingCycle}`, {
      billingCycle: `This plan is billed ${plan.billingCycle}`,
    });
  const problem = paymentMethodProblem(plan.currency, input.paymentMethod);
  if (problem) throw conflict(problem, { paymentMethod: problem });

  const now = new Date();
  const free = plan.price === 0;
  const values = {
    planId: plan.id,
    billingCycle: plan.billingCycle,
    paymentMethod: input.paymentMethod,
    status: free ? ("active" as const) : ("pending" as const),
    startDate: now,
    cyclesPaid: free ? 1 : 0,
    nextBillingDate: billingDate(now, plan.billingCycle, 1),
  };
  try {
    const id = await ctx.db.transaction(async (tx) => {
      const [live] = await tx
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.businessId, ctx.businessId), inArray(subscriptions.status, [...LIVE])))
        .for("update");
      if (live && live.status !== "pending") {
        throw conflict(
          `${ctx.business.name} already has ${STATUS_WORDS[live.status]} subscription. Pay it, or turn auto-renew off and let it end, before choosing another.`,
        );
      }
      if (live) {
        const pending = await pendingPayment(tx, ctx.businessId, live.id);
        if (pending)
          throw new AppError(
            ERROR_CODES.PAYMENT_PENDING,
            `A payment of ${formatPlanAmount(pending.amount, pending.currency)} for ${pending.plan} is still pending. Wait until it goes through or fails (see Payments), then choose another plan.`,
          );
        await tx
          .update(subscriptions)
          .set({ ...values, updatedAt: now })
          .where(and(eq(subscriptions.businessId, ctx.businessId), eq(subscriptions.id, live.id)));
        return live.id;
      }
      const [row] = await tx
        .insert(subscriptions)
        .values({ ...values, businessId: ctx.businessId, createdBy: ctx.user.details.username })
        .returning({ id: subscriptions.id });
      return row!.id;
    });
    return await subscriptionView(ctx.db, ctx.businessId, id);
  } catch (err) {
    // Two subscribes at once: the second finds the first's row through the unique index.
    if (isUniqueViolation(err, "subscriptions_one_live_per_business"))
      throw conflict(`${ctx.business.name} already has a subscription. Reload and try again.`);
    if ((err as { code?: string }).code === "23503")
      throw new AppError("NOT_FOUND", "Plan not found", { planId: "No such plan" });
    throw err;
  }
}

/** Turns automatic renewal on or off (spec section 4). */
export async function setAutoRenew(ctx: Ctx, id: string, autoRenew: boolean): Promise<Subscription> {
  const row = await subscriptionRow(ctx.db, ctx.businessId, id);
  if (row.status === "cancelled") throw conflict("This subscription was cancelled");
  await ctx.db
    .update(subscriptions)
    .set({ autoRenew, updatedAt: new Date() })
    .where(and(eq(subscriptions.businessId, ctx.businessId), eq(subscriptions.id, id)));
  return subscriptionView(ctx.db, ctx.businessId, id);
}

/** Changes how the subscription is paid; the plan's currency must suit the method. */
export async function setPaymentMethod(ctx: Ctx, id: string, input: PaymentMethodInput): Promise<Subscription> {
  const row = await subscriptionRow(ctx.db, ctx.businessId, id);
  if (row.status === "cancelled") throw conflict("This subscription was cancelled");
  const plan = (await planById(ctx.db, row.planId))!;
  const problem = paymentMethodProblem(plan.currency, input.paymentMethod);
  if (problem) throw conflict(problem, { paymentMethod: problem });
  await ctx.db
    .update(subscriptions)
    .set({
      paymentMethod: input.paymentMethod,
      ...(input.mpesaPhone ? { mpesaPhone: input.mpesaPhone } : {}),
      updatedAt: new Date(),
    })
    .where(and(eq(subscriptions.businessId, ctx.businessId), eq(subscriptions.id, id)));
  return subscriptionView(ctx.db, ctx.businessId, id);
}

/**
 * Deletes a subscription that never had money move (its failed attempts go with it). One with
 * a successful or pending payment is cancelled instead and kept, so payment records stay exact.
 */
export async function deleteSubscription(
  ctx: Ctx,
  id: string,
): Promise<{ deleted: boolean; subscription: Subscription | null }> {
  const kept = await ctx.db.transaction(async (tx) => {
    const key = and(eq(subscriptions.businessId, ctx.businessId), eq(subscriptions.id, id));
    const [row] = await tx.select().from(subscriptions).where(key).for("update");
    if (!row) throw notFound("Subscription");
    const paymentsOf = and(
      eq(subscriptionPayments.businessId, ctx.businessId),
      eq(subscriptionPayments.subscriptionId, id),
    );
    const [moved] = await tx
      .select({ id: subscriptionPayments.id })
      .from(subscriptionPayments)
      .where(and(paymentsOf, ne(subscriptionPayments.status, "failed")))
      .limit(1);
    if (moved) {
      await tx.update(subscriptions).set({ status: "cancelled", autoRenew: false, updatedAt: new Date() }).where(key);
      return true;
    }
    const failed = await tx.select({ id: subscriptionPayments.id }).from(subscriptionPayments).where(paymentsOf);
    if (failed.length) {
      await tx.delete(mpesaStkRequests).where(
        and(
          eq(mpesaStkRequests.businessId, ctx.businessId),
          inArray(
            mpesaStkRequests.paymentId,
            failed.map((f) => f.id),
          ),
        ),
      );
      await tx.delete(subscriptionPayments).where(paymentsOf);
    }
    await tx.delete(subscriptions).where(key);
    return false;
  });
  return kept
    ? { deleted: false, subscription: await subscriptionView(ctx.db, ctx.businessId, id) }
    : { deleted: true, subscription: null };
}

/** The business that owns a subscription, for the tenancy guard. */
export async function businessIdOfSubscription(db: Db, id: string): Promise<string | null> {
  const [row] = await db
    .select({ businessId: subscriptions.businessId })
    .from(subscriptions)
    .where(eq(subscriptions.id, id))
    .limit(1);
  return row?.businessId ?? null;
}

/** The business that owns a payment, for the tenancy guard. */
export async function businessIdOfPayment(db: Db, id: string): Promise<string | null> {
  const [row] = await db
    .select({ businessId: subscriptionPayments.businessId })
    .from(subscriptionPayments)
    .where(eq(subscriptionPayments.id, id))
    .limit(1);
  return row?.businessId ?? null;
}
