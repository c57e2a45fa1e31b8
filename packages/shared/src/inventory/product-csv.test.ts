import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { MAX_CENTS, MAX_STOCK_QUANTITY } from "../money/limits.ts";
import {
  importFileTooLarge,
  importProductsInputSchema,
  importRequestTooLarge,
  MAX_IMPORT_BODY_BYTES,
  MAX_IMPORT_FILE_BYTES,
  MAX_IMPORT_ROWS,
  megabytesOf,
  parseProductCsv,
  productsToCsv,
  PRODUCT_CSV_COLUMNS,
} from "./product-csv.ts";
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
        etimsItemClass: null,
        etimsItemType: null,
        etimsOrigin: null,
        etimsPackagingUnit: null,
        etimsQuantityUnit: null,
      },
    ]);
  });

  it("reads KRA's codes from the eTIMS columns (upper case), and refuses one that is not letters and digits", () => {
    const ok = parseProductCsv(`${header}\nUnga,,,,,,,180,,,,,5020230100,2,ke,BG,u\n`);
    expect(ok.problems).toEqual([]);
    expect(ok.rows[0]).toMatchObject({
      etimsItemClass: "5020230100",
      etimsItemType: "2",
      etimsOrigin: "KE",
      etimsPackagingUnit: "BG",
      etimsQuantityUnit: "U",
    });
    const bad = parseProductCsv(`${header}\nUnga,,,,,,,180,,,,,50-20,2,KE,BG,U\n`);
    expect(bad.rows).toEqual([]);
    expect(bad.problems).toEqual([
      { line: 2, field: "etimsItemClass", message: "Not one of KRA's codes (letters and digits only)" },
    ]);
  });

  it("a row that stops before the eTIMS columns (a file made before them) has them empty; extra cells are refused", () => {
    const older = parseProductCsv(`${header}\nSoda,,,,,,,60.50,,,,Cold\n`);
    expect(older.problems).toEqual([]);
    expect(older.rows[0]).toMatchObject({ name: "Soda", description: "Cold", etimsOrigin: null });
    const longer = parseProductCsv(`name,sellingPrice\nSoda,60.50,extra\n`);
    expect(longer.rows).toEqual([]);
    expect(longer.problems).toHaveLength(1);
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
      etimsItemClass: "5020230100",
      etimsItemType: "2",
      etimsOrigin: "KE",
      etimsPackagingUnit: "BG",
      etimsQuantityUnit: "U",
      etimsItemCode: null,
      etimsRegistered: false,
      etimsError: null,
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
      etimsItemClass: "5020230100",
      etimsOrigin: "KE",
      etimsQuantityUnit: "U",
    });
  });

  it("prices and quantities follow the same limits as the create route, the largest allowed included", () => {
    const largest = `${header}\nBig,,,,,,1000000000.00,1000000000.00,1000000000,${MAX_STOCK_QUANTITY},${MAX_STOCK_QUANTITY},`;
    const ok = parseProductCsv(largest);
    expect(ok.problems).toEqual([]);
    expect(ok.rows[0]).toMatchObject({ sellingPrice: MAX_CENTS, buyingPrice: MAX_CENTS, quantity: MAX_STOCK_QUANTITY });
    // 9e15 cents (KES 90 trillion) passed the import before; the create route caps at 1e11.
    const { rows, problems } = parseProductCsv(
      `${header}\nHuge,,,,,,1,90000000000000.00,1000000000.01,${MAX_STOCK_QUANTITY + 1},0,`,
    );
    expect(rows).toEqual([]);
    expect(problems).toEqual([
      { line: 2, field: "sellingPrice", message: "At most KES 1,000,000,000.00" },
      { line: 2, field: "wholesalePrice", message: "At most KES 1,000,000,000.00" },
      { line: 2, field: "quantity", message: "At most 1,000,000,000 units" },
    ]);
  });

  it("the import API refuses the same figures, whatever a client sends", () => {
    const row = {
      name: "Huge",
      sku: null,
      barcode: null,
      category: null,
      subcategory: null,
      unit: "pcs",
      buyingPrice: 0,
      sellingPrice: 9e15,
      wholesalePrice: 0,
      quantity: 1,
      reorderLevel: 0,
      description: "",
    };
    const businessId = "00000000-0000-4000-8000-000000000002";
    expect(importProductsInputSchema.safeParse({ businessId, rows: [row] }).success).toBe(false);
    expect(
      importProductsInputSchema.safeParse({ businessId, rows: [{ ...row, sellingPrice: MAX_CENTS }] }).success,
    ).toBe(true);
  });

  it("a file is checked for its size before it is read, naming the limit", () => {
    expect(MAX_IMPORT_ROWS).toBe(50_000);
    expect(MAX_IMPORT_FILE_BYTES).toBeLessThan(MAX_IMPORT_BODY_BYTES);
    expect(megabytesOf(MAX_IMPORT_FILE_BYTES)).toBe(10);
    expect(importFileTooLarge({ size: MAX_IMPORT_FILE_BYTES })).toBe(false);
    expect(importFileTooLarge({ size: MAX_IMPORT_FILE_BYTES + 1 })).toBe(true);
    expect(importRequestTooLarge(MAX_IMPORT_BODY_BYTES)).toBe(false);
    expect(importRequestTooLarge(MAX_IMPORT_BODY_BYTES + 1)).toBe(true);
  });

  it("exports names that look like formulas as text, and reads them back unchanged", () => {
    const base = {
      business: "00000000-0000-4000-8000-000000000002",
      barcode: null,
      categoryId: null,
      subcategoryId: null,
      unit: "pcs",
      buyingPrice: 0,
      sellingprice: 100,
      wholesalePrice: 0,
      quantity: 1,
      reorderLevel: 0,
      image: null,
      active: true,
      archived: false,
      createdAt: "",
      updatedAt: "",
    };
    const names = ["=cmd|' /C calc'!A0", "+1+1", "-2+3", "@SUM(A1:A9)", "\t=1+1", "\r=1+1", "'=quoted"];
    const list = names.map((name, i) => ({
      ...base,
      _id: `00000000-0000-4000-8000-00000000001${i}`,
      name,
      sku: `@S${i}`,
      description: "=1+2",
    })) as Product[];
    const text = productsToCsv(list);
    // As a spreadsheet reads the file: no cell starts with a formula character.
    const cells = Papa.parse<string[]>(text).data.flat();
    expect(cells.filter((c) => /^[=+\-@\t\r]/.test(c) && !/^-?\d+(\.\d+)?$/.test(c))).toEqual([]);
    expect(cells.filter((c) => c.startsWith("'"))).toHaveLength(names.length * 3);
    const { rows, problems } = parseProductCsv(text);
    expect(problems).toEqual([]);
    expect(rows.map((r) => r.name)).toEqual(names.map((n) => n.trim()));
    expect(rows.map((r) => r.sku)).toEqual(names.map((_, i) => `@S${i}`));
    expect(rows.every((r) => r.description === "=1+2")).toBe(true);
  });
});
