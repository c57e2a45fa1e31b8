import { describe, expect, it } from "vitest";
import { parseProductCsv, productsToCsv, PRODUCT_CSV_COLUMNS } from "./product-csv.ts";
import type { Product } from "./product.ts";

const header = PRODUCT_CSV_COLUMNS.join(",");

describe("product CSV", () => {
  it("parses a valid file into typed rows (prices in cents)", () => {
    const { rows, problems } = parseProductCsv(`${header}\nSoda,S1,616100,Drinks,Soft,btl,40,60.50,55,24,6,Cold\n`);
    expect(problems).toEqual([]);
    expect(rows).toEqual([
      {
        name: "Soda",
        sku: "S1",
        barcode: "616100",
        category: "Drinks",
        subcategory: "Soft",
        unit: "btl",
        buyingPrice: 4000,
        sellingPrice: 6050,
        wholesalePrice: 5500,
        quantity: 24,
        reorderLevel: 6,
        description: "Cold",
      },
    ]);
  });

  it("reports every bad row by line and field, and returns no rows", () => {
    const text = `${header}\n,S1,,,,,1,2,3,4,5,\nBread,S2,,,,,x,,3,-1,5,\nMilk,S3,,,,,1,2,3,4,5,`;
    const { rows, problems } = parseProductCsv(text);
    expect(rows).toEqual([]);
    expect(problems).toEqual(
      expect.arrayContaining([
        { line: 2, field: "name", message: "Required" },
        expect.objectContaining({ line: 3, field: "buyingPrice" }),
        expect.objectContaining({ line: 3, field: "sellingPrice" }),
        expect.objectContaining({ line: 3, field: "quantity" }),
      ]),
    );
    expect(problems.some((p) => p.line === 4)).toBe(false);
  });

  it("reports duplicate SKUs and barcodes within the file", () => {
    const { problems } = parseProductCsv(`${header}\nA,S1,B1,,,,,1,,,,\nB,S1,B2,,,,,1,,,,\nC,S3,B1,,,,,1,,,,`);
    expect(problems).toEqual([
      { line: 3, field: "sku", message: "Same sku as line 2" },
      { line: 4, field: "barcode", message: "Same barcode as line 2" },
    ]);
  });

  it("reports duplicates together with other problems, on their own lines", () => {
    const { rows, problems } = parseProductCsv(`${header}\nA,S1,,,,,,1,,,,\n,S2,,,,,,1,,,,\nC,S1,,,,,,1,,,,`);
    expect(rows).toEqual([]);
    expect(problems).toEqual([
      { line: 3, field: "name", message: "Required" },
      { line: 4, field: "sku", message: "Same sku as line 2" },
    ]);
  });

  it("needs the name and sellingPrice columns", () => {
    expect(parseProductCsv("sku,unit\nS1,pcs").problems).toEqual([
      { line: 1, field: "name", message: "Column missing from the header line" },
      { line: 1, field: "sellingPrice", message: "Column missing from the header line" },
    ]);
  });

  it("round-trips through export", () => {
    const p: Product & { categoryName: string } = {
      _id: "00000000-0000-4000-8000-000000000001",
      business: "00000000-0000-4000-8000-000000000002",
      name: 'Tea "Kericho", 250g',
      sku: "T1",
      barcode: null,
      categoryId: null,
      subcategoryId: null,
      unit: "pkt",
      buyingPrice: 12000,
      sellingPrice: 0 as never,
      sellingprice: 15050,
      wholesalePrice: 14000,
      quantity: 7,
      reorderLevel: 2,
      image: null,
      description: "",
      taxType: null,
      active: true,
      archived: false,
      createdAt: "",
      updatedAt: "",
      categoryName: "Beverages",
    } as Product & { categoryName: string };
    const { rows, problems } = parseProductCsv(productsToCsv([p]));
    expect(problems).toEqual([]);
    expect(rows[0]).toMatchObject({
      name: 'Tea "Kericho", 250g',
      sku: "T1",
      barcode: null,
      category: "Beverages",
      sellingPrice: 15050,
      quantity: 7,
    });
  });
});
