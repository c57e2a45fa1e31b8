import { z } from "zod";

/** Kenyan mobile numbers as people type them: 10 digits starting 07 or 01. */
export const KENYAN_PHONE_PATTERN = /^0[17]\d{8}$/;

export const kenyanPhoneSchema = z
  .string()
  .trim()
  .regex(KENYAN_PHONE_PATTERN, "Enter a 10-digit phone number starting 07 or 01");

/** Mpesa numbers are exactly 10 digits (spec section 5). */
export const mpesaPhoneSchema = z
  .string()
  .trim()
  .regex(/^\d{10}$/, "Enter exactly 10 digits");
