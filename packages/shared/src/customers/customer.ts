import { z } from "zod";
import { centsSchema } from "../money/limits.ts";
import { statementSchema } from "../money/statement.ts";
import { kenyanPhoneSchema } from "../phone/phone.ts";

/** A customer of a business (spec sections 2 and 7: /customers, /api/customers). */
export const customerSchema = z.object({
  _id: z.uuid(),
  businessId: z.uuid(),
  name: z.string(),
  /** As people type it: 07XXXXXXXX or 01XXXXXXXX (stored as 2547... / 2541...). */
  phone: z.string(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  notes: z.string(),
  /** The most this customer may owe on credit, in cents; null: no limit set. */
  creditLimit: z.number().int().nullable(),
  /** What the customer owes now: the balances of their live credit sales. */
  balance: z.number().int(),
  /** When they last bought anything (any sale linked to them), or null. */
  lastPurchaseAt: z.string().nullable(),
  /** A customer with sales is archived instead of deleted: kept for their history, hidden from lists. */
  archived: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Customer = z.infer<typeof customerSchema>;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .transform((v) => (v === "" ? null : v))
    .nullable()
    .optional();

const customerFields = {
  name: z.string().trim().min(2, "At least 2 characters").max(120, "At most 120 characters"),
  phone: kenyanPhoneSchema,
  email: z
    .union([z.literal(""), z.email("Enter a valid email address").max(200)])
    .transform((v) => (v === "" ? null : v))
    .nullable()
    .optional(),
  address: optionalText(300),
  notes: z.string().trim().max(2000, "At most 2000 characters").optional(),
  creditLimit: centsSchema.nullable().optional(),
};

/** POST /api/customersAuth/register: creates a customer record of the business (no sign-in). */
export const createCustomerInputSchema = z.object({ businessId: z.uuid(), ...customerFields });
export type CreateCustomerInput = z.infer<typeof createCustomerInputSchema>;

/** PUT /api/customers/{id}: the fields given change. */
export const updateCustomerInputSchema = z
  .object(customerFields)
  .partial()
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: "Nothing to change", path: ["name"] });
export type UpdateCustomerInput = z.infer<typeof updateCustomerInputSchema>;

/** GET /api/customers?businessId: search by name or phone, a page at a time. */
export const listCustomersQuerySchema = z.object({
  businessId: z.uuid(),
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
  /** Also list archived customers. */
  archived: z.enum(["true", "false"]).optional(),
});
export type ListCustomersQuery = z.infer<typeof listCustomersQuerySchema>;

export const customerPageSchema = z.object({ items: z.array(customerSchema), total: z.number().int() });
export type CustomerPage = z.infer<typeof customerPageSchema>;

/** DELETE /api/customers/{id}: deleted when the customer never bought anything, archived otherwise. */
export const deleteCustomerResultSchema = z.object({ deleted: z.boolean(), customer: customerSchema });

/** GET /api/customers/{id}/statement: every credit sale and payment with the running balance. */
export const customerStatementSchema = statementSchema.extend({ customer: customerSchema });
export type CustomerStatement = z.infer<typeof customerStatementSchema>;
