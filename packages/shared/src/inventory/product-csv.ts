import Papa from "papaparse";
import { z } from "zod";
import { restoreCsvCell, toCsv } from "../csv/csv.ts";
import { KRA_CODE, productEtimsFields } from "../etims/queue.ts";
import { centsProblem, centsSchema, MAX_STOCK_QUANTITY, stockQuantitySchema } from "../money/limits.ts";
import { formatCentsPlain, parseKES } from "../money/money.ts";
import type { Product } from "./product.ts";

/** The columns of a product CSV file, in order; prices are shillings ("120.50"). */
export const PRODUCT_CSV_COLUMNS = [
  "name",
  "sku",
  "barcode",
  "category",
  "subcategory",
  "unit",
  "buyingPrice",
  "sellingPrice",
  "wholesalePrice",
  "quantity",
  "reorderLevel",
  "description",
  // KRA eTIMS (issue 30): KRA's codes from its lists (the product form's pickers show them), so a
  // whole catalogue can be completed in a spreadsheet; a product with all five is registered with KRA.
  "etimsItemClass",
  "etimsItemType",
  "etimsOrigin",
  "etimsPackagingUnit",
  "etimsQuantityUnit",
] as const;
/** The most products one import takes. */
export const MAX_IMPORT_ROWS = 50_000;
/** The largest CSV file the import dialog reads (50,000 rows of about 200 characters). */
export const MAX_IMPORT_FILE_BYTES = 10 * 1024 * 1024;
/**
 * The largest import request the server reads (its bodyLimit for POST /api/products/import): the
 * checked rows as JSON, which take more room than the CSV text they came from.
 */
export const MAX_IMPORT_BODY_BYTES = 30 * 1024 * 1024;

/** Whole megabytes, rounded up: what a person is told of a file's size. */
export const megabytesOf = (bytes: number) => Math.ceil(bytes / (1024 * 1024));

/**
 * The import's limits, checked by the dialog before it reads a file (its size) and before it
 * sends the rows (the request's size); the server refuses the same with 413 and 400.
 */
export const importFileTooLarge = (file: { size: number }) => file.size > MAX_IMPORT_FILE_BYTES;
export const importRequestTooLarge = (bytes: number) => bytes > MAX_IMPORT_BODY_BYTES;

const money = (required: boolean) =>
  z
    .string()
    .trim()
    .transform((v, ctx) => {
      if (v === "" && !required) return 0;
      const cents = parseKES(v);
      if (cents === null) {
        ctx.addIssue({ code: "custom", message: v === "" ? "Required" : `"${v}" is not an amount in shillings` });
        return z.NEVER;
      }
      const problem = centsProblem(cents);
      if (problem) {
        ctx.addIssue({ code: "custom", message: problem });
        return z.NEVER;
      }
      return cents;
    });
const count = z
  .string()
  .trim()
  .transform((v, ctx) => {
    if (v === "") return 0;
    if (!/^\d+$/.test(v)) {
      ctx.addIssue({ code: "custom", message: `"${v}" is not a whole number of units` });
      return z.NEVER;
    }
    const units = Number(v);
    if (units > MAX_STOCK_QUANTITY) {
      ctx.addIssue({ code: "custom", message: `At most ${MAX_STOCK_QUANTITY.toLocaleString("en")} units` });
      return z.NEVER;
    }
    return units;
  });
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((v) => (v === "" ? null : v));

/** A KRA code (an item class like 5020230100, a country like KE, a unit like NT): empty is none. */
const kraCode = z
  .string()
  .trim()
  .refine((v) => v === "" || KRA_CODE.test(v), "Not one of KRA's codes (letters and digits only)")
  .transform((v) => (v === "" ? null : v.toUpperCase()));

/** One row of a CSV file as text, turned into typed values (cents, units). */
export const productCsvRowSchema = z.object({
  name: z.string().trim().min(1, "Required").max(200),
  sku: optionalText(64),
  barcode: optionalText(64),
  category: optionalText(100),
  subcategory: optionalText(100),
  unit: z
    .string()
    .trim()
    .max(20)
    .transform((v) => v || "pcs"),
  buyingPrice: money(false),
  sellingPrice: money(true),
  wholesalePrice: money(false),
  quantity: count,
  reorderLevel: count,
  description: z.string().trim().max(2000),
  etimsItemClass: kraCode,
  etimsItemType: kraCode,
  etimsOrigin: kraCode,
  etimsPackagingUnit: kraCode,
  etimsQuantityUnit: kraCode,
});
export type ProductImportRow = z.output<typeof productCsvRowSchema>;

