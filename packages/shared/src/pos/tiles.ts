import { z } from "zod";

/** How many best sellers the "Most sold" tiles start with; the rest of the catalog follows by name. */
export const TOP_SOLD_LIMIT = 500;
/** The window "most sold" counts units over. */
export const SOLD_WINDOW_DAYS = 90;

export const tilesQuerySchema = z.object({ businessId: z.uuid(), categoryId: z.uuid().optional() });

/**
 * The POS tile grid's order. `categories`: the categories that hold a sellable product, by name.
 * `ids`: without a category, the best sellers of the last SOLD_WINDOW_DAYS days (at most
 * TOP_SOLD_LIMIT), most units first; with one, every sellable product of that category, most
 * sold first, then by name. The tiles themselves come from the catalog the till already holds.
 */
export const tilesSchema = z.object({
  categories: z.array(z.object({ _id: z.string(), name: z.string() })),
  ids: z.array(z.string()),
});
export type Tiles = z.infer<typeof tilesSchema>;

/**
 * The order tiles are shown in: `ids` first (those the catalog still holds), then, when
 * `fillRest`, every other catalog item in catalog order (by name). One pass over the catalog.
 */
export function tileOrder<T extends { _id: string }>(
  items: readonly T[],
  byId: ReadonlyMap<string, T>,
  ids: readonly string[],
  fillRest: boolean,
): T[] {
  const out: T[] = [];
  const seen = new Set<string>();
  for (const id of ids) {
    const item = byId.get(id);
    if (item && !seen.has(id)) {
      out.push(item);
      seen.add(id);
    }
  }
  if (fillRest) for (const item of items) if (!seen.has(item._id)) out.push(item);
  return out;
}
