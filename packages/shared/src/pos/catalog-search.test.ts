import { describe, expect, it } from "vitest";
import { findByCode, searchCatalog } from "./catalog-search.ts";
import { buildCatalog } from "./catalog.ts";
import { catalog, payload } from "./catalog-fixture.ts";

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
