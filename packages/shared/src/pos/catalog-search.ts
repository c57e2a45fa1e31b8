import { hashOf, isCode, type Catalog, type CatalogField, type CatalogItem } from "./catalog.ts";

// Search over a built catalog (catalog.ts): what the till runs on every keystroke and scan.

/** The item whose value holds position `at` of a field's text (searching from item `from`). */
function itemAt(field: CatalogField, at: number, from = 0): number {
  const { offsets } = field;
  let lo = from;
  let hi = offsets.length - 2;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if (offsets[mid]! <= at) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

const valueOf = (field: CatalogField, i: number) => field.text.slice(field.offsets[i]!, field.offsets[i + 1]! - 1);

/** The item whose SKU or barcode is exactly `code` (lower case), or -1. */
function codeIndex(c: Catalog, code: string): number {
  if (!code) return -1;
  const mask = c.codes.length - 1;
  for (let h = hashOf(code) & mask; c.codes[h] !== -1; h = (h + 1) & mask) {
    if (isCode(c, c.codes[h]!, code)) return c.codes[h]! >> 1;
  }
  return -1;
}

/** The product a scanner's code (barcode or SKU, any case) names exactly. */
export function findByCode(catalog: Catalog, code: string): CatalogItem | undefined {
  return catalog.items[codeIndex(catalog, code.trim().toLowerCase())];
}

/** The items whose lower-cased name starts with `prefix`: neighbours, found by binary search. */
function prefixRange(names: CatalogField, prefix: string): [number, number] {
  let lo = 0;
  let hi = names.offsets.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (valueOf(names, mid) < prefix) lo = mid + 1;
    else hi = mid;
  }
  const from = lo;
  hi = names.offsets.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (names.text.startsWith(prefix, names.offsets[mid]!))
      lo = mid + 1; // a word holds no "\n": it cannot run into the next name
    else hi = mid;
  }
  return [from, lo];
}

/** The first item from `from` on whose value in `field` holds `word` (the item count if none). */
function nextHolding(field: CatalogField, word: string, from: number): number {
  const at = field.text.indexOf(word, field.offsets[from]!);
  return at < 0 ? field.offsets.length - 1 : itemAt(field, at, from);
}

/**
 * Products matching what was typed: every word must appear in the name, SKU or barcode. An
 * exact code comes first, then names starting with the first word, then the rest by name.
 *
 * One pass at most over the fields' texts, in item order: indexOf finds the next item holding
 * the longest word (the likeliest to be rare), then the other words are checked in that
 * item's values. Names starting with the first word are neighbours (`prefixRange`), so the
 * pass stops as soon as the list is full and none of those can still come.
 */
export function searchCatalog(catalog: Catalog, query: string, limit = 50): CatalogItem[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length || limit <= 0) return [];
  const { items } = catalog;
  const fields = [catalog.names, catalog.skus, catalog.barcodes];
  const exact = codeIndex(catalog, query.trim().toLowerCase());
  const head = exact >= 0 ? 1 : 0;
  const [lo, hi] = prefixRange(catalog.names, words[0]!);
  const startsEnd = lo < hi ? hi : 0; // from this item on, no name starts with the first word
  const anchor = words.reduce((a, b) => (b.length > a.length ? b : a));
  const others = words.filter((w) => w !== anchor);
  const holds = (i: number, w: string) => fields.some((f) => valueOf(f, i).includes(w));
  const next = fields.map(() => -1); // per field, the next item holding the anchor
  const starts: CatalogItem[] = [];
  const rest: CatalogItem[] = [];
  let from = 0;
  while (head + starts.length < limit && (from < startsEnd || head + starts.length + rest.length < limit)) {
    let i = items.length;
    for (let f = 0; f < fields.length; f++) {
      if (next[f]! < from) next[f] = nextHolding(fields[f]!, anchor, from);
      i = Math.min(i, next[f]!);
    }
    if (i >= items.length) break;
    from = i + 1;
    if (i === exact || !others.every((w) => holds(i, w))) continue;
    if (i >= lo && i < hi) starts.push(items[i]!);
    else if (rest.length < limit) rest.push(items[i]!);
  }
  return [...(head ? [items[exact]!] : []), ...starts, ...rest].slice(0, limit);
}
