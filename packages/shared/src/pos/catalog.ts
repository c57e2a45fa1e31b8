/**
 * The POS catalog: every product a till can sell, loaded once and searched in the browser.
 * Sent column by column (one array per field), which keeps 100,000 products small and quick
 * to parse; `since` asks only for products changed after a version. The server's zod schema of
 * it is in catalog-schema.ts: this file stays free of zod, as the till loads it.
 */
export type CatalogPayload = {
  /** The newest change included; send it back as `since` for the next refresh. */
  version: string | null;
  /** true: a whole catalog; false: changes since the version asked for. */
  full: boolean;
  ids: string[];
  names: string[];
  skus: (string | null)[];
  barcodes: (string | null)[];
  sellingprices: number[];
  wholesalePrices: number[];
  quantities: number[];
  units: string[];
  images: (string | null)[];
  /** Products no longer sold (archived, inactive): drop them from the till. */
  removed: string[];
};

const isString = (v: unknown) => typeof v === "string";
const isStringOrNull = (v: unknown) => v === null || typeof v === "string";
const isNumber = (v: unknown) => typeof v === "number" && Number.isFinite(v);
/** The columns of a payload, each one value per product, and what each value must be. */
const COLUMNS = {
  ids: isString,
  names: isString,
  skus: isStringOrNull,
  barcodes: isStringOrNull,
  sellingprices: isNumber,
  wholesalePrices: isNumber,
  quantities: isNumber,
  units: isString,
  images: isStringOrNull,
} as const;
type Column = keyof typeof COLUMNS;

/**
 * Checks a catalog answer as the till receives it: the rules of catalogPayloadSchema (catalog-schema.ts), and
 * every column as long as `ids`. One plain loop per column: zod's parse of 100,000-element
 * arrays took about as long as JSON.parse itself. Throws on the first thing wrong.
 */
export function parseCatalogPayload(body: unknown): CatalogPayload {
  const fail = (what: string): never => {
    throw new Error(`The products could not be loaded: the catalog's ${what} is not valid`);
  };
  if (typeof body !== "object" || body === null || Array.isArray(body)) return fail("answer");
  const b = body as Record<string, unknown>;
  if (!isStringOrNull(b.version)) fail("version");
  if (typeof b.full !== "boolean") fail("full");
  const count = Array.isArray(b.ids) ? b.ids.length : fail("ids");
  const columns = {} as Record<Column, unknown[]>;
  for (const key of Object.keys(COLUMNS) as Column[]) {
    const values = b[key];
    if (!Array.isArray(values) || values.length !== count) return fail(key);
    const ok = COLUMNS[key];
    for (let i = 0; i < count; i++) if (!ok(values[i])) fail(`${key}[${i}]`);
    columns[key] = values;
  }
  if (!Array.isArray(b.removed) || !b.removed.every(isString)) fail("removed");
  return { version: b.version, full: b.full, ...columns, removed: b.removed } as CatalogPayload;
}

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

/** One field of every item, lower-cased, in item order: "\n" + value + "\n" + value ... + "\n". */
export type CatalogField = {
  text: string;
  /** Where each item's value starts in `text`; one more entry closes the last value. */
  offsets: Int32Array;
};

export type Catalog = {
  version: string | null;
  /** By name (lower case, compared code unit by code unit), then id: names sharing a prefix are neighbours. */
  items: CatalogItem[];
  /** The searched fields as one text each, so a search is indexOf over a few large strings. */
  names: CatalogField;
  skus: CatalogField;
  barcodes: CatalogField;
  /** Exact SKUs and barcodes to items, for a scanner: see `codeTable`. */
  codes: Int32Array;
};

function itemsOf(p: CatalogPayload): CatalogItem[] {
  const items = new Array<CatalogItem>(p.ids.length);
  for (let i = 0; i < items.length; i++) {
    items[i] = {
      _id: p.ids[i]!,
      name: p.names[i]!,
      sku: p.skus[i] ?? null,
      barcode: p.barcodes[i] ?? null,
      sellingprice: p.sellingprices[i]!,
      wholesalePrice: p.wholesalePrices[i]!,
      quantity: p.quantities[i]!,
      unit: p.units[i]!,
      image: p.images[i] ?? null,
    };
  }
  return items;
}

