import { z } from "zod";

export const subcategorySchema = z.object({ _id: z.uuid(), name: z.string() });
export const categorySchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  subcategories: z.array(subcategorySchema),
  productCount: z.number().int(),
  createdAt: z.string(),
});
export type Category = z.infer<typeof categorySchema>;
export type Subcategory = z.infer<typeof subcategorySchema>;

const name = z.string().trim().min(1, "Required").max(100);
export const createCategoryInputSchema = z.object({ businessId: z.uuid(), name });
export const renameInputSchema = z.object({ name });
export const createSubcategoryInputSchema = z.object({ name });
