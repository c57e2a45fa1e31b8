import { z } from "zod";
import { centsSchema } from "../money/limits.ts";

/** The clinic's price list: consultation services (the visit fee) and lab tests. */
export const SERVICE_KINDS = ["consultation", "lab"] as const;
export type ServiceKind = (typeof SERVICE_KINDS)[number];

export const clinicServiceSchema = z.object({
  _id: z.uuid(),
  kind: z.enum(SERVICE_KINDS),
  name: z.string(),
  price: centsSchema,
  active: z.boolean(),
});
export type ClinicService = z.infer<typeof clinicServiceSchema>;

export const createClinicServiceInputSchema = z.object({
  businessId: z.uuid(),
  kind: z.enum(SERVICE_KINDS),
  name: z.string().trim().min(2, "At least 2 characters").max(80),
  price: centsSchema,
});
export type CreateClinicServiceInput = z.infer<typeof createClinicServiceInputSchema>;

export const updateClinicServiceInputSchema = z
  .object({
    name: z.string().trim().min(2, "At least 2 characters").max(80),
    price: centsSchema,
    active: z.boolean(),
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, { message: "Nothing to update" });
export type UpdateClinicServiceInput = z.infer<typeof updateClinicServiceInputSchema>;
