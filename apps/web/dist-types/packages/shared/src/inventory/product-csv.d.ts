import { z } from "zod";
import type { Product } from "./product.ts";
/** The columns of a product CSV file, in order; prices are shillings ("120.50"). */
export declare const PRODUCT_CSV_COLUMNS: readonly ["name", "sku", "barcode", "category", "subcategory", "unit", "buyingPrice", "sellingPrice", "wholesalePrice", "quantity", "reorderLevel", "description"];
export declare const MAX_IMPORT_ROWS = 50000;
/** One row of a CSV file as text, turned into typed values (cents, units). */
export declare const productCsvRowSchema: z.ZodObject<{
    name: z.ZodString;
    sku: z.ZodPipe<z.ZodString, z.ZodTransform<string | null, string>>;
    barcode: z.ZodPipe<z.ZodString, z.ZodTransform<string | null, string>>;
    category: z.ZodPipe<z.ZodString, z.ZodTransform<string | null, string>>;
    subcategory: z.ZodPipe<z.ZodString, z.ZodTransform<string | null, string>>;
    unit: z.ZodPipe<z.ZodString, z.ZodTransform<string, string>>;
    buyingPrice: z.ZodPipe<z.ZodString, z.ZodTransform<number, string>>;
    sellingPrice: z.ZodPipe<z.ZodString, z.ZodTransform<number, string>>;
    wholesalePrice: z.ZodPipe<z.ZodString, z.ZodTransform<number, string>>;
    quantity: z.ZodPipe<z.ZodString, z.ZodTransform<number, string>>;
    reorderLevel: z.ZodPipe<z.ZodString, z.ZodTransform<number, string>>;
    description: z.ZodString;
}, z.core.$strip>;
export type ProductImportRow = z.output<typeof productCsvRowSchema>;
/** The typed rows the import API accepts (already converted; the server validates them again). */
export declare const productImportRowSchema: z.ZodObject<{
    name: z.ZodString;
    sku: z.ZodNullable<z.ZodString>;
    barcode: z.ZodNullable<z.ZodString>;
    category: z.ZodNullable<z.ZodString>;
    subcategory: z.ZodNullable<z.ZodString>;
    unit: z.ZodString;
    buyingPrice: z.ZodNumber;
    sellingPrice: z.ZodNumber;
    wholesalePrice: z.ZodNumber;
    quantity: z.ZodNumber;
    reorderLevel: z.ZodNumber;
    description: z.ZodString;
}, z.core.$strip>;
export declare const importProductsInputSchema: z.ZodObject<{
    businessId: z.ZodUUID;
    rows: z.ZodArray<z.ZodObject<{
        name: z.ZodString;
        sku: z.ZodNullable<z.ZodString>;
        barcode: z.ZodNullable<z.ZodString>;
        category: z.ZodNullable<z.ZodString>;
        subcategory: z.ZodNullable<z.ZodString>;
        unit: z.ZodString;
        buyingPrice: z.ZodNumber;
        sellingPrice: z.ZodNumber;
        wholesalePrice: z.ZodNumber;
        quantity: z.ZodNumber;
        reorderLevel: z.ZodNumber;
        description: z.ZodString;
    }, z.core.$strip>>;
}, z.core.$strip>;
/** A problem in a file, by line (the header is line 1) and column. */
export type CsvProblem = {
    line: number;
    field: string;
    message: string;
};
/** Rows with the same SKU or barcode as an earlier row of the file. */
export declare function findDuplicateCodes(rows: readonly Pick<ProductImportRow, "sku" | "barcode">[], firstLine?: number): CsvProblem[];
/**
 * Parses and checks a whole product CSV file: every row, every field, duplicates within
 * the file. Rows come back only when there are no problems at all.
 */
export declare function parseProductCsv(text: string): {
    rows: ProductImportRow[];
    problems: CsvProblem[];
};
/** A CSV file of products, in the same columns the import reads. */
export declare function productsToCsv(list: readonly (Product & {
    categoryName?: string | null;
    subcategoryName?: string | null;
})[]): string;
