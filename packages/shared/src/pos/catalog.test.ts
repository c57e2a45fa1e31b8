import { describe, expect, it } from "vitest";
import { findByCode, searchCatalog } from "./catalog-search.ts";
import { catalogPayloadSchema } from "./catalog-schema.ts";
import { applyCatalogChanges, buildCatalog, parseCatalogPayload, type CatalogPayload } from "./catalog.ts";

function payload(
  rows: { id: string; name: string; sku?: string; barcode?: string; quantity?: number }[],
  over: Partial<CatalogPayload> = {},
): CatalogPayload {
  return {
    version: "v1",
    full: true,
    ids: rows.map((r) => r.id),
    names: rows.map((r) => r.name),
    skus: rows.map((r) => r.sku ?? null),
    barcodes: rows.map((r) => r.barcode ?? null),
    sellingprices: rows.map(() => 1000),
    wholesalePrices: rows.map(() => 900),
    quantities: rows.map((r) => r.quantity ?? 5),
    units: rows.map(() => "pcs"),
    images: rows.map(() => null),
    removed: [],
    ...over,
  };
}

const catalog = buildCatalog(
  payload([
    { id: "1", name: "Sugar 1kg", sku: "SUG-1", barcode: "6161100000017" },
    { id: "2", name: "Brown Sugar 2kg", sku: "SUG-2" },
    { id: "3", name: "Maize Flour 2kg", barcode: "6161100000024" },
    { id: "4", name: "Salt 500g" },
  ]),
);

describe("checking a catalog answer", () => {
  const good = payload([
    { id: "1", name: "Sugar", sku: "S-1" },
    { id: "2", name: "Salt" },
  ]);

  it("accepts what the schema accepts, and keeps only the payload's fields", () => {
    expect(parseCatalogPayload({ ...good, extra: 1 })).toEqual(catalogPayloadSchema.parse(good));
    expect(parseCatalogPayload(payload([]))).toEqual(payload([]));
  });

  it("refuses a malformed answer, naming what is wrong", () => {
    const bad: [string, unknown][] = [
      ["answer", null],
      ["answer", [good]],
      ["answer", "text"],
      ["version", { ...good, version: 3 }],
      ["full", { ...good, full: "yes" }],
      ["ids", { ...good, ids: undefined }],
      ["names", { ...good, names: ["Sugar"] }], // one name short
      ["quantities", { ...good, quantities: [1, 2, 3] }], // one too many
      ["names\\[1\\]", { ...good, names: ["Sugar", 7] }],
      ["skus\\[1\\]", { ...good, skus: ["S-1", 2] }],
      ["sellingprices\\[0\\]", { ...good, sellingprices: ["1000", 900] }],
      ["quantities\\[1\\]", { ...good, quantities: [1, null] }],
      ["units\\[0\\]", { ...good, units: [null, "pcs"] }],
      ["images", { ...good, images: "none" }],
      ["removed", { ...good, removed: [1] }],
      ["removed", { ...good, removed: undefined }],
    ];
    for (const [what, body] of bad) {
      expect(() => parseCatalogPayload(body), what).toThrow(new RegExp(`catalog's ${what} is not valid`));
    }
  });
});

