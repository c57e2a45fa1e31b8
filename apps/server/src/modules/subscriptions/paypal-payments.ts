import { and, eq } from "drizzle-orm";
import { formatPlanAmount } from "@app/shared/subscriptions/billing";
import type { PlanCurrency } from "@app/shared/subscriptions/constants";
import { formatCentsPlain } from "@app/shared/money/money";
import { conflict, isUniqueViolation } from "../../platform/errors.ts";
import { runIdempotent } from "../../platform/idempotency.ts";
import { requirePaypal, type BillingDeps } from "./billing-deps.ts";
import type { PaypalOrder, PaypalOrderCapture } from "./providers/paypal.ts";
import type { PlanRow } from "./plans.service.ts";
import { creditSubscription, paymentRow, settlePayment, type PaymentRef } from "./settle.ts";
import { subscriptionPayments, subscriptions } from "./subscriptions.table.ts";

type Charge = {
  businessId: string;
  subscriptionId: string;
  plan: PlanRow;
  orderId: string;
  captureId: string;
  createdBy: string;
};
/** What a capture must be: of this subscription, for this many cents of this currency. */
type Due = { subscriptionId: string; captureId: string; cents: number; currency: PlanCurrency };
type Verdict = { outcome: "success" | "pending"; capture: PaypalOrderCapture } | { outcome: "refused"; why: string };

/**
 * What PayPal's order means for us (Orders API): the capture must be one of this order's, its
 * purchase unit (and the capture, where it says) must name this subscription as custom_id, it
 * must be for the amount due in the plan's currency, and the order must be COMPLETED. Then the
 * capture's own status decides: COMPLETED is success, PENDING pending, anything else a refusal.
 */
function judge(order: PaypalOrder | null, due: Due): Verdict {
  const refused = (why: string): Verdict => ({ outcome: "refused", why });
  if (!order) return refused("PayPal has no order with that id.");
  const unit = order.units.find((u) => u.captures.some((c) => c.id === due.captureId));
  const capture = unit?.captures.find((c) => c.id === due.captureId);
  if (!unit || !capture) return refused("PayPal has no payment with that id in that order.");
  if (unit.customId !== due.subscriptionId || (capture.customId !== null && capture.customId !== due.subscriptionId))
    return refused("That PayPal payment is not for this subscription.");
  if (capture.amount?.currency_code !== due.currency || capture.amount.value !== formatCentsPlain(due.cents)) {
    return refused(
      `PayPal captured ${capture.amount ? `${capture.amount.currency_code} ${capture.amount.value}` : "an unknown amount"}, but ${formatPlanAmount(due.cents, due.currency)} is due.`,
    );
  }
  if (order.status !== "COMPLETED") return refused(`PayPal reports this order as ${order.status}.`);
  if (capture.status === "COMPLETED") return { outcome: "success", capture };
  if (capture.status === "PENDING") return { outcome: "pending", capture };
  return refused(`PayPal reports this payment as ${capture.status}.`);
}

/**
 * Records a PayPal payment only as PayPal itself reports it: the server reads the order
 * (GET /v2/checkout/orders/{id}) and judges the capture in it (see judge). Whatever status the
 * browser claimed is ignored. A capture id is recorded once, bound to the plan it was judged
 * against. A capture for a subscription cancelled meanwhile is money that arrived: it is recorded
 * and flagged for refund (creditSubscription), never bringing the subscription back.
 */
