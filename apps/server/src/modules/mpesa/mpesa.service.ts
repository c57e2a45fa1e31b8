import { randomUUID } from "node:crypto";
import { and, desc, eq, isNull, type SQL } from "drizzle-orm";
import { tz } from "@date-fns/tz";
import { parse } from "date-fns";
import {
  failureOf,
  maskPhone,
  maskShortcode,
  normaliseAccountNumber,
  STK_RESULT,
  type MpesaCredentialsInput,
  type MpesaSettings,
  type StkPushInput,
  type TillPayment,
  type UnclaimedQuery,
} from "@app/shared/mpesa/mpesa";
import {
  callbackReceipt,
  darajaCallbackSchema,
  mpesaAmount,
  type DarajaCallback,
} from "@app/shared/subscriptions/mpesa";
import { allFlags } from "@app/shared/accounts/auth";
import { normalizeKenyanPhone } from "@app/shared/phone/phone";
import type { DbOrTx, Tx } from "../../db/client.ts";
import type { ActorCtx, Ctx } from "../../platform/context.ts";
import { AppError, conflict, isUniqueViolation, notFound } from "../../platform/errors.ts";
import { runIdempotent } from "../../platform/idempotency.ts";
import { findCustomerByPhone } from "../customers/customers.public.ts";
import {
  applyPaybillCustomerPayment,
  applyPaybillPayment,
  fillMpesaReference,
  findSaleByNumber,
} from "../sales/sales.public.ts";
import { businesses } from "../businesses/businesses.public.ts";
import { applyPaybillInvoicePayment, findInvoiceByNumber } from "../sales-documents/sales-documents.public.ts";
import { DarajaClient, ProviderError, type StkQueryResult } from "../subscriptions/subscriptions.public.ts";
import type { TillMpesaDeps } from "./mpesa-deps.ts";
import { mpesaCredentials, mpesaPayments } from "./mpesa.table.ts";
import { isCallbackTokenOf } from "./callback-token.ts";

type Credentials = { shortcode: string; passkey: string; consumerKey: string; consumerSecret: string };
type PaymentRow = typeof mpesaPayments.$inferSelect;

/** The associated data a business's sealed credentials are bound to. */
const sealContext = (businessId: string) => `mpesa-credentials:${businessId}`;

// ---- Settings -------------------------------------------------------------------------------

export async function getSettings(ctx: Ctx, deps: TillMpesaDeps): Promise<MpesaSettings> {
  const [row] = await ctx.db.select().from(mpesaCredentials).where(eq(mpesaCredentials.businessId, ctx.businessId));
  if (!row) return { configured: false, kind: null, shortcodeHint: null, updatedAt: null, c2bRegisteredAt: null };
  const creds = openCredentials(deps, row);
  return {
    configured: true,
    kind: row.kind,
    shortcodeHint: creds ? maskShortcode(creds.shortcode) : null,
    updatedAt: row.updatedAt.toISOString(),
    c2bRegisteredAt: row.c2bRegisteredAt?.toISOString() ?? null,
  };
}

/** Stores (replaces) the business's credentials, sealed; the C2B URLs must then be registered again. */
export async function saveCredentials(
  ctx: Ctx,
  deps: TillMpesaDeps,
  input: MpesaCredentialsInput,
): Promise<MpesaSettings> {
  const creds: Credentials = {
    shortcode: input.shortcode,
    passkey: input.passkey,
    consumerKey: input.consumerKey,
    consumerSecret: input.consumerSecret,
  };
  const sealed = deps.box.seal(JSON.stringify(creds), sealContext(ctx.businessId));
  const values = { kind: input.kind, sealed, updatedBy: ctx.user.details.username, updatedAt: new Date() };
  await ctx.db
    .insert(mpesaCredentials)
    .values({ businessId: ctx.businessId, ...values })
    .onConflictDoUpdate({ target: mpesaCredentials.businessId, set: { ...values, c2bRegisteredAt: null } });
  clients.delete(ctx.businessId);
  return getSettings(ctx, deps);
}

