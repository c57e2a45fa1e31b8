import { buildCatalog, type CatalogPayload } from "./catalog.ts";

/** Test data of the catalog's tests (catalog.test.ts, catalog-search.test.ts): a payload of these rows. */
export function payload(
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

/** Four products: two sugars (one with a barcode), a flour with a barcode, salt. */
export const catalog = buildCatalog(
  payload([
    { id: "1", name: "Sugar 1kg", sku: "SUG-1", barcode: "6161100000017" },
    { id: "2", name: "Brown Sugar 2kg", sku: "SUG-2" },
    { id: "3", name: "Maize Flour 2kg", barcode: "6161100000024" },
    { id: "4", name: "Salt 500g" },
  ]),
);
