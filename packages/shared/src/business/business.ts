import { z } from "zod";

/** The kinds of business the product knows; they change which menus and areas exist. */
export const BUSINESS_TYPES = ["general", "hotel", "clinic", "payroll"] as const;
export type BusinessType = (typeof BUSINESS_TYPES)[number];

export const DEFAULT_TIME_ZONE = "Africa/Nairobi";

/** A business as the API returns it. */
export const businessSchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  businessType: z.enum(BUSINESS_TYPES),
  accountActive: z.boolean(),
  timeZone: z.string(),
  createdAt: z.string(),
});
export type Business = z.infer<typeof businessSchema>;

/** The owner's view adds the staff access code used to pair staff devices. */
export const businessSettingsSchema = businessSchema.extend({
  staffAccessCode: z.string(),
});
export type BusinessSettings = z.infer<typeof businessSettingsSchema>;

/** Owner edits of a business (name and type); support users may also flip accountActive. */
export const updateBusinessInputSchema = z
  .object({
    name: z.string().trim().min(2).max(120).optional(),
    businessType: z.enum(BUSINESS_TYPES).optional(),
    accountActive: z.boolean().optional(),
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