describe("building the catalog", () => {
  it("orders items by lower-cased name, then id, whatever order they came in", () => {
    const c = buildCatalog(
      payload([
        { id: "b", name: "sugar" },
        { id: "z", name: "Apple" },
        { id: "a", name: "Sugar" },
        { id: "m", name: "apple pie" },
      ]),
    );
    expect(c.items.map((i) => i._id)).toEqual(["z", "m", "a", "b"]);
  });

  it("orders any names as their lower case compares, code unit by code unit, then by id", () => {
    let seed = 3;
    const random = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    const letters = ["a", "A", "b", "B", "z", " ", "-", "1", "é", "É", "İ", "i", "Σ", "σ", "ς", "_"];
    const rows = Array.from({ length: 400 }, (_, k) => ({
      id: `id-${random(50)}-${k}`,
      name: Array.from({ length: 1 + random(4) }, () => letters[random(letters.length)]).join(""),
    }));
    const byCodeUnit = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
    const expected = [...rows]
      .sort((a, b) => byCodeUnit(a.name.toLowerCase(), b.name.toLowerCase()) || byCodeUnit(a.id, b.id))
      .map((r) => r.id);
    expect(buildCatalog(payload(rows)).items.map((i) => i._id)).toEqual(expected);
    const inOrder = expected.map((id) => rows.find((r) => r.id === id)!);
    expect(buildCatalog(payload(inOrder)).items.map((i) => i._id)).toEqual(expected); // already in order: kept
    // Two names sent in the wrong order, and nothing else out of place.
    for (const [first, second] of [
      ["Øl", "éa"],
      ["ab", "a"],
      ["b", "A"],
      ["İx", "i"],
      ["ΑΣΑ", "ΑΣ"],
      ["a_", "A1"],
    ]) {
      const names = buildCatalog(
        payload([
          { id: "1", name: first! },
          { id: "2", name: second! },
        ]),
      ).items.map((i) => i.name);
      expect(names, `${first} ${second}`).toEqual([second, first]);
    }
  });

  it("finds names whose lower case is longer than the name (İ)", () => {
    const c = buildCatalog(
      payload([
        { id: "1", name: "İstanbul tea", sku: "IST-1" },
        { id: "2", name: "Tea leaves", barcode: "123" },
      ]),
    );
    expect(searchCatalog(c, "stanbul").map((i) => i._id)).toEqual(["1"]);
    expect(searchCatalog(c, "tea").map((i) => i._id)).toEqual(["2", "1"]);
    expect(findByCode(c, "ist-1")?._id).toBe("1");
    expect(findByCode(c, "123")?._id).toBe("2");
  });

  it("applies changes: updated products replace, new ones join, removed ones leave", () => {
    const next = applyCatalogChanges(
      catalog,
      payload(
        [
          { id: "1", name: "Sugar 1kg", sku: "SUG-1", quantity: 1 },
          { id: "5", name: "Rice 1kg" },
        ],
        { version: "v2", full: false, removed: ["4"] },
      ),
    );
    expect(next.version).toBe("v2");
    expect(next.items.map((i) => i._id)).toEqual(["2", "3", "5", "1"]);
    expect(findByCode(next, "sug-1")?.quantity).toBe(1);
    expect(findByCode(next, "6161100000017")).toBeUndefined(); // its barcode was removed
    expect(searchCatalog(next, "salt")).toEqual([]);
    expect(searchCatalog(next, "rice").map((i) => i._id)).toEqual(["5"]);
  });

  it("after a sale, replaces the items but keeps the index; a rename or a new code re-indexes", () => {
    const sold = applyCatalogChanges(
      catalog,
      payload(
        [
          { id: "4", name: "Salt 500g", quantity: 0 },
          { id: "1", name: "Sugar 1kg", sku: "SUG-1", barcode: "6161100000017", quantity: 2 },
        ],
        { version: "v2", full: false },
      ),
    );
    expect(sold.names).toBe(catalog.names);
    expect(sold.codes).toBe(catalog.codes);
    expect(sold.items.map((i) => [i._id, i.quantity])).toEqual([
      ["2", 5],
      ["3", 5],
      ["4", 0],
      ["1", 2],
    ]);
    expect(findByCode(sold, "6161100000017")?.quantity).toBe(2);
    expect(catalog.items.find((i) => i._id === "4")?.quantity).toBe(5); // the old catalog is untouched

    const archived = applyCatalogChanges(
      sold,
      payload([{ id: "1", name: "Sugar 1kg", sku: "SUG-1", barcode: "6161100000017", quantity: 1 }], {
        version: "v3",
        full: false,
        removed: ["3"],
      }),
    );
    expect(archived.items.map((i) => i._id)).toEqual(["2", "4", "1"]);
    expect(findByCode(archived, "6161100000024")).toBeUndefined();

    const renamedOnly = applyCatalogChanges(
      sold,
      payload([{ id: "4", name: "Bay salt" }], { version: "v3", full: false }),
    );
    expect(renamedOnly.items.map((i) => i._id)).toEqual(["4", "2", "3", "1"]);
    expect(searchCatalog(renamedOnly, "bay").map((i) => i._id)).toEqual(["4"]);

    const renamed = applyCatalogChanges(
      sold,
      payload([{ id: "4", name: "Bay salt", sku: "BS-1" }], { version: "v3", full: false }),
    );
    expect(renamed.items.map((i) => i._id)).toEqual(["4", "2", "3", "1"]);
    expect(searchCatalog(renamed, "bay").map((i) => i._id)).toEqual(["4"]);
    expect(searchCatalog(renamed, "500g")).toEqual([]);
    expect(findByCode(renamed, "bs-1")?._id).toBe("4");

    const recoded = applyCatalogChanges(
      renamed,
      payload([{ id: "4", name: "Bay salt", sku: "BS-2" }], { version: "v4", full: false }),
    );
    expect(findByCode(recoded, "bs-1")).toBeUndefined();
    expect(findByCode(recoded, "bs-2")?._id).toBe("4");
    const rebarcoded = applyCatalogChanges(
      recoded,
      payload([{ id: "4", name: "Bay salt", sku: "BS-2", barcode: "999" }], { version: "v5", full: false }),
    );
    expect(findByCode(rebarcoded, "999")?._id).toBe("4");
  });

  it("keeps the catalog when a refresh brings nothing new, but takes its version", () => {
    const next = applyCatalogChanges(catalog, payload([], { version: "v3", full: false }));
    expect(next.items).toBe(catalog.items);
    expect(next.version).toBe("v3");
  });
});