function openCredentials(deps: TillMpesaDeps, row: typeof mpesaCredentials.$inferSelect): Credentials | null {
  try {
    return JSON.parse(deps.box.open(row.sealed, sealContext(row.businessId))) as Credentials;
  } catch {
    deps.log.error({ businessId: row.businessId }, "M-Pesa credentials could not be opened (wrong CREDENTIALS_KEY?)");
    return null;
  }
}

/** Daraja clients per business, kept while its credentials stay the same (the OAuth token is cached inside). */
const clients = new Map<string, { stamp: number; client: DarajaClient; shortcode: string }>();

const notConfigured = () =>
  new AppError(
    "NOT_CONFIGURED",
    "M-Pesa is not set up for this business. The owner enters the Daraja shortcode, passkey, consumer key and secret in Settings.",
  );

async function businessClient(
  db: DbOrTx,
  deps: TillMpesaDeps,
  businessId: string,
): Promise<{ client: DarajaClient; shortcode: string } | null> {
  const [row] = await db.select().from(mpesaCredentials).where(eq(mpesaCredentials.businessId, businessId));
  if (!row || !deps.publicUrl) return null;
  const cached = clients.get(businessId);
  if (cached && cached.stamp === row.updatedAt.getTime()) return cached;
  const creds = openCredentials(deps, row);
  if (!creds) return null;
  const client = new DarajaClient({
    ...creds,
    baseUrl: deps.darajaBaseUrl,
    callbackUrl: `${deps.publicUrl}/api/lipa/stk`,
    callbackToken: deps.callbackToken,
    transactionType: row.kind === "till" ? "CustomerBuyGoodsOnline" : "CustomerPayBillOnline",
  });
  const entry = { stamp: row.updatedAt.getTime(), client, shortcode: creds.shortcode };
  clients.set(businessId, entry);
  return entry;
}

async function requireClient(ctx: Ctx, deps: TillMpesaDeps) {
  const found = await businessClient(ctx.db, deps, ctx.businessId);
  if (!found) throw notConfigured();
  return found;
}

/** The addresses Daraja sends this business's customer payments to (C2B). */
export function c2bUrls(deps: TillMpesaDeps, businessId: string) {
  const base = `${deps.publicUrl}/api/lipa/c2b/${deps.callbackToken}/${businessId}`;
  return { confirmationUrl: `${base}/confirmation`, validationUrl: `${base}/validation` };
}

/** Registers the confirmation and validation URLs with Daraja (Settings button, npm run mpesa:register-c2b). */
export async function registerC2b(db: DbOrTx, deps: TillMpesaDeps, businessId: string): Promise<Date> {
  const found = await businessClient(db, deps, businessId);
  if (!found) throw notConfigured();
  try {
    await found.client.registerC2bUrls(c2bUrls(deps, businessId));
  } catch (err) {
    if (err instanceof ProviderError) throw new AppError("PAYMENT_PROVIDER_ERROR", err.message);
    throw err;
  }
  const at = new Date();
  await db.update(mpesaCredentials).set({ c2bRegisteredAt: at }).where(eq(mpesaCredentials.businessId, businessId));
  return at;
}

// ---- Payments as the till sees them ---------------------------------------------------------

export function toTillPayment(r: PaymentRow): TillPayment {
  return {
    _id: r.id,
    source: r.source,
    status: r.status,
    amount: r.amount,
    receipt: r.receipt,
    maskedPhone: maskPhone(r.phone),
    firstName: r.firstName,
    accountNumber: r.accountNumber,
    paidAt: r.paidAt.toISOString(),
    failure: r.status === "failed" ? (failureOf(r.resultCode) ?? "other") : null,
    resultCode: r.resultCode,
    matched:
      r.matchedKind && r.matchedId ? { kind: r.matchedKind, id: r.matchedId, label: r.matchedLabel ?? "" } : null,
    saleId: r.saleId,
    createdAt: r.createdAt.toISOString(),
  };
}