/** Compares two names as their lower case would compare, code unit by code unit. */
function compareNames(a: string, b: string): number {
  for (let k = 0; k < a.length && k < b.length; k++) {
    let x = a.charCodeAt(k);
    let y = b.charCodeAt(k);
    if (x >= 128 || y >= 128) {
      // Beyond ASCII, lower case may change lengths or depend on context: compare it whole.
      const [la, lb] = [a.toLowerCase(), b.toLowerCase()];
      return la < lb ? -1 : la > lb ? 1 : 0;
    }
    if (x >= 65 && x <= 90) x += 32;
    if (y >= 65 && y <= 90) y += 32;
    if (x !== y) return x - y;
  }
  return a.length - b.length;
}

/**
 * Items by lower-cased name, then id, compared by code unit. That is the order the server
 * sends (`ORDER BY lower(name), id`) from a database with the C collation, as the embedded
 * one is: a full catalog is then only checked, one comparison per item, where sorting 100,000
 * names with localeCompare took a few hundred ms; a refresh sorts two sorted runs. Plain
 * comparison also keeps every name with a given prefix together, which search relies on; a
 * collator would not (it puts "é" beside "e").
 */
function byName(items: CatalogItem[]): CatalogItem[] {
  const byCodeUnit = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  let sorted = true;
  for (let i = 1; i < items.length && sorted; i++)
    sorted = (compareNames(items[i - 1]!.name, items[i]!.name) || byCodeUnit(items[i - 1]!._id, items[i]!._id)) <= 0;
  if (sorted) return items;
  const keys = items.map((item) => item.name.toLowerCase());
  const order = Array.from(items.keys()).sort(
    (a, b) => byCodeUnit(keys[a]!, keys[b]!) || byCodeUnit(items[a]!._id, items[b]!._id),
  );
  return order.map((i) => items[i]!);
}

/** One join and one toLowerCase for a whole column (a string per item cost several times more). */
function fieldOf(values: (string | null)[]): CatalogField {
  const joined = `\n${values.join("\n")}\n`; // null joins as ""
  let text = joined.toLowerCase(); // also makes it one flat string, quick to read char by char
  // Lower-casing keeps every length but a few (U+0130 "İ" becomes two code units); if one
  // changed, each value is lowered alone to find where it starts.
  const lowered = text.length === joined.length ? null : values.map((v) => (v ?? "").toLowerCase());
  if (lowered) text = `\n${lowered.join("\n")}\n`.toLowerCase();
  const offsets = new Int32Array(values.length + 1);
  let at = 1;
  for (let i = 0; i < values.length; i++) {
    offsets[i] = at;
    at += (lowered ? lowered[i]! : (values[i] ?? "")).length + 1;
  }
  offsets[values.length] = at;
  return { text, offsets };
}

/** FNV-1a of `text` from `from` to `to`: the hash of a code in the code table. */
export function hashOf(text: string, from = 0, to = text.length): number {
  let h = 0x811c9dc5;
  for (let k = from; k < to; k++) h = Math.imul(h ^ text.charCodeAt(k), 0x01000193);
  return h >>> 0;
}

/** Whether code-table entry `entry` holds the same code as `text` from `from` to `to`. */
export function isCode(
  c: Pick<Catalog, "skus" | "barcodes">,
  entry: number,
  text: string,
  from = 0,
  to = text.length,
): boolean {
  const field = entry & 1 ? c.barcodes : c.skus;
  const start = field.offsets[entry >> 1]!;
  if (field.offsets[(entry >> 1) + 1]! - 1 - start !== to - from) return false;
  for (let k = 0; k < to - from; k++) if (field.text.charCodeAt(start + k) !== text.charCodeAt(from + k)) return false;
  return true;
}

/**
 * Exact codes to items: an open-addressing hash table (linear probing) over the SKU and
 * barcode texts. An entry is the item's number times two, plus 1 for a barcode; -1 is empty.
 * Filled in item order, a code seen again takes the later item. A Map of 200,000 code
 * strings took 80 to 120 ms to fill, longer than everything else put together.
 */
function codeTable(c: Pick<Catalog, "skus" | "barcodes">, count: number): Int32Array {
  const table = new Int32Array(2 ** Math.ceil(Math.log2(4 * count + 4))).fill(-1); // at most half full
  const mask = table.length - 1;
  for (let entry = 0; entry < 2 * count; entry++) {
    const { text, offsets } = entry & 1 ? c.barcodes : c.skus;
    const from = offsets[entry >> 1]!;
    const to = offsets[(entry >> 1) + 1]! - 1;
    if (from === to) continue;
    let h = hashOf(text, from, to) & mask;
    while (table[h] !== -1 && !isCode(c, table[h]!, text, from, to)) h = (h + 1) & mask;
    table[h] = entry;
  }
  return table;
}

