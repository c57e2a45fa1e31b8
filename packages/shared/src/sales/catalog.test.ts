import { describe, expect, it } from "vitest";
import { applyCatalogChanges, buildCatalog, findByCode, searchCatalog, type CatalogPayload } from "./catalog.ts";

function payload(rows: { id: string; name: string; sku?: string; barcode?: string; quantity?: number }[], over: Partial<CatalogPayload> = {}): CatalogPayload {
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

describe("the POS catalog", () => {
  it("finds a product by its exact barcode or SKU, in any case", () => {
    expect(findByCode(catalog, "6161100000017")?._id).toBe("1");
    expect(findByCode(catalog, " sug-2 ")?._id).toBe("2");
    expect(findByCode(catalog, "6161")).toBeUndefined();
  });

  it("searches names, SKUs and barcodes; every word must match", () => {
    expect(searchCatalog(catalog, "sugar").map((i) => i._id)).toEqual(["1", "2"]);
    expect(searchCatalog(catalog, "2kg sugar").map((i) => i._id)).toEqual(["2"]);
    expect(searchCatalog(catalog, "0024").map((i) => i._id)).toEqual(["3"]);
    expect(searchCatalog(catalog, "  ")).toEqual([]);
    expect(searchCatalog(catalog, "rice")).toEqual([]);
  });

  it("puts an exact code first, then names that start with the first word", () => {
    const c = buildCatalog(payload([{ id: "a", name: "Bag of sugar" }, { id: "b", name: "Sugar bag", sku: "BAG" }]));
    expect(searchCatalog(c, "bag").map((i) => i._id)).toEqual(["b", "a"]);
    expect(searchCatalog(catalog, "s").map((i) => i._id)).toEqual(["4", "1", "2"]);
  });

  it("stops at the limit", () => {
    expect(searchCatalog(catalog, "g", 2)).toHaveLength(2);
  });

  it("applies changes: updated products replace, new ones join, removed ones leave", () => {
    const next = applyCatalogChanges(catalog, payload([{ id: "1", name: "Sugar 1kg", sku: "SUG-1", quantity: 1 }, { id: "5", name: "Rice 1kg" }], { version: "v2", full: false, removed: ["4"] }));
    expect(next.version).toBe("v2");
    expect(next.items.map((i) => i._id)).toEqual(["2", "3", "5", "1"]);
    expect(findByCode(next, "sug-1")?.quantity).toBe(1);
    expect(findByCode(next, "6161100000017")).toBeUndefined(); // its barcode was removed
    expect(searchCatalog(next, "salt")).toEqual([]);
  });
});