async function paymentOf(db: DbOrTx, businessId: string, id: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(mpesaPayments)
    .where(and(eq(mpesaPayments.businessId, businessId), eq(mpesaPayments.id, id)));
  return row;
}

/** The business that owns a till payment (tenancy guard of /api/mpesa/payments/{id}). */
export async function businessIdOfPayment(db: DbOrTx, id: string): Promise<string | null> {
  const [row] = await db.select({ b: mpesaPayments.businessId }).from(mpesaPayments).where(eq(mpesaPayments.id, id));
  return row?.b ?? null;
}

/** Unclaimed, confirmed payments (newest first), of exactly the amount due when given. */
export async function listUnclaimed(ctx: Ctx, q: UnclaimedQuery): Promise<TillPayment[]> {
  const where: (SQL | undefined)[] = [
    eq(mpesaPayments.businessId, ctx.businessId),
    eq(mpesaPayments.status, "confirmed"),
    isNull(mpesaPayments.saleId),
    isNull(mpesaPayments.claimedAt), // an invoice paid by account number has no sale but is taken
    q.amount !== undefined ? eq(mpesaPayments.amount, q.amount) : undefined,
    q.receipt ? eq(mpesaPayments.receipt, q.receipt) : undefined,
  ];
  const rows = await ctx.db
    .select()
    .from(mpesaPayments)
    .where(and(...where))
    .orderBy(desc(mpesaPayments.paidAt))
    .limit(50);
  return rows.map(toTillPayment);
}

// ---- STK push from the checkout -------------------------------------------------------------

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
        deps.log.warn({ paymentId: id, error: String(err).slice(0, 200) }, "M-Pesa STK query failed; still pending");
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
    await db
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
      );
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

// ---- C2B: payments customers make to the till or paybill -----------------------------------

export type C2bBody = {
  TransactionType?: string;
  TransID: string;
  TransTime: string;
  TransAmount: string | number;
  BusinessShortCode: string | number;
  BillRefNumber?: string | null;
  InvoiceNumber?: string | null;
  MSISDN?: string | number | null;
  FirstName?: string | null;
  MiddleName?: string | null;
  LastName?: string | null;
};

type C2bCheck = { ok: true; amount: number; paidAt: Date } | { ok: false; reason: string; code: string };

async function checkC2b(
  deps: TillMpesaDeps,
  token: string | null,
  businessId: string,
  body: C2bBody,
): Promise<C2bCheck> {
  if (!isCallbackTokenOf(token, deps.callbackToken))
    return { ok: false, reason: "not sent to this installation's address", code: "C2B00016" };
  const found = await businessClient(deps.db, deps, businessId).catch(() => null);
  if (!found) return { ok: false, reason: "the business has no M-Pesa credentials", code: "C2B00015" };
  if (String(body.BusinessShortCode) !== found.shortcode)
    return { ok: false, reason: "another shortcode than the business's", code: "C2B00015" };
  const shillings = Number(body.TransAmount);
  if (!Number.isInteger(shillings) || shillings < 1 || shillings > 1_000_000_000)
    return { ok: false, reason: "not a whole amount of shillings", code: "C2B00013" };
  if (!/^[A-Z0-9]{6,20}$/.test(body.TransID)) return { ok: false, reason: "not an M-Pesa code", code: "C2B00016" };
  const paidAt = /^\d{14}$/.test(body.TransTime)
    ? parse(body.TransTime, "yyyyMMddHHmmss", new Date(), { in: tz("Africa/Nairobi") })
    : new Date(NaN);
  if (Number.isNaN(paidAt.getTime())) return { ok: false, reason: "no valid TransTime", code: "C2B00016" };
  return { ok: true, amount: shillings * 100, paidAt: new Date(paidAt.getTime()) };
}

