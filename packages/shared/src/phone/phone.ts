import { z } from "zod";
import { KENYAN_PHONE_PATTERN } from "./phone-rules.ts";

export * from "./phone-rules.ts";

export const kenyanPhoneSchema = z
  .string()
  .trim()
  .regex(KENYAN_PHONE_PATTERN, "Enter a 10-digit phone number starting 07 or 01");

/** Mpesa numbers are exactly 10 digits (spec section 5). */
export const mpesaPhoneSchema = z
  .string()
  .trim()
  .regex(/^\d{10}$/, "Enter exactly 10 digits");
