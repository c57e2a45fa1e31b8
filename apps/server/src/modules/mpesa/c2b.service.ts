import { tz } from "@date-fns/tz";
import { parse } from "date-fns";
import { moneyDateProblem } from "@app/shared/money/money-date";
import type { Tx } from "../../db/client.ts";
import { now } from "../../platform/clock.ts";
import { isCallbackTokenOf } from "./callback-token.ts";
import { businessClient, c2bTokenOf } from "./credentials.service.ts";
import type { TillMpesaDeps } from "./mpesa-deps.ts";
import { mpesaPayments } from "./mpesa.table.ts";
import { mpesaSettled } from "../../platform/metrics.ts";

// C2B: payments customers make to the till or paybill, which Daraja confirms to us. Paying what
// their account number names crosses areas: flows/paybill.ts.

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
  const expected = await c2bTokenOf(deps.db, deps, businessId).catch(() => null);
  if (!expected) return { ok: false, reason: "the business has no M-Pesa credentials", code: "C2B00015" };
  // Its own token (the installation's only for credentials registered before each business had one).
  if (!isCallbackTokenOf(token, expected))
    return { ok: false, reason: "not sent to this business's address", code: "C2B00016" };
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
  // The money date rule every other payment follows: not in the future, not before 2000.
  if (moneyDateProblem(paidAt, now())) return { ok: false, reason: "a TransTime out of range", code: "C2B00016" };
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

/** A C2B confirmation as stored: the payment's id, and the account number the customer typed. */
export type StoredC2b = { id: string; accountNumber: string | null; amount: number; paidAt: Date; receipt: string };

/**
 * Daraja's confirmation of a customer's payment, checked and stored once per TransID (a repeat
 * changes nothing: null) with its raw payload, in the caller's transaction. A confirmation that
 * fails a check is not stored ("ignored", with one log line). flows/paybill.ts then pays what
 * its account number names.
 */
export async function storeC2bConfirmation(
  tx: Tx,
  deps: TillMpesaDeps,
  token: string | null,
  businessId: string,
  body: C2bBody,
): Promise<StoredC2b | "duplicate" | "ignored"> {
  const check = await checkC2b(deps, token, businessId, body);
  if (!check.ok) {
    deps.log.warn({ businessId, reason: check.reason }, "M-Pesa C2B confirmation ignored");
    mpesaSettled.inc({ kind: "c2b", result: "refused" });
    return "ignored";
  }
  const accountNumber = body.BillRefNumber ? String(body.BillRefNumber).slice(0, 40) : null;
  const [inserted] = await tx
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
  if (!inserted) return "duplicate";
  mpesaSettled.inc({ kind: "c2b", result: "confirmed" });
  return { id: inserted.id, accountNumber, amount: check.amount, paidAt: check.paidAt, receipt: body.TransID };
}
