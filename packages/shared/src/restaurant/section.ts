import { z } from "zod";

/** A restaurant section (a floor, the terrace) and its tables (spec section 3). */
export const sectionSchema = z.object({
  _id: z.uuid(),
  businessId: z.uuid(),
  name: z.string(),
  tables: z.array(z.object({ _id: z.uuid(), name: z.string() })),
  createdAt: z.string(),
});
export type Section = z.infer<typeof sectionSchema>;

const name = z.string().trim().min(1, "Required").max(60);
const uniqueNames = (tables: { name: string }[]) =>
  new Set(tables.map((t) => t.name.toLowerCase())).size === tables.length;
const tablesSchema = z
  .array(z.object({ name }))
  .max(200)
  .refine(uniqueNames, { message: "Two tables have the same name" });

export const createSectionInputSchema = z.object({ businessId: z.uuid(), name, tables: tablesSchema.default([]) });
export type CreateSectionInput = z.infer<typeof createSectionInputSchema>;

/** PUT /sections/update/{id}: rename, rename tables (by _id), add tables (no _id). */
export const updateSectionInputSchema = z
  .object({
    name: name.optional(),
    tables: z
      .array(z.object({ _id: z.uuid().optional(), name }))
      .max(200)
      .refine(uniqueNames, { message: "Two tables have the same name" })
      .optional(),
  })
  .refine((v) => v.name !== undefined || v.tables !== undefined, { message: "Nothing to update" });
export type UpdateSectionInput = z.infer<typeof updateSectionInputSchema>;