/** The typed rows the import API accepts (already converted; the server validates them again). */
export const productImportRowSchema = z.object({
  name: z.string().trim().min(1).max(200),
  sku: z.string().trim().min(1).max(64).nullable(),
  barcode: z.string().trim().min(1).max(64).nullable(),
  category: z.string().trim().min(1).max(100).nullable(),
  subcategory: z.string().trim().min(1).max(100).nullable(),
  unit: z.string().trim().min(1).max(20),
  buyingPrice: centsSchema,
  sellingPrice: centsSchema,
  wholesalePrice: centsSchema,
  quantity: stockQuantitySchema,
  reorderLevel: stockQuantitySchema,
  description: z.string().max(2000),
  // As the product routes take them; absent (an older client) is none.
  ...productEtimsFields,
});
export const importProductsInputSchema = z.object({
  businessId: z.uuid(),
  rows: z.array(productImportRowSchema).min(1).max(MAX_IMPORT_ROWS),
});

/** A problem in a file, by line (the header is line 1) and column. */
export type CsvProblem = { line: number; field: string; message: string };

/** Rows with the same SKU or barcode as an earlier row of the file. */
export function findDuplicateCodes(
  rows: readonly Pick<ProductImportRow, "sku" | "barcode">[],
  firstLine = 2,
): CsvProblem[] {
  const problems: CsvProblem[] = [];
  for (const field of ["sku", "barcode"] as const) {
    const seen = new Map<string, number>();
    rows.forEach((row, i) => {
      const code = row[field];
      if (!code) return;
      const earlier = seen.get(code);
      if (earlier !== undefined)
        problems.push({ line: i + firstLine, field, message: `Same ${field} as line ${earlier}` });
      else seen.set(code, i + firstLine);
    });
  }
  return problems;
}

/**
 * Parses and checks a whole product CSV file: every row, every field, duplicates within
 * the file. Rows come back only when there are no problems at all.
 */
export function parseProductCsv(text: string): { rows: ProductImportRow[]; problems: CsvProblem[] } {
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ""), {
    header: true,
    skipEmptyLines: "greedy",
    transformHeader: (h) => h.trim(),
  });
  const problems: CsvProblem[] = [];
  const headers = parsed.meta.fields ?? [];
  const missing = PRODUCT_CSV_COLUMNS.filter((c) => (c === "name" || c === "sellingPrice") && !headers.includes(c));
  for (const column of missing)
    problems.push({ line: 1, field: column, message: "Column missing from the header line" });
  // A row that stops early (a file from before the eTIMS columns, a spreadsheet that drops empty
  // cells at the end) has those cells empty; one with more cells than the header is refused.
  for (const err of parsed.errors)
    if (err.code !== "TooFewFields") problems.push({ line: (err.row ?? 0) + 2, field: "-", message: err.message });
  if (problems.length) return { rows: [], problems };
  if (parsed.data.length > MAX_IMPORT_ROWS)
    return {
      rows: [],
      problems: [
        {
          line: MAX_IMPORT_ROWS + 2,
          field: "-",
          message: `At most ${MAX_IMPORT_ROWS.toLocaleString("en")} products per file`,
        },
      ],
    };
  const rows: ProductImportRow[] = [];
  // One entry per line (a bad row has no codes), so duplicates among the good rows keep their line numbers.
  const codes: Pick<ProductImportRow, "sku" | "barcode">[] = [];
  parsed.data.forEach((record, i) => {
    // A cell this app's export neutralised ('=...) reads back as it was written.
    const filled = Object.fromEntries(PRODUCT_CSV_COLUMNS.map((c) => [c, restoreCsvCell(record[c] ?? "")]));
    const result = productCsvRowSchema.safeParse(filled);
    if (result.success) rows.push(result.data);
    else
      for (const issue of result.error.issues)
        problems.push({ line: i + 2, field: String(issue.path[0] ?? "-"), message: issue.message });
    codes.push(result.success ? result.data : { sku: null, barcode: null });
  });
  problems.push(...findDuplicateCodes(codes));
  return problems.length ? { rows: [], problems: problems.sort((a, b) => a.line - b.line) } : { rows, problems };
}

/** A CSV file of products, in the same columns the import reads. */
export function productsToCsv(
  list: readonly (Product & { categoryName?: string | null; subcategoryName?: string | null })[],
): string {
  return toCsv(
    PRODUCT_CSV_COLUMNS,
    list.map((p) => [
      p.name,
      p.sku ?? "",
      p.barcode ?? "",
      p.categoryName ?? "",
      p.subcategoryName ?? "",
      p.unit,
      formatCentsPlain(p.buyingPrice),
      formatCentsPlain(p.sellingprice),
      formatCentsPlain(p.wholesalePrice),
      String(p.quantity),
      String(p.reorderLevel),
      p.description,
      p.etimsItemClass ?? "",
      p.etimsItemType ?? "",
      p.etimsOrigin ?? "",
      p.etimsPackagingUnit ?? "",
      p.etimsQuantityUnit ?? "",
    ]),
  );
}
