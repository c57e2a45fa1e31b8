import { z } from "zod";

/** How far back a customer's usual items are read, and how many the till offers. */
export const USUAL_ITEMS_DAYS = 180;
export const USUAL_ITEMS_LIMIT = 6;

export const usualItemsQuerySchema = z.object({ businessId: z.uuid(), customerId: z.uuid() });

/**
 * GET /api/sales/usual-items (issue 31 item 8): what a customer buys most often at the till, for
 * the cashier to add with a tap: the products of their sales of the last USUAL_ITEMS_DAYS days
 * (voided ones left out) by the number of sales that had them, most first (then the latest), at
 * most USUAL_ITEMS_LIMIT, each with the quantity they usually take (the median of those sales',
 * rounded down, at least 1). The till shows those its catalog still sells.
 */
export const usualItemsSchema = z.object({
  items: z.array(
    z.object({
      productId: z.uuid(),
      name: z.string(),
      usualQuantity: z.number().int().min(1),
      times: z.number().int().min(1),
    }),
  ),
});
export type UsualItems = z.infer<typeof usualItemsSchema>;
