import { and, eq } from "drizzle-orm";
import { formatPlanAmount } from "@app/shared/subscriptions/billing";
import { formatCentsPlain } from "@app/shared/money/money";
import { conflict, isUniqueViolation } from "../../platform/errors.ts";
import { runIdempotent } from "../../platform/idempotency.ts";
import { requirePaypal, type BillingDeps } from "./billing-deps.ts";
import type { PaypalCapture } from "./providers/paypal.ts";
import type { PlanRow } from "./plans.service.ts";
import { creditSubscription, paymentRow, settlePayment, type PaymentRef } from "./settle.ts";
import { subscriptionPayments } from "./subscriptions.table.ts";

type Charge = { businessId: string; subscriptionId: string; plan: PlanRow; captureId: string; createdBy: string };

/** What PayPal's capture means for us: success, still pending, or a refusal (why). */
function judge(capture: PaypalCapture | null, charge: Pick<Charge, "subscriptionId" | "plan">): "success" | "pending" | string {
  if (!capture) return "PayPal has no payment with that id.";
  if (capture.customId !== charge.subscriptionId) return "That PayPal payment is not for this subscription.";
  const due = formatCentsPlain(charge.plan.price);
  if (capture.amount?.currency_code !== charge.plan.currency || capture.amount.value !== due) {
    return `PayPal captured ${capture.amount ? `${capture.amount.currency_code} ${capture.amount.value}` : "an unknown amount"}, but ${formatPlanAmount(charge.plan.price, charge.plan.currency)} is due.`;
  }
  if (capture.status === "COMPLETED") return "success";
  if (capture.status === "PENDING") return "pending";
  return `PayPal reports this payment as ${capture.status}.`;
}

/**
 * Records a PayPal payment only as PayPal itself reports it: the capture must exist, be for
 * this subscription (custom_id), for the amount due, and COMPLETED (PENDING is recorded as
 * pending). Whatever status the browser claimed is ignored. A capture id is recorded once.
 */
export async function recordPaypalCapture(deps: BillingDeps, charge: Charge, idempotencyKey?: string): Promise<PaymentRef> {
  const capture = await requirePaypal(deps).getCapture(charge.captureId);
  const verdict = judge(capture, charge);
  if (verdict !== "success" && verdict !== "pending") {
    deps.log.warn({ captureId: charge.captureId, subscriptionId: charge.subscriptionId, verdict }, "PayPal payment refused");
    throw conflict(`${verdict} Nothing was recorded.`, { transactionId: verdict });
  }
  try {
    return await runIdempotent(deps.db, charge.businessId, idempotencyKey, "subscription-pay", async (tx) => {
      const now = new Date();
      const [payment] = await tx
        .insert(subscriptionPayments)
        .values({
          businessId: charge.businessId,
          subscriptionId: charge.subscriptionId,
          amount: charge.plan.price,
          currency: charge.plan.currency,
          paymentMethod: "paypal",
          status: verdict,
          transactionId: capture!.id,
          resultDesc: `PayPal capture ${capture!.status}`,
          createdBy: charge.createdBy,
          completedAt: verdict === "success" ? now : null,
        })
        .returning();
      if (verdict === "success") await creditSubscription(tx, payment!, now);
      return { businessId: charge.businessId, paymentId: payment!.id };
    });
  } catch (err) {
    if (!isUniqueViolation(err, "subscription_payments_transaction_key")) throw err;
    // The same capture sent again (a retry): it is already recorded, once.
    const [earlier] = await deps.db
      .select({ id: subscriptionPayments.id, subscriptionId: subscriptionPayments.subscriptionId })
      .from(subscriptionPayments)
      .where(and(eq(subscriptionPayments.businessId, charge.businessId), eq(subscriptionPayments.paymentMethod, "paypal"), eq(subscriptionPayments.transactionId, capture!.id)));
    if (!earlier || earlier.subscriptionId !== charge.subscriptionId) throw conflict("That PayPal payment is already recorded for another subscription.", { transactionId: "Already recorded" });
    return { businessId: charge.businessId, paymentId: earlier.id };
  }
}

/** Asks PayPal again about a pending capture. */
export async function queryPaypalPayment(deps: BillingDeps, ref: PaymentRef, now = new Date()): Promise<void> {
  const payment = await paymentRow(deps.db, ref);
  if (!payment || payment.status !== "pending" || !payment.transactionId) return;
  const capture = await requirePaypal(deps).getCapture(payment.transactionId);
  if (capture?.status === "PENDING") return;
  const completed = capture?.status === "COMPLETED";
  await settlePayment(deps.db, ref, { status: completed ? "success" : "failed", resultDesc: capture ? `PayPal capture ${capture.status}` : "PayPal no longer knows this payment." }, now);
}
