import { tz } from "@date-fns/tz";
import { format } from "date-fns";
import { z } from "zod";
import { normalizeKenyanPhone } from "../phone/phone.ts";
import { BILLING_TIME_ZONE } from "./constants.ts";

/** Daraja result codes the app treats specially; every other non-zero code is a failure. */
export const MPESA_RESULT = { SUCCESS: 0, CANCELLED_BY_USER: 1032, TIMEOUT: 1037 } as const;

/** "0712345678" / "0112345678" (as people type them) -> "254712345678" / "254112345678" (as Daraja wants). */
export function toMpesaMsisdn(phone: string): string {
  const msisdn = normalizeKenyanPhone(phone);
  if (!msisdn) throw new RangeError(`Not a Kenyan mobile number: ${phone}`);
  return msisdn;
}

/** Daraja's timestamp: yyyyMMddHHmmss in Nairobi time, whatever the server's zone. */
export function darajaTimestamp(at: Date): string {
  return format(at, "yyyyMMddHHmmss", { in: tz(BILLING_TIME_ZONE) });
}

/** Daraja's STK password: base64(shortcode + passkey + timestamp). */
export function darajaPassword(shortcode: string, passkey: string, timestamp: string): string {
  return btoa(`${shortcode}${passkey}${timestamp}`);
}

/** M-Pesa moves whole shillings: cents -> shillings, refusing a fraction. */
export function mpesaAmount(cents: number): number {
  if (!Number.isSafeInteger(cents) || cents % 100 !== 0)
    throw new RangeError(`M-Pesa takes whole shillings, not ${cents} cents`);
  return cents / 100;
}

const itemSchema = z.object({
  Name: z.string().max(100),
  Value: z.union([z.string().max(200), z.number()]).optional(),
});

/** The body Daraja POSTs to the CallBackURL when an STK push ends. */
export const darajaCallbackSchema = z.object({
  Body: z.object({
    stkCallback: z.object({
      MerchantRequestID: z.string().max(100),
      CheckoutRequestID: z.string().min(1).max(100),
      ResultCode: z.number().int(),
      ResultDesc: z.string().max(500),
      CallbackMetadata: z.object({ Item: z.array(itemSchema).max(20) }).optional(),
    }),
  }),
});
export type DarajaCallback = z.infer<typeof darajaCallbackSchema>;

/** The receipt number and amount (shillings) of a successful callback's metadata. */
export function callbackReceipt(meta: DarajaCallback["Body"]["stkCallback"]["CallbackMetadata"]): {
  receipt: string | null;
  amount: number | null;
} {
  const value = (name: string) => meta?.Item.find((i) => i.Name === name)?.Value;
  const receipt = value("MpesaReceiptNumber");
  const amount = value("Amount");
  return {
    receipt: receipt === undefined ? null : String(receipt),
    amount: amount === undefined ? null : Number(amount),
  };
}
