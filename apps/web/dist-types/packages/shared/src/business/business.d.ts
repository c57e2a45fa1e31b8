import { z } from "zod";
/** The kinds of business the product knows; they change which menus and areas exist. */
export declare const BUSINESS_TYPES: readonly ["general", "hotel", "clinic", "payroll"];
export type BusinessType = (typeof BUSINESS_TYPES)[number];
export declare const DEFAULT_TIME_ZONE = "Africa/Nairobi";
/** A business as the API returns it. */
export declare const businessSchema: z.ZodObject<{
    _id: z.ZodUUID;
    name: z.ZodString;
    businessType: z.ZodEnum<{
        general: "general";
        hotel: "hotel";
        clinic: "clinic";
        payroll: "payroll";
    }>;
    accountActive: z.ZodBoolean;
    timeZone: z.ZodString;
    createdAt: z.ZodString;
}, z.core.$strip>;
export type Business = z.infer<typeof businessSchema>;
/** The owner's view adds the staff access code used to pair staff devices. */
export declare const businessSettingsSchema: z.ZodObject<{
    _id: z.ZodUUID;
    name: z.ZodString;
    businessType: z.ZodEnum<{
        general: "general";
        hotel: "hotel";
        clinic: "clinic";
        payroll: "payroll";
    }>;
    accountActive: z.ZodBoolean;
    timeZone: z.ZodString;
    createdAt: z.ZodString;
    staffAccessCode: z.ZodString;
}, z.core.$strip>;
export type BusinessSettings = z.infer<typeof businessSettingsSchema>;
/** Owner edits of a business (name and type); support users may also flip accountActive. */
export declare const updateBusinessInputSchema: z.ZodObject<{
    name: z.ZodOptional<z.ZodString>;
    businessType: z.ZodOptional<z.ZodEnum<{
        general: "general";
        hotel: "hotel";
        clinic: "clinic";
        payroll: "payroll";
    }>>;
    accountActive: z.ZodOptional<z.ZodBoolean>;
}, z.core.$strip>;
export type UpdateBusinessInput = z.infer<typeof updateBusinessInputSchema>;
/** Staff access codes: 8 characters, no look-alike letters, so they can be read aloud. */
export declare const STAFF_CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
export declare const STAFF_CODE_LENGTH = 8;
export declare const staffAccessCodeSchema: z.ZodString;
