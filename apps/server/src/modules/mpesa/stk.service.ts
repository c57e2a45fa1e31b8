import { randomUUID } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { STK_RESULT, type StkPushInput, type TillPayment } from "@app/shared/mpesa/mpesa";
import {
  callbackReceipt,
  darajaCallbackSchema,
  mpesaAmount,
  type DarajaCallback,
} from "@app/shared/subscriptions/mpesa";
import { normalizeKenyanPhone } from "@app/shared/phone/phone";
import type { DbOrTx, Tx } from "../../db/client.ts";
import type { Ctx } from "../../platform/context.ts";
import { AppError, isUniqueViolation, notFound } from "../../platform/errors.ts";
import { runIdempotent } from "../../platform/idempotency.ts";
import { ProviderError } from "../../platform/provider-http.ts";
import { mpesaSettled } from "../../platform/metrics.ts";
import { isCallbackTokenOf } from "./callback-token.ts";
import { businessClient, requireClient } from "./credentials.service.ts";
import type { StkQueryResult } from "./daraja.ts";
import type { TillMpesaDeps } from "./mpesa-deps.ts";
import { mpesaPayments } from "./mpesa.table.ts";
import { paymentOf, toTillPayment, type PaymentRow } from "./payments.service.ts";

// The STK push from the checkout: the customer's phone is asked to pay, and only Daraja's STK
// Query marks a push paid.

/**
 * A late receipt number for a payment a sale already claimed: the sale shows the code too. The
 * sales module does it; the route passes it in (flows/mpesa-callbacks.routes.ts), so this module
 * imports no sale.
 */
export type FillSaleReference = (
  tx: Tx,
  businessId: string,
  saleId: string,
  payment: { amount: number; receipt: string },
) => Promise<void>;

/**
 * Records a pending payment, then asks the customer's phone to pay (STK push). A retry with the
 * same Idempotency-Key returns the first payment and pushes nothing more.
 */
export async function sendStkPush(
  ctx: Ctx,
  deps: TillMpesaDeps,
  input: StkPushInput,
  idempotencyKey?: string,
): Promise<TillPayment> {
  const { client } = await requireClient(ctx, deps);
  const shillings = mpesaAmount(input.amount);
  const msisdn = normalizeKenyanPhone(input.phone)!;
  const attempt = randomUUID();
  const recorded = await runIdempotent(
    ctx.db,
    { businessId: ctx.businessId, key: idempotencyKey, scope: "mpesa-stk" },
    async (tx) => {
      const [row] = await tx
        .insert(mpesaPayments)
        .values({
          businessId: ctx.businessId,
          source: "stk",
          status: "pending",
          amount: input.amount,
          phone: msisdn,
          createdBy: ctx.user.details.username,
        })
        .returning({ id: mpesaPayments.id });
      return { id: row!.id, attempt };
    },
  );
  if (recorded.attempt === attempt) {
    try {
      const res = await client.stkPush({
        msisdn,
        amount: shillings,
        accountReference: "Till",
        description: "Payment",
        at: new Date(),
      });
      await ctx.db
        .update(mpesaPayments)
        .set({
          checkoutRequestId: res.checkoutRequestId,
          merchantRequestId: res.merchantRequestId,
          updatedAt: new Date(),
        })
        .where(and(eq(mpesaPayments.businessId, ctx.businessId), eq(mpesaPayments.id, recorded.id)));
    } catch (err) {
      const message = err instanceof ProviderError ? err.message : "The M-Pesa request could not be sent.";
      await ctx.db
        .update(mpesaPayments)
        .set({ status: "failed", resultDesc: message, updatedAt: new Date() })
        .where(and(eq(mpesaPayments.businessId, ctx.businessId), eq(mpesaPayments.id, recorded.id)));
      if (err instanceof ProviderError) throw new AppError("PAYMENT_PROVIDER_ERROR", message);
      throw err;
    }
  }
  return toTillPayment((await paymentOf(ctx.db, ctx.businessId, recorded.id))!);
}

/** A push quiet for this long (no callback, no query) is asked about (STK Query) when the till polls. */
export const QUERY_AFTER_MS = 5_000;

/**
 * GET /api/mpesa/payments/{id}: the till polls while the customer is on the phone. A pending push
 * with no callback after a few seconds is asked about (Daraja's STK Query): only a confirmed
 * result marks it paid.
 */
export async function readPayment(ctx: Ctx, deps: TillMpesaDeps, id: string, now = new Date()): Promise<TillPayment> {
  const row = await paymentOf(ctx.db, ctx.businessId, id);
  if (!row) throw notFound("M-Pesa payment");
  // Asked at most every QUERY_AFTER_MS per payment, however many tills poll (Daraja limits queries).
  const quiet = now.getTime() - Math.max(row.createdAt.getTime(), row.updatedAt.getTime());
  if (row.status === "pending" && row.checkoutRequestId && quiet >= QUERY_AFTER_MS) {
    await ctx.db
      .update(mpesaPayments)
      .set({ updatedAt: now })
      .where(and(eq(mpesaPayments.businessId, ctx.businessId), eq(mpesaPayments.id, id)));
    const found = await businessClient(ctx.db, deps, ctx.businessId);
    if (found) {
      let result: StkQueryResult | null = null;
      try {
        result = await found.client.stkQuery(row.checkoutRequestId, now);
      } catch (err) {
        deps.log.warn({ paymentId: id, err }, "M-Pesa STK query failed; still pending");
      }
      if (result?.state === "done") await settleStk(ctx.db, row, result, storedReceipt(row), now);
    }
  }
  return toTillPayment((await paymentOf(ctx.db, ctx.businessId, id))!);
}