export async function recordPaypalCapture(
  deps: BillingDeps,
  charge: Charge,
  idempotencyKey?: string,
): Promise<PaymentRef> {
  const order = await requirePaypal(deps).getOrder(charge.orderId);
  const verdict = judge(order, {
    subscriptionId: charge.subscriptionId,
    captureId: charge.captureId,
    cents: charge.plan.price,
    currency: charge.plan.currency,
  });
  if (verdict.outcome === "refused") {
    deps.log.warn(
      {
        orderId: charge.orderId,
        captureId: charge.captureId,
        subscriptionId: charge.subscriptionId,
        verdict: verdict.why,
      },
      "PayPal payment refused",
    );
    throw conflict(`${verdict.why} Nothing was recorded.`, { transactionId: verdict.why });
  }
  const { outcome, capture } = verdict;
  try {
    return await runIdempotent(
      deps.db,
      { businessId: charge.businessId, key: idempotencyKey, scope: "subscription-pay" },
      async (tx) => {
        const [sub] = await tx
          .select({ status: subscriptions.status, billingCycle: subscriptions.billingCycle })
          .from(subscriptions)
          .where(and(eq(subscriptions.businessId, charge.businessId), eq(subscriptions.id, charge.subscriptionId)))
          .for("update");
        if (sub?.status === "cancelled")
          deps.log.warn(
            { subscriptionId: charge.subscriptionId, orderId: charge.orderId, captureId: charge.captureId },
            "PayPal payment for a cancelled subscription: recorded and flagged for refund",
          );
        const now = new Date();
        const [payment] = await tx
          .insert(subscriptionPayments)
          .values({
            businessId: charge.businessId,
            subscriptionId: charge.subscriptionId,
            planId: charge.plan.id,
            billingCycle: sub?.billingCycle ?? charge.plan.billingCycle,
            amount: charge.plan.price,
            currency: charge.plan.currency,
            paymentMethod: "paypal",
            status: outcome,
            transactionId: capture.id,
            providerOrderId: order!.id,
            resultDesc: `PayPal capture ${capture.status}`,
            createdBy: charge.createdBy,
            completedAt: outcome === "success" ? now : null,
          })
          .returning();
        if (outcome === "success") await creditSubscription(tx, payment!, now);
        return { businessId: charge.businessId, paymentId: payment!.id };
      },
    );
  } catch (err) {
    if (!isUniqueViolation(err, "subscription_payments_transaction_key")) throw err;
    // The same capture sent again (a retry): it is already recorded, once.
    const [earlier] = await deps.db
      .select({ id: subscriptionPayments.id, subscriptionId: subscriptionPayments.subscriptionId })
      .from(subscriptionPayments)
      .where(
        and(
          eq(subscriptionPayments.businessId, charge.businessId),
          eq(subscriptionPayments.paymentMethod, "paypal"),
          eq(subscriptionPayments.transactionId, capture.id),
        ),
      );
    if (!earlier || earlier.subscriptionId !== charge.subscriptionId)
      throw conflict("That PayPal payment is already recorded for another subscription.", {
        transactionId: "Already recorded",
      });
    return { businessId: charge.businessId, paymentId: earlier.id };
  }
}

/** Asks PayPal again (the order, by the Orders API) about a pending capture, and settles it as judged. */
export async function queryPaypalPayment(deps: BillingDeps, ref: PaymentRef, now = new Date()): Promise<void> {
  const payment = await paymentRow(deps.db, ref);
  if (!payment || payment.status !== "pending" || !payment.transactionId) return;
  if (!payment.providerOrderId) {
    // Recorded before payments kept their order: PayPal's Orders API cannot be asked, so support settles it.
    deps.log.warn(
      { ...ref, captureId: payment.transactionId },
      "Pending PayPal payment without an order id: left pending",
    );
    return;
  }
  const order = await requirePaypal(deps).getOrder(payment.providerOrderId);
  const verdict = judge(order, {
    subscriptionId: payment.subscriptionId,
    captureId: payment.transactionId,
    cents: payment.amount,
    currency: payment.currency,
  });
  if (verdict.outcome === "refused")
    await settlePayment(deps.db, ref, { status: "failed", resultDesc: verdict.why }, now);
  else if (verdict.outcome === "success")
    await settlePayment(
      deps.db,
      ref,
      { status: "success", resultDesc: `PayPal capture ${verdict.capture.status}` },
      now,
    );
}
