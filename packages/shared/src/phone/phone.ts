import { z } from "zod";
import { compactPhone, localKenyanPhone } from "./phone-rules.ts";

export * from "./phone-rules.ts";

export const KENYAN_PHONE_MESSAGE = "Enter a Kenyan mobile number, e.g. 0712 345 678";

/**
 * A Kenyan mobile number however it is typed or pasted (07..., 01..., 7..., 254..., +254..., with
 * spaces or dashes), kept in one form: 10 digits, 07... or 01....
 */
/**
 * What a typed phone may hold before it is read: digits and the separators people type, an optional
 * leading +. Stated as a pattern so the API's schema (OpenAPI) says what is accepted.
 */
export const TYPED_PHONE_PATTERN = /^\+?[\d\s\-.()]{7,24}$/;

export const kenyanPhoneSchema = z
  .string()
  .regex(TYPED_PHONE_PATTERN, KENYAN_PHONE_MESSAGE)
  .transform((typed, ctx) => {
    const local = localKenyanPhone(typed);
    if (local) return local;
    ctx.addIssue({ code: "custom", message: KENYAN_PHONE_MESSAGE });
    return z.NEVER;
  });

/**
 * Mpesa numbers are exactly 10 digits (spec section 5); a Kenyan mobile number written any other
 * way (+254..., 254..., with spaces) is taken and kept as its 10 digits.
 */
export const mpesaPhoneSchema = z
  .string()
  .regex(TYPED_PHONE_PATTERN, "Enter exactly 10 digits")
  .transform((typed, ctx) => {
    const local = localKenyanPhone(typed);
    if (local) return local;
    const digits = compactPhone(typed);
    if (/^\d{10}$/.test(digits)) return digits;
    ctx.addIssue({ code: "custom", message: "Enter exactly 10 digits" });
    return z.NEVER;
  });
