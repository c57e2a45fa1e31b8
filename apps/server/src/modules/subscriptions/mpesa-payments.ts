import { createHash, randomUUID, timingSafeEqual } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import type { BillingCycle } from "@app/shared/subscriptions/constants";
import {
  callbackReceipt,
  darajaCallbackSchema,
  mpesaAmount,
  MPESA_RESULT,
  toMpesaMsisdn,
  type DarajaCallback,
} from "@app/shared/subscriptions/mpesa";
import { AppError, conflict, isUniqueViolation } from "../../platform/errors.ts";
import { runIdempotent } from "../../platform/idempotency.ts";
import { requireMpesa, type BillingDeps } from "./billing-deps.ts";
import type { StkQueryResult } from "../mpesa/mpesa.public.ts";
import { ProviderError } from "../../platform/provider-http.ts";
import { paymentRow, settlePayment, type PaymentRef } from "./settle.ts";
import { hasPaymentInFlight, IN_FLIGHT_MS } from "./subscriptions.service.ts";
import { mpesaStkRequests, subscriptionPayments, subscriptions } from "./subscriptions.table.ts";

/** One M-Pesa charge: bound to the plan, cycle and amount it asks for. */
type Charge = {
  businessId: string;
  subscriptionId: string;
  planId: string;
  billingCycle: BillingCycle;
  phone: string;
  amount: number;
  createdBy: string;
};

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
      // The row lock queues two payments of one subscription, so the in-flight check holds, and a
      // plan switch (which takes the same lock) cannot slip between the check and the payment.
      const [sub] = await tx
        .select({ planId: subscriptions.planId, billingCycle: subscriptions.billingCycle })
        .from(subscriptions)
        .where(and(eq(subscriptions.businessId, charge.businessId), eq(subscriptions.id, charge.subscriptionId)))
        .for("update");
      if (!sub || sub.planId !== charge.planId || sub.billingCycle !== charge.billingCycle)
        throw conflict("The subscription's plan changed meanwhile. Reload it and pay the amount now due.");
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
          planId: charge.planId,
          billingCycle: charge.billingCycle,
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

/** A CheckoutRequestID as logs show it: bounded, whatever was sent. */
const brief = (id: string) => id.slice(0, 64);

/** Is this the installation's callback token? (Compared in constant time.) */
export function isCallbackToken(sent: string | null, token: string): boolean {
  if (!sent || !token) return false;
  const digest = (v: string) => createHash("sha256").update(v).digest();
  return timingSafeEqual(digest(sent), digest(token));
}

/**
 * Daraja's STK callback. Nothing in it is believed on its word: it must come to the address with
 * the installation's callback token, name a push this server sent, and, for a success, carry the
 * amount asked and the receipt number. Then Daraja's own STK query decides how the payment ended,
 * so a forged failure or wrong amount sent first cannot make the genuine success be ignored. A
 * callback that fails a check changes nothing and is logged in one short line (never its body).
 * A repeat changes nothing.
 */
export async function handleMpesaCallback(
  deps: BillingDeps,
  token: string | null,
  body: DarajaCallback,
  now = new Date(),
): Promise<void> {
  const cb = body.Body.stkCallback;
  const ignore = (reason: string, more: Record<string, unknown> = {}) =>
    deps.log.warn(
      { checkoutRequestId: brief(cb.CheckoutRequestID), resultCode: cb.ResultCode, reason, ...more },
      "M-Pesa callback ignored",
    );
  if (!deps.mpesa || !isCallbackToken(token, deps.mpesa.config.callbackToken))
    return ignore("not sent to this installation's callback address");
  const [request] = await deps.db
    .select()
    .from(mpesaStkRequests)
    .where(eq(mpesaStkRequests.checkoutRequestId, cb.CheckoutRequestID));
  if (!request) return ignore("unknown CheckoutRequestID");
  const ref = { businessId: request.businessId, paymentId: request.paymentId };
  const payment = await paymentRow(deps.db, ref);
  if (!payment) return ignore("no payment for this request");

  let receipt: string | null = null;
  if (cb.ResultCode === MPESA_RESULT.SUCCESS) {
    const meta = callbackReceipt(cb.CallbackMetadata);
    if (meta.amount === null || meta.receipt === null) return ignore("a success without Amount and MpesaReceiptNumber");
    if (Math.round(meta.amount * 100) !== payment.amount)
      return ignore("a success for another amount than asked", {
        amount: String(meta.amount).slice(0, 20),
        asked: payment.amount / 100,
      });
    receipt = meta.receipt.slice(0, 64);
  }
  await deps.db
    .update(mpesaStkRequests)
    .set({ callbackAt: now, callback: body })
    .where(eq(mpesaStkRequests.checkoutRequestId, cb.CheckoutRequestID));

  if (payment.status !== "pending") {
    // Settled first by a query, which carries no receipt number: keep the callback's.
    if (receipt && payment.status === "success" && !payment.transactionId) await keepReceipt(deps, ref, receipt);
    return;
  }
  let result: StkQueryResult;
  try {
    result = await requireMpesa(deps).stkQuery(request.checkoutRequestId, now);
  } catch (err) {
    deps.log.warn(
      { checkoutRequestId: brief(cb.CheckoutRequestID), error: err instanceof Error ? err.message.slice(0, 200) : "?" },
      "M-Pesa callback not confirmed (the query failed): the payment stays pending for the next query",
    );
    return;
  }
  if (result.state === "processing") return ignore("Daraja's query says the payment is still in progress");
  const success = result.resultCode === MPESA_RESULT.SUCCESS;
  if (success !== (cb.ResultCode === MPESA_RESULT.SUCCESS))
    ignore("contradicted by Daraja's query", { queryResultCode: result.resultCode });
  await settlePayment(
    deps.db,
    ref,
    {
      status: success ? "success" : "failed",
      transactionId: success ? receipt : null,
      resultCode: result.resultCode,
      resultDesc: result.resultDesc,
    },
    now,
  );
}

/** Adds the receipt number to a payment settled as a success without one (by a query). */
async function keepReceipt(deps: BillingDeps, ref: PaymentRef, receipt: string): Promise<void> {
  try {
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
  } catch (err) {
    if (!isUniqueViolation(err, "subscription_payments_transaction_key")) throw err;
    deps.log.warn({ paymentId: ref.paymentId }, "M-Pesa receipt number already recorded on another payment");
  }
}

/** The receipt number of a stored success callback for this amount, if one came (a query carries none). */
function storedReceipt(callback: unknown, amount: number): string | null {
  const parsed = darajaCallbackSchema.safeParse(callback);
  if (!parsed.success || parsed.data.Body.stkCallback.ResultCode !== MPESA_RESULT.SUCCESS) return null;
  const meta = callbackReceipt(parsed.data.Body.stkCallback.CallbackMetadata);
  return meta.receipt && meta.amount !== null && Math.round(meta.amount * 100) === amount
    ? meta.receipt.slice(0, 64)
    : null;
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
    {
      status: success ? "success" : "failed",
      // A callback that came while Daraja could not be asked left its receipt number here.
      transactionId: success ? storedReceipt(request.callback, payment.amount) : null,
      resultCode: result.resultCode,
      resultDesc: result.resultDesc,
    },
    now,
  );
}