/** Daraja's validation request: accept what the confirmation would store, refuse the rest. */
export async function handleC2bValidation(
  deps: TillMpesaDeps,
  token: string | null,
  businessId: string,
  body: C2bBody,
): Promise<{ ResultCode: string; ResultDesc: string }> {
  const check = await checkC2b(deps, token, businessId, body);
  return check.ok ? { ResultCode: "0", ResultDesc: "Accepted" } : { ResultCode: check.code, ResultDesc: "Rejected" };
}

/**
 * Daraja's confirmation of a customer's payment: stored once per TransID (a repeat changes
 * nothing) with its raw payload, then matched by account number when it names a sale, an
 * invoice or a customer. A confirmation that fails a check is not stored.
 */
export async function handleC2bConfirmation(
  deps: TillMpesaDeps,
  token: string | null,
  businessId: string,
  body: C2bBody,
): Promise<"stored" | "duplicate" | "ignored"> {
  const check = await checkC2b(deps, token, businessId, body);
  if (!check.ok) {
    deps.log.warn({ businessId, reason: check.reason }, "M-Pesa C2B confirmation ignored");
    return "ignored";
  }
  const accountNumber = body.BillRefNumber ? String(body.BillRefNumber).slice(0, 40) : null;
  return deps.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(mpesaPayments)
      .values({
        businessId,
        source: "c2b",
        status: "confirmed",
        amount: check.amount,
        phone: body.MSISDN === undefined || body.MSISDN === null ? null : String(body.MSISDN).slice(0, 40),
        firstName: body.FirstName ? String(body.FirstName).slice(0, 60) : null,
        receipt: body.TransID,
        accountNumber,
        paidAt: check.paidAt,
        raw: body,
      })
      .onConflictDoNothing()
      .returning({ id: mpesaPayments.id });
    if (!inserted[0]) return "duplicate" as const;
    const match = accountNumber ? await matchAccountNumber(tx, businessId, inserted[0].id, accountNumber) : null;
    // In a savepoint: whatever goes wrong in paying what it names, the confirmation itself is
    // kept (Daraja does not send it again once answered), and waits, labelled, to be claimed.
    if (match) {
      const payment = { amount: check.amount, paidAt: check.paidAt, receipt: body.TransID };
      await tx
        .transaction((sp) => payNamed(sp, businessId, inserted[0]!.id, match, payment))
        .catch((err: unknown) =>
          deps.log.error(
            { businessId, receipt: body.TransID, err },
            "M-Pesa C2B payment stored, but paying what its account number names failed",
          ),
        );
    }
    return "stored" as const;
  });
}

type AccountMatch = { kind: "sale" | "invoice" | "customer"; id: string; label: string };

/**
 * A paybill account number that names a sale ("123", "S123", "#123"), an invoice ("INV-000123")
 * or a customer (their phone number) is matched to it: the payment then shows whose it is.
 */
async function matchAccountNumber(
  tx: Tx,
  businessId: string,
  paymentId: string,
  typed: string,
): Promise<AccountMatch | null> {
  const ref = normaliseAccountNumber(typed);
  let match: AccountMatch | null = null;
  const saleNo = /^S?(\d{1,9})$/.exec(ref);
  const invoiceNo = /^INV-?(\d{1,9})$/.exec(ref);
  if (saleNo) {
    const sale = await findSaleByNumber(tx, businessId, Number(saleNo[1]));
    if (sale) match = { kind: "sale", id: sale.id, label: `Sale #${sale.saleNumber}` };
  } else if (invoiceNo) {
    const invoice = await findInvoiceByNumber(tx, businessId, Number(invoiceNo[1]));
    if (invoice) match = { kind: "invoice", id: invoice.id, label: `INV-${invoiceNo[1]!.padStart(6, "0")}` };
  }
  if (!match && normalizeKenyanPhone(ref)) {
    const customer = await findCustomerByPhone(tx, businessId, ref);
    if (customer) match = { kind: "customer", id: customer.id, label: customer.name };
  }
  if (!match) return null;
  await tx
    .update(mpesaPayments)
    .set({ matchedKind: match.kind, matchedId: match.id, matchedLabel: match.label })
    .where(and(eq(mpesaPayments.businessId, businessId), eq(mpesaPayments.id, paymentId)));
  return match;
}

