import { z } from "zod";
import { kraPinSchema } from "../tax/vat.ts";

/** A business client: the company an invoice or quotation is made out to (issue 12). */
export const clientSchema = z.object({
  _id: z.uuid(),
  businessId: z.uuid(),
  companyName: z.string(),
  kraPin: z.string().nullable(),
  contactName: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Client = z.infer<typeof clientSchema>;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .transform((v) => v || null)
    .nullable()
    .optional();

const clientFields = {
  companyName: z.string().trim().min(2, "At least 2 characters").max(160, "At most 160 characters"),
  /** Needed on a B2B tax invoice for the buyer to claim the expense. */
  kraPin: z
    .union([kraPinSchema, z.literal("").transform(() => null)])
    .nullable()
    .optional(),
  contactName: optionalText(120),
  phone: optionalText(20),
  email: z
    .union([z.email("Not an email address").max(160), z.literal("").transform(() => null)])
    .nullable()
    .optional(),
  address: optionalText(300),
};

export const createClientInputSchema = z.object({ businessId: z.uuid(), ...clientFields });
export type CreateClientInput = z.infer<typeof createClientInputSchema>;

export const updateClientInputSchema = z
  .object(clientFields)
  .partial()
  .refine((v) => Object.keys(v).length > 0, { message: "Nothing to update" });
export type UpdateClientInput = z.infer<typeof updateClientInputSchema>;

export const listClientsQuerySchema = z.object({
  businessId: z.uuid(),
  q: z.string().trim().max(100).optional(),
});
