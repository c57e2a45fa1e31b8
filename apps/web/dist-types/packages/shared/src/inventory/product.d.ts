import { z } from "zod";
/** Cents: a non-negative whole number (KES 12.50 is 1250). */
export declare const centsSchema: z.ZodNumber;
export declare const STOCK_STATUSES: readonly ["in", "low", "out"];
export type StockStatus = (typeof STOCK_STATUSES)[number];
/** A product as the API returns it. */
export declare const productSchema: z.ZodObject<{
    _id: z.ZodUUID;
    business: z.ZodUUID;
    name: z.ZodString;
    sku: z.ZodNullable<z.ZodString>;
    barcode: z.ZodNullable<z.ZodString>;
    categoryId: z.ZodNullable<z.ZodUUID>;
    subcategoryId: z.ZodNullable<z.ZodUUID>;
    unit: z.ZodString;
    buyingPrice: z.ZodNumber;
    sellingprice: z.ZodNumber;
    wholesalePrice: z.ZodNumber;
    quantity: z.ZodNumber;
    reorderLevel: z.ZodNumber;
    image: z.ZodNullable<z.ZodString>;
    description: z.ZodString;
    active: z.ZodBoolean;
    archived: z.ZodBoolean;
    createdAt: z.ZodString;
    updatedAt: z.ZodString;
}, z.core.$strip>;
export type Product = z.infer<typeof productSchema>;
export declare const createProductInputSchema: z.ZodObject<{
    quantity: z.ZodDefault<z.ZodNumber>;
    name: z.ZodString;
    sku: z.ZodOptional<z.ZodNullable<z.ZodPipe<z.ZodString, z.ZodTransform<string | null, string>>>>;
    barcode: z.ZodOptional<z.ZodNullable<z.ZodPipe<z.ZodString, z.ZodTransform<string | null, string>>>>;
    categoryId: z.ZodOptional<z.ZodNullable<z.ZodUUID>>;
    subcategoryId: z.ZodOptional<z.ZodNullable<z.ZodUUID>>;
    unit: z.ZodDefault<z.ZodString>;
    buyingPrice: z.ZodDefault<z.ZodNumber>;
    sellingprice: z.ZodNumber;
    wholesalePrice: z.ZodDefault<z.ZodNumber>;
    reorderLevel: z.ZodDefault<z.ZodNumber>;
    description: z.ZodDefault<z.ZodString>;
    active: z.ZodDefault<z.ZodBoolean>;
    businessId: z.ZodUUID;
}, z.core.$strip>;
export type CreateProductInput = z.infer<typeof createProductInputSchema>;
/** Quantity is not edited here: it changes only through stock movements. */
export declare const updateProductInputSchema: z.ZodObject<{
    name: z.ZodOptional<z.ZodString>;
    sku: z.ZodOptional<z.ZodOptional<z.ZodNullable<z.ZodPipe<z.ZodString, z.ZodTransform<string | null, string>>>>>;
    barcode: z.ZodOptional<z.ZodOptional<z.ZodNullable<z.ZodPipe<z.ZodString, z.ZodTransform<string | null, string>>>>>;
    categoryId: z.ZodOptional<z.ZodNullable<z.ZodUUID>>;
    subcategoryId: z.ZodOptional<z.ZodNullable<z.ZodUUID>>;
    unit: z.ZodOptional<z.ZodString>;
    buyingPrice: z.ZodOptional<z.ZodNumber>;
    sellingprice: z.ZodOptional<z.ZodNumber>;
    wholesalePrice: z.ZodOptional<z.ZodNumber>;
    reorderLevel: z.ZodOptional<z.ZodNumber>;
    description: z.ZodOptional<z.ZodString>;
    active: z.ZodOptional<z.ZodBoolean>;
}, z.core.$strip>;
export type UpdateProductInput = z.infer<typeof updateProductInputSchema>;
export declare const listProductsQuerySchema: z.ZodObject<{
    businessId: z.ZodUUID;
    search: z.ZodOptional<z.ZodString>;
    categoryId: z.ZodOptional<z.ZodUUID>;
    stockStatus: z.ZodOptional<z.ZodEnum<{
        out: "out";
        in: "in";
        low: "low";
    }>>;
    includeArchived: z.ZodOptional<z.ZodPipe<z.ZodEnum<{
        true: "true";
        false: "false";
    }>, z.ZodTransform<boolean, "true" | "false">>>;
    sort: z.ZodDefault<z.ZodEnum<{
        name: "name";
        sellingprice: "sellingprice";
        quantity: "quantity";
        updatedAt: "updatedAt";
    }>>;
    order: z.ZodDefault<z.ZodEnum<{
        desc: "desc";
        asc: "asc";
    }>>;
    page: z.ZodDefault<z.ZodCoercedNumber<unknown>>;
    pageSize: z.ZodDefault<z.ZodCoercedNumber<unknown>>;
}, z.core.$strip>;
export type ListProductsQuery = z.infer<typeof listProductsQuerySchema>;
export declare const productPageSchema: z.ZodObject<{
    items: z.ZodArray<z.ZodObject<{
        _id: z.ZodUUID;
        business: z.ZodUUID;
        name: z.ZodString;
        sku: z.ZodNullable<z.ZodString>;
        barcode: z.ZodNullable<z.ZodString>;
        categoryId: z.ZodNullable<z.ZodUUID>;
        subcategoryId: z.ZodNullable<z.ZodUUID>;
        unit: z.ZodString;
        buyingPrice: z.ZodNumber;
        sellingprice: z.ZodNumber;
        wholesalePrice: z.ZodNumber;
        quantity: z.ZodNumber;
        reorderLevel: z.ZodNumber;
        image: z.ZodNullable<z.ZodString>;
        description: z.ZodString;
        active: z.ZodBoolean;
        archived: z.ZodBoolean;
        createdAt: z.ZodString;
        updatedAt: z.ZodString;
    }, z.core.$strip>>;
    total: z.ZodNumber;
    page: z.ZodNumber;
    pageSize: z.ZodNumber;
}, z.core.$strip>;
export type ProductPage = z.infer<typeof productPageSchema>;
/** in / low / out, by the same rule as low-stock notifications. */
export declare function stockStatusOf(p: Pick<Product, "quantity" | "reorderLevel">): StockStatus;
export declare const IMAGE_TYPES: readonly ["image/jpeg", "image/png", "image/webp"];
export declare const MAX_IMAGE_BYTES: number;
