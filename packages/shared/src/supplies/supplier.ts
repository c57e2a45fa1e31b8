import { z } from "zod";
import { statementSchema } from "../money/statement.ts";
import { kenyanPhoneSchema } from "../phone/phone.ts";
import { pageQueryFields } from "../paging.ts";

/** A supplier of a business (spec sections 2 and 7: /supplier, /api/suppliers). */
export const supplierSchema = z.object({
  _id: z.uuid(),
  businessId: z.uuid(),
  name: z.string(),
  /** As people type it (07XXXXXXXX or 01XXXXXXXX), stored as 2547... / 2541...; null when not given. */
  phone: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  kraPin: z.string().nullable(),
  contactPerson: z.string().nullable(),
  notes: z.string(),
  /** What the business still owes this supplier across its supplies. */
  balance: z.number().int(),
  /** How many supplies were recorded from this supplier. */
  supplies: z.number().int(),
  lastSupplyAt: z.string().nullable(),
  /** A supplier with supplies is archived instead of deleted. */
  archived: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Supplier = z.infer<typeof supplierSchema>;

/** KRA PINs: a letter, nine digits, a letter (e.g. A123456789B). */
export const KRA_PIN_PATTERN = /^[A-Z]\d{9}[A-Z]$/;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .transform((v) => (v === "" ? null : v))
    .nullable()
    .optional();

const supplierFields = {
  name: z.string().trim().min(2, "At least 2 characters").max(120, "At most 120 characters"),
  phone: z
    .union([z.literal(""), kenyanPhoneSchema])
    .transform((v) => (v === "" ? null : v))
    .nullable()
    .optional(),
  email: z
    .union([z.literal(""), z.email("Enter a valid email address").max(200)])
    .transform((v) => (v === "" ? null : v))
    .nullable()
    .optional(),
  address: optionalText(300),
  kraPin: z
    .union([z.literal(""), z.string().trim().toUpperCase().regex(KRA_PIN_PATTERN, "A KRA PIN looks like A123456789B")])
    .transform((v) => (v === "" ? null : v))
    .nullable()
    .optional(),
  contactPerson: optionalText(120),
  notes: z.string().trim().max(2000, "At most 2000 characters").optional(),
};

export const createSupplierInputSchema = z.object({ businessId: z.uuid(), ...supplierFields });
export type CreateSupplierInput = z.infer<typeof createSupplierInputSchema>;

export const updateSupplierInputSchema = z
  .object(supplierFields)
  .partial()
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: "Nothing to change", path: ["name"] });
export type UpdateSupplierInput = z.infer<typeof updateSupplierInputSchema>;

const booleanText = z.enum(["true", "false"]);

/** GET /api/suppliers?businessId: search by name, phone or contact; `owing` keeps those we still owe. */
export const listSuppliersQuerySchema = z.object({
  businessId: z.uuid(),
  q: z.string().trim().max(100).optional(),
  owing: booleanText.optional(),
  archived: booleanText.optional(),
  ...pageQueryFields(),
});
export type ListSuppliersQuery = z.infer<typeof listSuppliersQuerySchema>;

export const supplierPageSchema = z.object({
  items: z.array(supplierSchema),
  total: z.number().int(),
  /** What the business owes all the suppliers matched (not just this page). */
  owed: z.number().int(),
});
export type SupplierPage = z.infer<typeof supplierPageSchema>;

export const deleteSupplierResultSchema = z.object({ deleted: z.boolean(), supplier: supplierSchema });
export type DeleteSupplierResult = z.infer<typeof deleteSupplierResultSchema>;

/** GET /api/suppliers/{id}/statement: every supply and payment with the running balance. */
export const supplierStatementSchema = statementSchema.extend({ supplier: supplierSchema });
export type SupplierStatement = z.infer<typeof supplierStatementSchema>;
