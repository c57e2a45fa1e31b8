import { z } from "zod";

export const tilesQuerySchema = z.object({ businessId: z.uuid(), categoryId: z.uuid().optional() });

/**
 * The POS tile grid's order (tile-order.ts). `categories`: the categories that hold a sellable
 * product, by name. `ids`: without a category, the best sellers of the last SOLD_WINDOW_DAYS days
 * (at most TOP_SOLD_LIMIT), most units first; with one, every sellable product of that category,
 * most sold first, then by name. The tiles themselves come from the catalog the till holds.
 * `soonOut`: those of the first SELL_OUT_TILES that sell out before their next usual delivery
 * (sell-out.ts), marked "Sells out soon" on their tile.
 */
export const tilesSchema = z.object({
  categories: z.array(z.object({ _id: z.string(), name: z.string() })),
  ids: z.array(z.string()),
  soonOut: z.array(z.string()),
});
export type Tiles = z.infer<typeof tilesSchema>;
