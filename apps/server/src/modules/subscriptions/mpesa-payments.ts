import { randomUUID } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { formatPlanAmount } from "@app/shared/subscriptions/billing";
import {
  callbackReceipt,
  mpesaAmount,
  MPESA_RESULT,
  toMpesaMsisdn,
  type DarajaCallback,
} from "@app/shared/subscriptions/mpesa";
import { AppError, conflict } from "../../platform/errors.ts";
import { runIdempotent } from "../../platform/idempotency.ts";
import { requireMpesa, type BillingDeps } from "./billing-deps.ts";
import { ProviderError } from "./providers/provider-error.ts";
import { paymentRow, settlePayment, type PaymentRef } from "./settle.ts";
import { hasPaymentInFlight, IN_FLIGHT_MS } from "./subscriptions.service.ts";
import { mpesaStkRequests, subscriptionPayments, subscriptions } from "./subscriptions.table.ts";

type Charge = { businessId: string; subscriptionId: string; phone: string; amount: number; createdBy: string };

/**
 * Records a pending M-Pesa payment, then sends the STK push (the PIN prompt on the phone).
 * With an Idempotency-Key a retried request returns the first payment and pushes nothing more;
 * without one, a second request while the first is still on the phone is refused.
 */
export async function chargeMpesa(deps: BillingDeps, charge: Charge, idempotencyKey?: string): Promise<PaymentRef> {
  const mpesa = requireMpesa(deps);
  const attempt = randomUUID();
  const recorded = await runIdempotent(
    deps.db,
    { businessId: charge.businessId, key: idempotencyKey, scope: "subscription-pay" },
    async (tx) => {
      // The row lock queues two payments of one subscription, so the in-flight check holds.
      await tx
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(and(eq(subscriptions.businessId, charge.businessId), eq(subscriptions.id, charge.subscriptionId)))
        .for("update");
      if (await hasPaymentInFlight(tx, charge.businessId, charge.subscriptionId)) {
        throw conflict(
          `An M-Pesa request was sent less than ${IN_FLIGHT_MS / 60_000} minutes ago. Complete it on the phone, or wait and try again.`,
        );
      }
      const [payment] = await tx
        .insert(subscriptionPayments)
        .values({
          businessId: charge.businessId,
          subscriptionId: charge.subscriptionId,
          amount: charge.amount,
          currency: "KES",
          paymentMethod: "mpesa",
          status: "pending",
          phone: charge.phone,
          createdBy: charge.createdBy,
        })
        .returning({ id: subscriptionPayments.id });
      return { paymentId: payment!.id, attempt };
    },
  );
  const ref = { businessId: charge.businessId, paymentId: recorded.paymentId };
  if (recorded.attempt !== attempt) return ref; // a retry: the first request pushed already
  try {
    const res = await mpesa.stkPush({
      msisdn: toMpesaMsisdn(charge.phone),
      amount: mpesaAmount(charge.amount),
      accountReference: `SUB${charge.subscriptionId.slice(0, 8).toUpperCase()}`,
      description: "Subscription",
      at: new Date(),
    });
    await deps.db.insert(mpesaStkRequests).values({
      checkoutRequestId: res.checkoutRequestId,
      merchantRequestId: res.merchantRequestId,
      businessId: charge.businessId,
      paymentId: ref.paymentId,
    });
    if (res.customerMessage) {
      await deps.db
        .update(subscriptionPayments)
        .set({ resultDesc: res.customerMessage })
        .where(
          and(
            eq(subscriptionPayments.businessId, ref.businessId),
            eq(subscriptionPayments.id, ref.paymentId),
            eq(subscriptionPayments.status, "pending"),
          ),
        );
    }
  } catch (err) {
    const message = err instanceof ProviderError ? err.message : "The M-Pesa request could not be sent.";
    await settlePayment(deps.db, ref, { status: "failed", resultDesc: message }, new Date());
    if (err instanceof ProviderError) throw new AppError("PAYMENT_PROVIDER_ERROR", message);
    throw err;
  }
  return ref;
}

/** Settles a payment from Daraja's callback, found by CheckoutRequestID only; a repeat changes nothing. */
export async function handleMpesaCallback(deps: BillingDeps, body: DarajaCallback, now = new Date()): Promise<void> {
  const cb = body.Body.stkCallback;
  const [request] = await deps.db
    .select()
    .from(mpesaStkRequests)
    .where(eq(mpesaStkRequests.checkoutRequestId, cb.CheckoutRequestID));
  if (!request) {
    deps.log.warn({ callback: body }, "M-Pesa callback for an unknown CheckoutRequestID: nothing recorded");
    return;
  }
  await deps.db
    .update(mpesaStkRequests)
    .set({ callbackAt: now, callback: body })
    .where(eq(mpesaStkRequests.checkoutRequestId, cb.CheckoutRequestID));
  const ref = { businessId: request.businessId, paymentId: request.paymentId };
  if (cb.ResultCode !== MPESA_RESULT.SUCCESS) {
    await settlePayment(deps.db, ref, { status: "failed", resultCode: cb.ResultCode, resultDesc: cb.ResultDesc }, now);
    return;
  }
  const payment = await paymentRow(deps.db, ref);
  const { receipt, amount } = callbackReceipt(cb.CallbackMetadata);
  if (payment && amount !== null && amount * 100 !== payment.amount) {
    deps.log.error(
      { callback: body, expected: payment.amount },
      "M-Pesa callback amount differs from the amount asked",
    );
    const said = `M-Pesa reported ${formatPlanAmount(amount * 100, "KES")} but ${formatPlanAmount(payment.amount, "KES")} was asked. Support will check this payment.`;
    await settlePayment(
      deps.db,
      ref,
      { status: "failed", transactionId: receipt, resultCode: cb.ResultCode, resultDesc: said },
      now,
    );
    return;
  }
  const settled = await settlePayment(
    deps.db,
    ref,
    { status: "success", transactionId: receipt, resultCode: 0, resultDesc: cb.ResultDesc },
    now,
  );
  if (!settled && receipt) {
    // Settled first by a query, which carries no receipt number: keep the callback's.
    await deps.db
      .update(subscriptionPayments)
      .set({ transactionId: receipt })
      .where(
        and(
          eq(subscriptionPayments.businessId, ref.businessId),
          eq(subscriptionPayments.id, ref.paymentId),
          eq(subscriptionPayments.status, "success"),
          isNull(subscriptionPayments.transactionId),
        ),
      );
  }
}

/** Asks Daraja how a pending STK push ended (stkpushquery): the fallback when no callback came. */
export async function queryMpesaPayment(deps: BillingDeps, ref: PaymentRef, now = new Date()): Promise<void> {
  const payment = await paymentRow(deps.db, ref);
  if (!payment || payment.status !== "pending") return;
  const [request] = await deps.db
    .select()
    .from(mpesaStkRequests)
    .where(and(eq(mpesaStkRequests.businessId, ref.businessId), eq(mpesaStkRequests.paymentId, ref.paymentId)));
  if (!request) {
    if (now.getTime() - payment.createdAt.getTime() > IN_FLIGHT_MS)
      await settlePayment(
        deps.db,
        ref,
        { status: "failed", resultDesc: "The payment request never reached M-Pesa." },
        now,
      );
    return;
  }
  const result = await requireMpesa(deps).stkQuery(request.checkoutRequestId, now);
  if (result.state === "processing") return;
  const success = result.resultCode === MPESA_RESULT.SUCCESS;
  await settlePayment(
    deps.db,
    ref,
    { status: success ? "success" : "failed", resultCode: result.resultCode, resultDesc: result.resultDesc },
    now,
  );
}
