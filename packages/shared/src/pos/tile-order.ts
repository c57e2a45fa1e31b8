/**
 * The POS tile grid's order, without zod (the till's code loads this; tiles.ts holds the
 * schema the server answers with).
 */

/** How many best sellers the "Most sold" tiles start with; the rest of the catalog follows by name. */
export const TOP_SOLD_LIMIT = 500;
/** The window "most sold" counts units over. */
export const SOLD_WINDOW_DAYS = 90;

/**
 * The tiles in order: the items of `ids` in that order (those the catalog still holds), then,
 * when `fillRest`, every other item in catalog order (by name). One pass over the catalog with
 * a lookup in a map of `ids` only: no map of 100,000 products is built.
 */
export function tileOrder<T extends { _id: string }>(
  items: readonly T[],
  ids: readonly string[],
  fillRest: boolean,
): T[] {
  const rank = new Map<string, number>();
  for (const id of ids) if (!rank.has(id)) rank.set(id, rank.size);
  const ranked = new Array<T | undefined>(rank.size);
  const rest: T[] = [];
  for (const item of items) {
    const r = rank.get(item._id);
    if (r !== undefined) ranked[r] = item;
    else if (fillRest) rest.push(item);
  }
  const out: T[] = [];
  for (const item of ranked) if (item) out.push(item);
  for (const item of rest) out.push(item);
  return out;
}