/** The search as it was before it was made fast: a scan of every item's "name sku barcode". */
function slowSearch(
  items: { _id: string; name: string; sku: string | null; barcode: string | null }[],
  query: string,
  limit: number,
): string[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return [];
  const code = query.trim().toLowerCase();
  let exact: string | undefined;
  for (const i of items) if (i.sku?.toLowerCase() === code || i.barcode?.toLowerCase() === code) exact = i._id; // the last one wins
  const starts: string[] = [];
  const others: string[] = [];
  for (const i of items) {
    const text = `${i.name} ${i.sku ?? ""} ${i.barcode ?? ""}`.toLowerCase();
    if (i._id === exact || !words.every((w) => text.includes(w))) continue;
    (text.startsWith(words[0]!) ? starts : others).push(i._id);
  }
  return [...(exact ? [exact] : []), ...starts, ...others].slice(0, limit);
}

describe("searching the catalog", () => {
  it("finds a product by its exact barcode or SKU, in any case", () => {
    expect(findByCode(catalog, "6161100000017")?._id).toBe("1");
    expect(findByCode(catalog, " sug-2 ")?._id).toBe("2");
    expect(findByCode(catalog, "6161")).toBeUndefined();
    expect(findByCode(catalog, "")).toBeUndefined();
  });

  it("searches names, SKUs and barcodes; every word must match", () => {
    expect(searchCatalog(catalog, "sugar").map((i) => i._id)).toEqual(["1", "2"]);
    expect(searchCatalog(catalog, "2kg sugar").map((i) => i._id)).toEqual(["2"]);
    expect(searchCatalog(catalog, "0024").map((i) => i._id)).toEqual(["3"]);
    expect(searchCatalog(catalog, "sug-2 brown").map((i) => i._id)).toEqual(["2"]); // a word in the SKU, one in the name
    expect(searchCatalog(catalog, "  ")).toEqual([]);
    expect(searchCatalog(catalog, "rice")).toEqual([]);
  });

  it("puts an exact code first, then names that start with the first word", () => {
    const c = buildCatalog(
      payload([
        { id: "a", name: "Bag of sugar" },
        { id: "b", name: "Sugar bag", sku: "BAG" },
      ]),
    );
    expect(searchCatalog(c, "bag").map((i) => i._id)).toEqual(["b", "a"]);
    expect(searchCatalog(catalog, "s").map((i) => i._id)).toEqual(["4", "1", "2"]);
  });

  it("stops at the limit", () => {
    expect(searchCatalog(catalog, "g", 2)).toHaveLength(2);
    expect(searchCatalog(catalog, "g", 0)).toEqual([]);
  });

  it("a code shared by two products finds the later one, as a scan would", () => {
    const c = buildCatalog(
      payload([
        { id: "1", name: "Apples", sku: "X1" },
        { id: "2", name: "Bananas", barcode: "x1" },
      ]),
    );
    expect(findByCode(c, "X1")?._id).toBe("2");
    expect(searchCatalog(c, "x1").map((i) => i._id)).toEqual(["2", "1"]);
  });

  it("answers every query as a scan of every item would, in the same order", () => {
    // A catalog where the quick paths matter: many names sharing prefixes, codes inside
    // names, words split between fields, a code used twice, items sent out of order.
    let seed = 7;
    const random = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    const words = ["sugar", "Sugar", "salt", "soap", "maize", "flour", "6161", "sku", "bag", "İce", "tea", "oil"];
    const rows = Array.from({ length: 600 }, (_, k) => ({
      id: `id-${String(random(1000)).padStart(4, "0")}-${k}`,
      name: `${words[random(words.length)]} ${words[random(words.length)]}${random(3) ? " " : ""}${random(500)}`,
      ...(random(4) ? { sku: `SKU-${random(300)}` } : {}),
      ...(random(3) ? { barcode: `6161${random(100000)}` } : {}),
    }));
    const c = buildCatalog(payload(rows));
    const queries = [
      "s",
      "su",
      "sugar",
      "sugar 1",
      "salt sugar",
      "6161",
      "61612",
      "sku-1",
      "SKU-12",
      "sku-12 sugar",
      "i̇ce",
      "ice",
      "bag 4",
      "1",
      "12",
      "x",
      "tea oil",
      "  soap  ",
    ];
    for (let k = 0; k < 40; k++)
      queries.push(rows[random(rows.length)]!.sku ?? rows[random(rows.length)]!.barcode ?? "none");
    for (const q of queries) {
      for (const limit of [1, 5, 40])
        expect(
          searchCatalog(c, q, limit).map((i) => i._id),
          `${q} (${limit})`,
        ).toEqual(slowSearch(c.items, q, limit));
    }
    expect(searchCatalog(c, "sugar", 40)).toHaveLength(40); // the test covers full lists
  });
});
