import { z } from "zod";
import { centsSchema } from "../money/limits.ts";
import { kenyanPhoneSchema } from "../phone/phone.ts";

/**
 * M-Pesa at the counter: the business's own Daraja credentials, STK pushes sent from the checkout,
 * and customer-initiated payments (C2B) to its till or paybill, each claimed by one sale.
 */

/** A paybill carries an account number (BillRefNumber); a till (Buy Goods) does not. */
export const MPESA_SHORTCODE_KINDS = ["paybill", "till"] as const;
export type MpesaShortcodeKind = (typeof MPESA_SHORTCODE_KINDS)[number];

/** Settings (owner only): every field is stored encrypted and never sent back in clear. */
export const mpesaCredentialsInputSchema = z.object({
  businessId: z.uuid(),
  kind: z.enum(MPESA_SHORTCODE_KINDS),
  shortcode: z
    .string()
    .trim()
    .regex(/^\d{5,7}$/, "Enter the 5-7 digit paybill or till number"),
  passkey: z.string().trim().min(10, "Enter the passkey from the Daraja portal").max(200),
  consumerKey: z.string().trim().min(8, "Enter the consumer key from the Daraja portal").max(200),
  consumerSecret: z.string().trim().min(8, "Enter the consumer secret from the Daraja portal").max(200),
});
export type MpesaCredentialsInput = z.infer<typeof mpesaCredentialsInputSchema>;

/** What the API says of the stored credentials: whether they are set, with the shortcode masked. */
export const mpesaSettingsSchema = z.object({
  configured: z.boolean(),
  kind: z.enum(MPESA_SHORTCODE_KINDS).nullable(),
  /** "****379": enough to recognise, not to copy. */
  shortcodeHint: z.string().nullable(),
  updatedAt: z.string().nullable(),
  /** When the confirmation and validation URLs were last registered with Daraja (C2B). */
  c2bRegisteredAt: z.string().nullable(),
});
export type MpesaSettings = z.infer<typeof mpesaSettingsSchema>;

/** "174379" -> "****379". */
export function maskShortcode(shortcode: string): string {
  return `****${shortcode.slice(-3)}`;
}

export const MPESA_PAYMENT_SOURCES = ["stk", "c2b"] as const;
export const MPESA_PAYMENT_STATUSES = ["pending", "confirmed", "failed"] as const;
export type MpesaPaymentStatus = (typeof MPESA_PAYMENT_STATUSES)[number];

/** Why an STK push failed, as the checkout explains it (Daraja result codes). */
export const MPESA_FAILURES = ["cancelled", "unreachable", "wrong_pin", "duplicate", "insufficient", "other"] as const;
export type MpesaFailure = (typeof MPESA_FAILURES)[number];

/** Daraja's STK result codes the checkout explains: 1032, 1037, 2001, 17 (and 1: low balance). */
export const STK_RESULT = {
  SUCCESS: 0,
  INSUFFICIENT: 1,
  DUPLICATE: 17,
  CANCELLED: 1032,
  UNREACHABLE: 1037,
  WRONG_PIN: 2001,
} as const;

export function failureOf(resultCode: number | null): MpesaFailure | null {
  switch (resultCode) {
    case null:
    case STK_RESULT.SUCCESS:
      return null;
    case STK_RESULT.CANCELLED:
      return "cancelled";
    case STK_RESULT.UNREACHABLE:
      return "unreachable";
    case STK_RESULT.WRONG_PIN:
      return "wrong_pin";
    case STK_RESULT.DUPLICATE:
      return "duplicate";
    case STK_RESULT.INSUFFICIENT:
      return "insufficient";
    default:
      return "other";
  }
}

/** The checkout's STK push: the phone as typed and the amount due (whole shillings, in cents). */
export const stkPushInputSchema = z.object({
  businessId: z.uuid(),
  phone: kenyanPhoneSchema,
  amount: centsSchema
    .min(100, "M-Pesa takes at least KES 1")
    .refine((c) => c % 100 === 0, "M-Pesa takes whole shillings: round the amount"),
});
export type StkPushInput = z.infer<typeof stkPushInputSchema>;

/** One M-Pesa payment the business received (or asked for), as the till sees it. */
export const tillPaymentSchema = z.object({
  _id: z.uuid(),
  source: z.enum(MPESA_PAYMENT_SOURCES),
  status: z.enum(MPESA_PAYMENT_STATUSES),
  /** Cents (always whole shillings). */
  amount: z.number().int(),
  /** The M-Pesa code (receipt / TransID); null until confirmed. */
  receipt: z.string().nullable(),
  /** STK: the number typed, masked; C2B: Daraja's masked MSISDN. */
  maskedPhone: z.string().nullable(),
  firstName: z.string().nullable(),
  /** The paybill account number the customer typed (C2B paybill). */
  accountNumber: z.string().nullable(),
  /** When the money moved (C2B TransTime) or the push was sent. */
  paidAt: z.string(),
  failure: z.enum(MPESA_FAILURES).nullable(),
  resultCode: z.number().int().nullable(),
  /** What it was matched to by its account number, if anything ("Sale #12", "INV-0003", a customer). */
  matched: z.object({ kind: z.enum(["sale", "invoice", "customer"]), id: z.uuid(), label: z.string() }).nullable(),
  saleId: z.uuid().nullable(),
  createdAt: z.string(),
});
export type TillPayment = z.infer<typeof tillPaymentSchema>;

export const unclaimedQuerySchema = z.object({
  businessId: z.uuid(),
  /** The amount due, in cents: only payments of exactly this amount. */
  amount: z.coerce.number().int().min(0).max(100_000_000_000).optional(),
  /** An M-Pesa code the customer reads from the SMS. */
  receipt: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{6,20}$/)
    .optional(),
});
export type UnclaimedQuery = z.infer<typeof unclaimedQuerySchema>;

/** "254712345678" / "0712345678" -> "0712***678"; Daraja's own mask ("2547 ***** 126") is kept. */
export function maskPhone(phone: string | null | undefined): string | null {
  if (!phone) return null;
  const p = phone.trim();
  if (/^254[17]\d{8}$/.test(p)) return `0${p.slice(3, 6)}***${p.slice(-3)}`;
  if (/^0[17]\d{8}$/.test(p)) return `${p.slice(0, 4)}***${p.slice(-3)}`;
  return p.slice(0, 20);
}

/** A paybill account number as typed by a customer, for matching: upper case, no spaces or #. */
export function normaliseAccountNumber(ref: string | null | undefined): string {
  return (ref ?? "").toUpperCase().replace(/[\s#]/g, "").slice(0, 20);
}