/** Settles a pending push from Daraja's query (the only word believed); no-op if settled meanwhile. */
async function settleStk(
  db: DbOrTx,
  row: PaymentRow,
  result: { resultCode: number; resultDesc: string },
  receipt: string | null,
  now: Date,
): Promise<void> {
  const success = result.resultCode === STK_RESULT.SUCCESS;
  try {
    const settled = await db
      .update(mpesaPayments)
      .set({
        status: success ? "confirmed" : "failed",
        receipt: success ? receipt : null,
        resultCode: result.resultCode,
        resultDesc: result.resultDesc.slice(0, 300),
        ...(success ? { paidAt: now } : {}),
        updatedAt: now,
      })
      .where(
        and(
          eq(mpesaPayments.businessId, row.businessId),
          eq(mpesaPayments.id, row.id),
          eq(mpesaPayments.status, "pending"),
        ),
      )
      .returning({ id: mpesaPayments.id });
    if (settled.length) mpesaSettled.inc({ kind: "stk", result: success ? "confirmed" : "failed" });
  } catch (err) {
    if (!isUniqueViolation(err, "mpesa_payments_receipt_key")) throw err;
    // The code is already on another payment of the business: confirm without it, never twice.
    await settleStk(db, row, result, null, now);
  }
}

/** The receipt number of a stored success callback for the amount asked (a query carries none). */
function storedReceipt(row: PaymentRow): string | null {
  const parsed = darajaCallbackSchema.safeParse(row.raw);
  if (!parsed.success || parsed.data.Body.stkCallback.ResultCode !== STK_RESULT.SUCCESS) return null;
  const meta = callbackReceipt(parsed.data.Body.stkCallback.CallbackMetadata);
  return meta.receipt && meta.amount !== null && Math.round(meta.amount * 100) === row.amount
    ? meta.receipt.slice(0, 64)
    : null;
}

/**
 * Daraja's STK callback for a till push. Believed only if it comes with the installation's token,
 * names a push this server sent, and (for a success) carries the amount asked and a receipt
 * number; then Daraja's STK Query decides. Anything else changes nothing (one short log line).
 */
export async function handleStkCallback(
  deps: TillMpesaDeps,
  fillMpesaReference: FillSaleReference,
  token: string | null,
  body: DarajaCallback,
  now = new Date(),
): Promise<void> {
  const cb = body.Body.stkCallback;
  const ignore = (reason: string) =>
    deps.log.warn(
      { checkoutRequestId: cb.CheckoutRequestID.slice(0, 64), resultCode: cb.ResultCode, reason },
      "Till M-Pesa callback ignored",
    );
  if (!isCallbackTokenOf(token, deps.callbackToken)) return ignore("not sent to this installation's callback address");
  const [row] = await deps.db
    .select()
    .from(mpesaPayments)
    .where(and(eq(mpesaPayments.checkoutRequestId, cb.CheckoutRequestID), eq(mpesaPayments.source, "stk")));
  if (!row) return ignore("unknown CheckoutRequestID");
  if (cb.ResultCode === STK_RESULT.SUCCESS) {
    const meta = callbackReceipt(cb.CallbackMetadata);
    if (meta.amount === null || meta.receipt === null) return ignore("a success without Amount and MpesaReceiptNumber");
    if (Math.round(meta.amount * 100) !== row.amount) return ignore("a success for another amount than asked");
    if (!/^[A-Z0-9]{6,20}$/.test(meta.receipt)) return ignore("a receipt number that is not an M-Pesa code");
  }
  if (row.status !== "pending") {
    // Confirmed first by a query, which carries no receipt number: keep the callback's.
    if (row.status === "confirmed" && !row.receipt && cb.ResultCode === STK_RESULT.SUCCESS) {
      const receipt = callbackReceipt(cb.CallbackMetadata).receipt!;
      await deps.db
        .transaction(async (tx) => {
          const [kept] = await tx
            .update(mpesaPayments)
            .set({ receipt, raw: body, updatedAt: now })
            .where(
              and(
                eq(mpesaPayments.businessId, row.businessId),
                eq(mpesaPayments.id, row.id),
                isNull(mpesaPayments.receipt),
              ),
            )
            .returning({ saleId: mpesaPayments.saleId });
          // The sale it already paid shows the code too.
          if (kept?.saleId) await fillMpesaReference(tx, row.businessId, kept.saleId, { amount: row.amount, receipt });
        })
        .catch((err: unknown) => {
          if (!isUniqueViolation(err, "mpesa_payments_receipt_key")) throw err;
        });
    }
    return;
  }
  await deps.db
    .update(mpesaPayments)
    .set({ raw: body, updatedAt: now })
    .where(and(eq(mpesaPayments.businessId, row.businessId), eq(mpesaPayments.id, row.id)));
  const found = await businessClient(deps.db, deps, row.businessId);
  if (!found) return ignore("the business has no M-Pesa credentials now");
  let result: StkQueryResult;
  try {
    result = await found.client.stkQuery(cb.CheckoutRequestID, now);
  } catch {
    return ignore("Daraja's query failed: the payment stays pending for the next query");
  }
  if (result.state === "processing") return ignore("Daraja's query says it is still in progress");
  if ((result.resultCode === STK_RESULT.SUCCESS) !== (cb.ResultCode === STK_RESULT.SUCCESS))
    ignore("contradicted by Daraja's query (the query is believed)");
  await settleStk(deps.db, { ...row, raw: body }, result, storedReceipt({ ...row, raw: body }), now);
}
