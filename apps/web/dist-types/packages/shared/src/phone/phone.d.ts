import { z } from "zod";
/** Kenyan mobile numbers as people type them: 10 digits starting 07 or 01. */
export declare const KENYAN_PHONE_PATTERN: RegExp;
export declare const kenyanPhoneSchema: z.ZodString;
/** Mpesa numbers are exactly 10 digits (spec section 5). */
export declare const mpesaPhoneSchema: z.ZodString;
