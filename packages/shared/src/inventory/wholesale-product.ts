import { z } from "zod";
import { centsSchema, lineQuantitySchema } from "../money/limits.ts";

// The wholesale catalogue (issue 33; spec: POST /wholesaleProducts, the data kind "wholesale
// product"): which products the wholesale till at /wholesale sells, at what wholesale price and
// from how many units. A product is in it exactly when it has a wholesale price (the product's
// wholesale price is the one price, kept in step both ways: migration 0045).

const wholesaleFields = {
  /** The wholesale price of one unit: more than zero (a product without one is not sold wholesale). */
  wholesalePrice: centsSchema.min(1, "Enter the wholesale price"),
  /** The fewest units one wholesale line may hold. */
  minQuantity: lineQuantitySchema.default(1),
};

/** POST /api/wholesaleProducts: a product joins the wholesale catalogue. */
export const createWholesaleProductInputSchema = z.object({
  businessId: z.uuid(),
  productId: z.uuid("Choose a product"),
  ...wholesaleFields,
});
export type CreateWholesaleProductInput = z.infer<typeof createWholesaleProductInputSchema>;

/** PUT /api/wholesaleProducts/:id: its price and minimum again. */
export const updateWholesaleProductInputSchema = z.object(wholesaleFields);
export type UpdateWholesaleProductInput = z.infer<typeof updateWholesaleProductInputSchema>;

/** The owner's form: both values as typed. */
export const wholesaleProductFormSchema = updateWholesaleProductInputSchema;

/** A wholesale product as the API returns it. */
export const wholesaleProductSchema = z.object({
  _id: z.uuid(),
  productId: z.uuid(),
  name: z.string(),
  unit: z.string(),
  /** The retail price, beside the wholesale one. */
  sellingprice: z.number().int(),
  wholesalePrice: z.number().int(),
  minQuantity: z.number().int(),
  /** Units on the shelf now. */
  quantity: z.number().int(),
  createdAt: z.string(),
});
export type WholesaleProduct = z.infer<typeof wholesaleProductSchema>;

export const listWholesaleProductsQuerySchema = z.object({ businessId: z.uuid() });

/** Why a wholesale line of `quantity` units of this product cannot be sold; null when it can. */
export function wholesaleLineProblem(
  p: { name: string; wholesalePrice: number; wholesaleMin: number | null },
  quantity: number,
): string | null {
  if (p.wholesaleMin === null || p.wholesalePrice <= 0) return `${p.name} is not in the wholesale catalogue`;
  if (quantity < p.wholesaleMin) return `${p.name} is sold wholesale from ${p.wholesaleMin} units`;
  return null;
}
