import { z } from "zod";
import { kraPinSchema } from "../tax/vat.ts";
import { CASH_ROUNDING_STEPS } from "../pos/discounts.ts";

/** A business's cash rounding: 0 (none), 1, 5 or 10 shillings. */
export const cashRoundingSchema = z.union(
  CASH_ROUNDING_STEPS.map((s) => z.literal(s)) as [z.ZodLiteral<0>, z.ZodLiteral<1>, z.ZodLiteral<5>, z.ZodLiteral<10>],
);

/** The kinds of business the product knows; they change which menus and areas exist. */
export const BUSINESS_TYPES = ["general", "hotel", "clinic", "payroll"] as const;
export type BusinessType = (typeof BUSINESS_TYPES)[number];

export const DEFAULT_TIME_ZONE = "Africa/Nairobi";

/**
 * The runtime's own spelling of a time zone name ("america/new_york" -> "America/New_York"),
 * or null when it is not one. Only names: offsets such as "+03:00" are refused, since a
 * fixed offset ignores daylight saving wherever the business is.
 */
export function canonicalTimeZone(name: string): string | null {
  if (!/^[A-Za-z]/.test(name)) return null;
  try {
    return new Intl.DateTimeFormat(undefined, { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** An IANA time zone name, stored as the runtime spells it; business days start at its midnight. */
export const timeZoneSchema = z
  .string()
  .trim()
  .max(64)
  .refine((name) => canonicalTimeZone(name) !== null, {
    message: "Not a known time zone; choose one such as Africa/Nairobi",
  })
  .overwrite((name) => canonicalTimeZone(name) ?? name);

/**
 * Why an account is inactive. lapsed: its subscription ran out (a payment lifts it).
 * suspended: provider support switched it off (only support lifts it).
 */
export const INACTIVE_REASONS = ["lapsed", "suspended"] as const;
export type InactiveReason = (typeof INACTIVE_REASONS)[number];

/** A business as the API returns it. */
export const businessSchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  businessType: z.enum(BUSINESS_TYPES),
  accountActive: z.boolean(),
  /** null while the account is active. */
  inactiveReason: z.enum(INACTIVE_REASONS).nullable(),
  timeZone: z.string(),
  /** The business's KRA PIN, printed on its invoices and receipts (eTIMS). */
  kraPin: z.string().nullable(),
  /** Registered for VAT: its products default to band B (16%), else everything is D (non-VAT). */
  vatRegistered: z.boolean(),
  /** Cash totals at the till round to the nearest 1, 5 or 10 shillings; 0: no rounding (pos/discounts.ts). */
  cashRounding: cashRoundingSchema,
  /** Its address as printed on documents. */
  address: z.string().nullable(),
  createdAt: z.string(),
});
export type Business = z.infer<typeof businessSchema>;

/**
 * GET /api/businesses: without these, every business the caller may act for, oldest first (spec
 * section 7, the business switcher). With any of them (support's list: thousands), one page of
 * those whose name contains `q`, newest first, and how many match: { items, total }.
 */
export const listBusinessesQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(0).optional(),
  pageSize: z.coerce.number().int().min(1).max(100).optional(),
});
export type ListBusinessesQuery = z.infer<typeof listBusinessesQuerySchema>;
export const businessPageSchema = z.object({ items: z.array(businessSchema), total: z.number().int() });
export type BusinessPage = z.infer<typeof businessPageSchema>;
export const BUSINESS_PAGE_SIZE = 10;

/** The owner's view adds the staff access code used to pair staff devices. */
export const businessSettingsSchema = businessSchema.extend({
  staffAccessCode: z.string(),
});
export type BusinessSettings = z.infer<typeof businessSettingsSchema>;

/** Owner edits of a business (name, type, time zone); support users may also flip accountActive. */
export const updateBusinessInputSchema = z
  .object({
    name: z.string().trim().min(2).max(120).optional(),
    businessType: z.enum(BUSINESS_TYPES).optional(),
    timeZone: timeZoneSchema.optional(),
    accountActive: z.boolean().optional(),
    kraPin: z
      .union([kraPinSchema, z.literal("").transform(() => null)])
      .nullable()
      .optional(),
    vatRegistered: z.boolean().optional(),
    cashRounding: cashRoundingSchema.optional(),
    address: z
      .string()
      .trim()
      .max(300, "At most 300 characters")
      .transform((v) => v || null)
      .nullable()
      .optional(),
  })
  .refine((v) => Object.keys(v).length > 0, { message: "Nothing to update" });
export type UpdateBusinessInput = z.infer<typeof updateBusinessInputSchema>;

/** Staff access codes: 8 characters, no look-alike letters, so they can be read aloud. */
export const STAFF_CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
export const STAFF_CODE_LENGTH = 8;
export const staffAccessCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{8}$/, "The access code has 8 letters or digits");
