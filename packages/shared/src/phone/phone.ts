import { z } from "zod";
import { compactPhone, localKenyanPhone } from "./phone-rules.ts";

export * from "./phone-rules.ts";

export const KENYAN_PHONE_MESSAGE = "Enter a Kenyan mobile number, e.g. 0712 345 678";

/**
 * A Kenyan mobile number however it is typed or pasted (07..., 01..., 7..., 254..., +254..., with
 * spaces or dashes), kept in one form: 10 digits, 07... or 01....
 */
export const kenyanPhoneSchema = z.string().transform((typed, ctx) => {
  const local = localKenyanPhone(typed);
  if (local) return local;
  ctx.addIssue({ code: "custom", message: KENYAN_PHONE_MESSAGE });
  return z.NEVER;
});

/**
 * Mpesa numbers are exactly 10 digits (spec section 5); a Kenyan mobile number written any other
 * way (+254..., 254..., with spaces) is taken and kept as its 10 digits.
 */
export const mpesaPhoneSchema = z.string().transform((typed, ctx) => {
  const local = localKenyanPhone(typed);
  if (local) return local;
  const digits = compactPhone(typed);
  if (/^\d{10}$/.test(digits)) return digits;
  ctx.addIssue({ code: "custom", message: "Enter exactly 10 digits" });
  return z.NEVER;
});
