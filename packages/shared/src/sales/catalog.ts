import { z } from "zod";

/**
 * The POS catalog: every product a till can sell, loaded once and searched in the browser.
 * Sent column by column (one array per field), which keeps 100,000 products small and quick
 * to parse; `since` asks only for products changed after a version.
 */
export const catalogPayloadSchema = z.object({
  /** The newest change included; send it back as `since` for the next refresh. */
  version: z.string().nullable(),
  /** true: a whole catalog; false: changes since the version asked for. */
  full: z.boolean(),
  ids: z.array(z.string()),
  names: z.array(z.string()),
  skus: z.array(z.string().nullable()),
  barcodes: z.array(z.string().nullable()),
  sellingprices: z.array(z.number()),
  wholesalePrices: z.array(z.number()),
  quantities: z.array(z.number()),
  units: z.array(z.string()),
  images: z.array(z.string().nullable()),
  /** Products no longer sold (archived, inactive): drop them from the till. */
  removed: z.array(z.string()),
});
export type CatalogPayload = z.infer<typeof catalogPayloadSchema>;

export type CatalogItem = {
  _id: string;
  name: string;
  sku: string | null;
  barcode: string | null;
  sellingprice: number;
  wholesalePrice: number;
  quantity: number;
  unit: string;
  image: string | null;
};

export type Catalog = {
  version: string | null;
  items: CatalogItem[];
  /** Lower-cased "name sku barcode" of each item, searched by substring. */
  haystack: string[];
  /** Exact barcode or SKU (lower case) to the item's index: what a scanner types. */
  byCode: Map<string, number>;
};

const searchTextOf = (item: CatalogItem) => `${item.name} ${item.sku ?? ""} ${item.barcode ?? ""}`.toLowerCase();
const byName = (a: CatalogItem, b: CatalogItem) => a.name.localeCompare(b.name) || a._id.localeCompare(b._id);

function itemsOf(p: CatalogPayload): CatalogItem[] {
  return p.ids.map((_id, i) => ({
    _id,
    name: p.names[i]!,
    sku: p.skus[i] ?? null,
    barcode: p.barcodes[i] ?? null,
    sellingprice: p.sellingprices[i]!,
    wholesalePrice: p.wholesalePrices[i]!,
    quantity: p.quantities[i]!,
    unit: p.units[i]!,
    image: p.images[i] ?? null,
  }));
}

function indexed(version: string | null, items: CatalogItem[]): Catalog {
  const byCode = new Map<string, number>();
  items.forEach((item, i) => {
    if (item.sku) byCode.set(item.sku.toLowerCase(), i);
    if (item.barcode) byCode.set(item.barcode.toLowerCase(), i);
  });
  return { version, items, haystack: items.map(searchTextOf), byCode };
}

/** Builds the searchable catalog from a full payload (items sorted by name). */
export function buildCatalog(payload: CatalogPayload): Catalog {
  return indexed(payload.version, itemsOf(payload).sort(byName));
}

/** Applies a refresh: changed products replace or join, removed ones leave. */
export function applyCatalogChanges(catalog: Catalog, changes: CatalogPayload): Catalog {
  if (changes.full) return buildCatalog(changes);
  if (!changes.ids.length && !changes.removed.length) return { ...catalog, version: changes.version ?? catalog.version };
  const changed = new Map(itemsOf(changes).map((i) => [i._id, i]));
  const removed = new Set(changes.removed);
  const kept = catalog.items.filter((i) => !removed.has(i._id) && !changed.has(i._id));
  return indexed(changes.version ?? catalog.version, [...kept, ...changed.values()].sort(byName));
}

/** The product a scanner's code (barcode or SKU, any case) names exactly. */
export function findByCode(catalog: Catalog, code: string): CatalogItem | undefined {
  const i = catalog.byCode.get(code.trim().toLowerCase());
  return i === undefined ? undefined : catalog.items[i];
}

/**
 * Products matching what was typed: every word must appear in the name, SKU or barcode. An
 * exact code comes first, then names starting with the first word, then the rest by name.
 */
export function searchCatalog(catalog: Catalog, query: string, limit = 50): CatalogItem[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return [];
  const exact = findByCode(catalog, query);
  const first = words[0]!;
  const starts: CatalogItem[] = [];
  const others: CatalogItem[] = [];
  const { haystack, items } = catalog;
  for (let i = 0; i < haystack.length; i++) {
    const text = haystack[i]!;
    let all = true;
    for (const w of words) {
      if (!text.includes(w)) {
        all = false;
        break;
      }
    }
    if (!all || items[i] === exact) continue;
    if (text.startsWith(first)) {
      if (starts.length < limit) starts.push(items[i]!);
    } else if (others.length < limit) others.push(items[i]!);
  }
  return [...(exact ? [exact] : []), ...starts, ...others].slice(0, limit);
}