function indexed(version: string | null, items: CatalogItem[]): Catalog {
  const skus = fieldOf(items.map((i) => i.sku));
  const barcodes = fieldOf(items.map((i) => i.barcode));
  return {
    version,
    items,
    names: fieldOf(items.map((i) => i.name)),
    skus,
    barcodes,
    codes: codeTable({ skus, barcodes }, items.length),
  };
}

/** Builds the searchable catalog from a full payload. */
export function buildCatalog(payload: CatalogPayload): Catalog {
  return indexed(payload.version, byName(itemsOf(payload)));
}

/** Applies a refresh: changed products replace or join, removed ones leave. */
export function applyCatalogChanges(catalog: Catalog, changes: CatalogPayload): Catalog {
  if (changes.full) return buildCatalog(changes);
  if (!changes.ids.length && !changes.removed.length)
    return { ...catalog, version: changes.version ?? catalog.version };
  const version = changes.version ?? catalog.version;
  const changed = new Map(itemsOf(changes).map((i) => [i._id, i]));
  if (!changes.removed.length) {
    // The usual refresh, after a sale: the same products with a new stock or price. When
    // none is new or renamed or recoded, the index stands and only the items are replaced.
    let replaced = 0;
    const items = catalog.items.map((old) => {
      const next = changed.get(old._id);
      if (!next) return old;
      if (next.name === old.name && next.sku === old.sku && next.barcode === old.barcode) replaced++;
      return next;
    });
    if (replaced === changed.size) return { ...catalog, version, items };
  }
  const removed = new Set(changes.removed);
  const kept = catalog.items.filter((i) => !removed.has(i._id) && !changed.has(i._id));
  return indexed(version, byName([...kept, ...byName([...changed.values()])]));
}

/**
 * A catalog as the till keeps it on the device (IndexedDB): the columns of every product in the
 * catalog's order, and its search index as built, so a reopened till neither sorts nor indexes.
 * Flat strings, arrays and typed arrays only: quick to store and to read back.
 */
export type StoredCatalog = {
  version: string | null;
  columns: Omit<CatalogPayload, "version" | "full" | "removed">;
  names: CatalogField;
  skus: CatalogField;
  barcodes: CatalogField;
  codes: Int32Array;
};

/** The stored form of a catalog (see StoredCatalog). */
export function storedCatalogOf(c: Catalog): StoredCatalog {
  const n = c.items.length;
  const columns: StoredCatalog["columns"] = {
    ids: new Array<string>(n),
    names: new Array<string>(n),
    skus: new Array<string | null>(n),
    barcodes: new Array<string | null>(n),
    sellingprices: new Array<number>(n),
    wholesalePrices: new Array<number>(n),
    quantities: new Array<number>(n),
    units: new Array<string>(n),
    images: new Array<string | null>(n),
  };
  for (let i = 0; i < n; i++) {
    const item = c.items[i]!;
    columns.ids[i] = item._id;
    columns.names[i] = item.name;
    columns.skus[i] = item.sku;
    columns.barcodes[i] = item.barcode;
    columns.sellingprices[i] = item.sellingprice;
    columns.wholesalePrices[i] = item.wholesalePrice;
    columns.quantities[i] = item.quantity;
    columns.units[i] = item.unit;
    columns.images[i] = item.image;
  }
  return { version: c.version, columns, names: c.names, skus: c.skus, barcodes: c.barcodes, codes: c.codes };
}

/**
 * A catalog back from the device. Its index is used as stored when it matches the columns (one
 * entry per item); anything else is rebuilt, as a catalog from the server would be.
 */
export function catalogFromStored(s: StoredCatalog): Catalog {
  const payload: CatalogPayload = { ...s.columns, version: s.version, full: true, removed: [] };
  const n = payload.ids.length;
  const fits = (f: CatalogField | undefined) =>
    f && typeof f.text === "string" && f.offsets instanceof Int32Array && f.offsets.length === n + 1;
  if (!fits(s.names) || !fits(s.skus) || !fits(s.barcodes) || !(s.codes instanceof Int32Array))
    return buildCatalog(parseCatalogPayload(payload));
  return {
    version: s.version,
    items: itemsOf(payload),
    names: s.names,
    skus: s.skus,
    barcodes: s.barcodes,
    codes: s.codes,
  };
}
