import { z } from "zod";
import { centsSchema, stockQuantitySchema as quantitySchema } from "../money/limits.ts";
import { TAX_TYPES } from "../tax/vat.ts";
import { pageQueryFields } from "../paging.ts";
import { productEtimsFields } from "../etims/queue.ts";
const optionalCode = z
  .string()
  .trim()
  .max(64)
  .transform((v) => (v === "" ? null : v))
  .nullable()
  .optional();

export const STOCK_STATUSES = ["in", "low", "out"] as const;
export type StockStatus = (typeof STOCK_STATUSES)[number];

/** A product as the API returns it. */
export const productSchema = z.object({
  _id: z.uuid(),
  business: z.uuid(),
  name: z.string(),
  sku: z.string().nullable(),
  barcode: z.string().nullable(),
  categoryId: z.uuid().nullable(),
  subcategoryId: z.uuid().nullable(),
  unit: z.string(),
  buyingPrice: z.number().int(),
  sellingprice: z.number().int(),
  wholesalePrice: z.number().int(),
  quantity: z.number().int(),
  reorderLevel: z.number().int(),
  image: z.string().nullable(),
  description: z.string(),
  /** eTIMS tax type A-E; null: the business's default (B when VAT-registered, else D). */
  taxType: z.enum(TAX_TYPES).nullable(),
  /** KRA eTIMS: item classification, item type, country of origin, packaging and quantity units (KRA's codes). */
  etimsItemClass: z.string().nullable(),
  etimsItemType: z.string().nullable(),
  etimsOrigin: z.string().nullable(),
  etimsPackagingUnit: z.string().nullable(),
  etimsQuantityUnit: z.string().nullable(),
  /** KRA's item code once registered (saveItem); why KRA refused it, if it did. */
  etimsItemCode: z.string().nullable(),
  etimsRegistered: z.boolean(),
  etimsError: z.string().nullable(),
  active: z.boolean(),
  archived: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Product = z.infer<typeof productSchema>;

const productFields = {
  name: z.string().trim().min(1, "Required").max(200),
  sku: optionalCode,
  barcode: optionalCode,
  categoryId: z.uuid().nullable().optional(),
  subcategoryId: z.uuid().nullable().optional(),
  unit: z.string().trim().min(1).max(20).default("pcs"),
  buyingPrice: centsSchema.default(0),
  sellingprice: centsSchema,
  wholesalePrice: centsSchema.default(0),
  reorderLevel: quantitySchema.default(0),
  description: z.string().trim().max(2000).default(""),
  taxType: z.enum(TAX_TYPES).nullable().optional(),
  ...productEtimsFields,
  active: z.boolean().default(true),
};

export const createProductInputSchema = z.object({
  businessId: z.uuid(),
  ...productFields,
  /** Opening stock; recorded in the ledger as an adjustment. */
  quantity: quantitySchema.default(0),
});
export type CreateProductInput = z.infer<typeof createProductInputSchema>;

/** Quantity is not edited here: it changes only through stock movements. */
export const updateProductInputSchema = z
  .object({
    name: productFields.name,
    sku: optionalCode,
    barcode: optionalCode,
    categoryId: z.uuid().nullable(),
    subcategoryId: z.uuid().nullable(),
    unit: z.string().trim().min(1).max(20),
    buyingPrice: centsSchema,
    sellingprice: centsSchema,
    wholesalePrice: centsSchema,
    reorderLevel: quantitySchema,
    description: z.string().trim().max(2000),
    taxType: z.enum(TAX_TYPES).nullable(),
    ...productEtimsFields,
    active: z.boolean(),
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, { message: "Nothing to update" });
export type UpdateProductInput = z.infer<typeof updateProductInputSchema>;

export const listProductsQuerySchema = z.object({
  businessId: z.uuid(),
  search: z.string().trim().max(100).optional(),
  categoryId: z.uuid().optional(),
  stockStatus: z.enum(STOCK_STATUSES).optional(),
  includeArchived: z
    .enum(["true", "false"])
    .transform((v) => v === "true")
    .optional(),
  sort: z.enum(["name", "quantity", "sellingprice", "updatedAt"]).default("name"),
  order: z.enum(["asc", "desc"]).default("asc"),
  ...pageQueryFields({ size: 50, maxSize: 500 }),
});
export type ListProductsQuery = z.infer<typeof listProductsQuerySchema>;

export const productPageSchema = z.object({
  items: z.array(productSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ProductPage = z.infer<typeof productPageSchema>;

/** in / low / out, by the same rule as low-stock notifications. */
export function stockStatusOf(p: Pick<Product, "quantity" | "reorderLevel">): StockStatus {
  if (p.quantity <= 0) return "out";
  return p.reorderLevel > 0 && p.quantity <= p.reorderLevel ? "low" : "in";
}

export const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