/** Who a payment applied by account number is recorded as: the paybill, acting for the owner. */
export const PAYBILL_ACTOR_NAME = "M-Pesa paybill";

/**
 * A paybill payment naming a credit sale, an invoice or a customer (by phone: their credit sales,
 * oldest first) pays it, in the confirmation's transaction: M-Pesa payments with the code, in the
 * cash book, and this payment marked taken (attached to the sale when it named one) so no till
 * can claim it again. When what it names cannot take it all (voided or cancelled, not on credit,
 * owing less, or sold after the payment) nothing changes: the payment waits, labelled, to be claimed.
 */
async function payNamed(
  tx: Tx,
  businessId: string,
  paymentId: string,
  match: AccountMatch,
  payment: { amount: number; paidAt: Date; receipt: string },
): Promise<void> {
  const [business] = await tx
    .select({ ownerId: businesses.ownerId })
    .from(businesses)
    .where(eq(businesses.id, businessId));
  if (!business) return;
  const actor: ActorCtx = {
    businessId,
    user: {
      kind: "admin",
      userId: business.ownerId,
      details: {
        _id: business.ownerId,
        username: PAYBILL_ACTOR_NAME,
        image: null,
        occupation: "",
        ...allFlags(false),
        isSupportUser: false,
      },
    },
  };
  const paid =
    match.kind === "sale"
      ? await applyPaybillPayment(tx, actor, match.id, payment)
      : match.kind === "invoice"
        ? await applyPaybillInvoicePayment(tx, actor, match.id, payment)
        : await applyPaybillCustomerPayment(tx, actor, match.id, payment);
  if (!paid) return;
  await tx
    .update(mpesaPayments)
    .set({
      saleId: match.kind === "sale" ? match.id : null,
      claimedBy: PAYBILL_ACTOR_NAME,
      claimedAt: new Date(),
      updatedAt: new Date(),
    })
    .where(and(eq(mpesaPayments.businessId, businessId), eq(mpesaPayments.id, paymentId)));
}

// ---- Claiming a payment for a sale ----------------------------------------------------------

/**
 * Attaches a confirmed, unclaimed M-Pesa payment of exactly `amount` to a sale, inside the sale's
 * transaction: one conditional UPDATE, so of two sales claiming it at once only one gets it.
 * Returns the M-Pesa code (the sale's payment reference); 409 when it is taken, not confirmed,
 * or of another amount.
 */
export async function claimForSale(
  tx: Tx,
  businessId: string,
  claim: { paymentId: string; saleId: string; amount: number; by: string },
): Promise<string | null> {
  const [row] = await tx
    .update(mpesaPayments)
    .set({ saleId: claim.saleId, claimedBy: claim.by, claimedAt: new Date(), updatedAt: new Date() })
    .where(
      and(
        eq(mpesaPayments.businessId, businessId),
        eq(mpesaPayments.id, claim.paymentId),
        eq(mpesaPayments.status, "confirmed"),
        eq(mpesaPayments.amount, claim.amount),
        isNull(mpesaPayments.saleId),
        isNull(mpesaPayments.claimedAt),
      ),
    )
    .returning({ receipt: mpesaPayments.receipt });
  if (!row)
    throw conflict(
      "This M-Pesa payment is not available: it is already attached to another sale, not confirmed, or of another amount.",
      { payments: "M-Pesa payment not available" },
    );
  return row.receipt;
}
