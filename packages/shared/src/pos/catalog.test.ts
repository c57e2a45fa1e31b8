import { describe, expect, it } from "vitest";
import { findByCode, searchCatalog } from "./catalog-search.ts";
import { catalogPayloadSchema } from "./catalog-schema.ts";
import {
  applyCatalogChanges,
  buildCatalog,
  catalogFromStored,
  parseCatalogPayload,
  storedCatalogOf,
} from "./catalog.ts";
import { catalog, payload } from "./catalog-fixture.ts";

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

describe("the catalog kept on the device", () => {
  it("comes back from its stored form as it was, index and all, and searches the same", () => {
    const stored = structuredClone(storedCatalogOf(catalog)); // as IndexedDB gives it back
    const back = catalogFromStored(stored);
    expect(back).toEqual(catalog);
    expect(back.codes).toBe(stored.codes); // the index is used as stored, not rebuilt
    expect(searchCatalog(back, "sugar").map((i) => i._id)).toEqual(searchCatalog(catalog, "sugar").map((i) => i._id));
    expect(findByCode(back, "6161100000024")?._id).toBe("3");
  });

  it("rebuilds an index that does not fit its products, and refuses columns that are not valid", () => {
    const stored = storedCatalogOf(catalog);
    const short = { ...stored, names: { text: "\n", offsets: new Int32Array([1]) } };
    expect(catalogFromStored(short)).toEqual(catalog);
    const broken = { ...short, columns: { ...stored.columns, quantities: [1] } };
    expect(() => catalogFromStored(broken)).toThrow(/quantities/);
  });
});
