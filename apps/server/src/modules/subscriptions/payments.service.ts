import { and, eq, isNotNull, isNull } from "drizzle-orm";
import { ERROR_CODES } from "@app/shared/errors/errors";
import { formatPlanAmount, paymentMethodProblem } from "@app/shared/subscriptions/billing";
import type {
  MarkRefundedInput,
  PayInput,
  Subscription,
  SubscriptionPayment,
} from "@app/shared/subscriptions/subscription";
import type { Ctx } from "../../platform/context.ts";
import { AppError, conflict, forbidden, notFound } from "../../platform/errors.ts";
import type { BillingDeps } from "./billing-deps.ts";
import { chargeMpesa, queryMpesaPayment } from "./mpesa-payments.ts";
import { queryPaypalPayment, recordPaypalCapture } from "./paypal-payments.ts";
import { planById } from "./plans.service.ts";
import { ProviderError } from "../../platform/provider-http.ts";
import { paymentRow } from "./settle.ts";
import { subscriptionRow } from "./subscriptions.service.ts";
import { subscriptionPayments } from "./subscriptions.table.ts";
import { paymentView, subscriptionView } from "./views.ts";

/** A provider's failure as the uniform error (502), with its message for people. */
async function fromProvider<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof ProviderError) throw new AppError("PAYMENT_PROVIDER_ERROR", err.message);
    throw err;
  }
}

/**
 * Pays a subscription (spec section 7): PayPal with a capture the server verifies by reading its
 * order from PayPal, or M-Pesa with an STK push that stays pending until Daraja reports. Either is
 * bound to the plan, cycle and amount due now. A cancelled subscription is asked for no M-Pesa
 * payment; a PayPal capture for it (the buyer paid already) is recorded and flagged for refund,
 * and answered 409 PAYMENT_FLAGGED_FOR_REFUND. Returns the subscription with this payment as its latest.
 */
export async function paySubscription(
  deps: BillingDeps,
  ctx: Ctx,
  id: string,
  input: PayInput,
  idempotencyKey?: string,
): Promise<Subscription> {
  const sub = await subscriptionRow(ctx.db, ctx.businessId, id);
  const plan = (await planById(ctx.db, sub.planId))!;
  if (plan.price === 0) throw conflict(`${plan.name} is free: there is nothing to pay.`);
  const problem = paymentMethodProblem(plan.currency, input.paymentMethod);
  if (problem) throw conflict(problem, { paymentMethod: problem });
  if (input.amount !== plan.price)
    throw conflict(`The amount due is ${formatPlanAmount(plan.price, plan.currency)}.`, {
      amount: `${formatPlanAmount(plan.price, plan.currency)} is due`,
    });
  const createdBy = ctx.user.details.username;
  if (input.paymentMethod === "paypal") {
    const capture = { subscriptionId: id, orderId: input.providerOrderId, captureId: input.transactionId };
    if (input.currency !== plan.currency)
      throw conflict(`PayPal payments for this plan are in ${plan.currency}.`, {
        currency: `Must be ${plan.currency}`,
      });
    const ref = await fromProvider(() =>
      recordPaypalCapture(deps, { businessId: ctx.businessId, plan, createdBy, ...capture }, idempotencyKey),
    );
    const recorded = await paymentRow(ctx.db, ref);
    if (
      recorded?.refundReason === "subscription_cancelled" ||
      (await subscriptionRow(ctx.db, ctx.businessId, id)).status === "cancelled"
    )
      throw new AppError(
        ERROR_CODES.PAYMENT_FLAGGED_FOR_REFUND,
        "This subscription was cancelled, so the PayPal payment was not applied to it. It is recorded and flagged for refund: support will return it. Subscribe again to continue.",
      );
  } else {
    if (sub.status === "cancelled") throw conflict("This subscription was cancelled. Subscribe again to pay.");
    if (sub.status === "active")
      throw conflict(
        `This subscription is paid until ${sub.nextBillingDate.toLocaleDateString("en-KE", { timeZone: "Africa/Nairobi", dateStyle: "medium" })}.`,
      );
    await fromProvider(() =>
      chargeMpesa(
        deps,
        {
          businessId: ctx.businessId,
          subscriptionId: id,
          planId: plan.id,
          billingCycle: sub.billingCycle,
          phone: input.phone,
          amount: plan.price,
          createdBy,
        },
        idempotencyKey,
      ),
    );
  }
  return subscriptionView(ctx.db, ctx.businessId, id);
}

/** One payment, as the page polls it while it is pending. */
export async function getPayment(ctx: Ctx, id: string): Promise<SubscriptionPayment> {
  if (!(await paymentRow(ctx.db, { businessId: ctx.businessId, paymentId: id }))) throw notFound("Payment");
  return paymentView(ctx.db, ctx.businessId, id);
}

/** Asks the provider how a pending payment ended (M-Pesa stkpushquery, PayPal order), then returns it. */
export async function queryPayment(deps: BillingDeps, ctx: Ctx, id: string): Promise<SubscriptionPayment> {
  const payment = await paymentRow(ctx.db, { businessId: ctx.businessId, paymentId: id });
  if (!payment) throw notFound("Payment");
  const ref = { businessId: ctx.businessId, paymentId: id };
  if (payment.status === "pending")
    await fromProvider(() =>
      payment.paymentMethod === "mpesa" ? queryMpesaPayment(deps, ref) : queryPaypalPayment(deps, ref),
    );
  return paymentView(ctx.db, ctx.businessId, id);
}

/** Support deletes a failed attempt; successful and pending payments are part of the accounts. */
export async function deletePayment(ctx: Ctx, id: string): Promise<void> {
  if (!ctx.user.isSupportUser) throw forbidden("Only provider support can delete payments");
  const payment = await paymentRow(ctx.db, { businessId: ctx.businessId, paymentId: id });
  if (!payment) throw notFound("Payment");
  if (payment.status !== "failed")
    throw conflict(
      `A ${payment.status} payment is part of the accounts and cannot be deleted. Only failed attempts can.`,
    );
  await ctx.db
    .delete(subscriptionPayments)
    .where(
      and(
        eq(subscriptionPayments.businessId, ctx.businessId),
        eq(subscriptionPayments.id, id),
        eq(subscriptionPayments.status, "failed"),
      ),
    );
}

/**
 * Support records that a payment flagged for refund was given back (how, in the note). Once only;
 * a payment that was never flagged cannot be marked.
 */
export async function markRefunded(ctx: Ctx, id: string, input: MarkRefundedInput): Promise<SubscriptionPayment> {
  if (!ctx.user.isSupportUser) throw forbidden("Only provider support can mark a payment refunded");
  const [marked] = await ctx.db
    .update(subscriptionPayments)
    .set({ refundedAt: new Date(), refundedBy: ctx.user.details.username, refundNote: input.note })
    .where(
      and(
        eq(subscriptionPayments.businessId, ctx.businessId),
        eq(subscriptionPayments.id, id),
        isNotNull(subscriptionPayments.refundReason),
        isNull(subscriptionPayments.refundedAt),
      ),
    )
    .returning({ id: subscriptionPayments.id });
  if (!marked) {
    const payment = await paymentRow(ctx.db, { businessId: ctx.businessId, paymentId: id });
    if (!payment) throw notFound("Payment");
    throw conflict(
      payment.refundedAt
        ? "This payment is already marked refunded."
        : "This payment is not flagged for refund: it was applied to its subscription.",
    );
  }
  return paymentView(ctx.db, ctx.businessId, id);
}
