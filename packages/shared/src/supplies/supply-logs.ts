import { z } from "zod";

/**
 * The supply logs of spec section 7 (quantity log, transfer log, commodity log, and the
 * quantity and value supplied), and the supply analysis (/supply/analysis).
 */

/** GET /api/supplyrecord/log/quantity/{productId}: every delivery of one product, newest first (price history). */
export const productSupplyLogSchema = z.object({
  product: z.object({
    _id: z.uuid(),
    name: z.string(),
    unit: z.string(),
    quantity: z.number().int(),
    /** The cost price now (weighted average of what was received). */
    buyingPrice: z.number().int(),
  }),
  entries: z.array(
    z.object({
      supplyId: z.uuid(),
      supplyNumber: z.number().int(),
      supplierId: z.uuid(),
      supplierName: z.string(),
      suppliedAt: z.string(),
      quantity: z.number().int(),
      unitCost: z.number().int(),
      transferred: z.number().int(),
      remaining: z.number().int(),
    }),
  ),
  totalReceived: z.number().int(),
  totalTransferred: z.number().int(),
  /** Units received but not yet moved into stock. */
  inSupplyStore: z.number().int(),
});
export type ProductSupplyLog = z.infer<typeof productSupplyLogSchema>;

/** GET /api/supplyrecord/transfer/quantity/{supplyId}: each move of the supply into stock, newest first. */
export const supplyTransferSchema = z.object({
  _id: z.uuid(),
  supplyId: z.uuid(),
  productId: z.uuid(),
  name: z.string(),
  quantity: z.number().int(),
  unitCost: z.number().int(),
  /** The product's cost price before and after this receipt (weighted average). */
  costBefore: z.number().int(),
  costAfter: z.number().int(),
  /** The product's stock after the move. */
  quantityAfter: z.number().int(),
  note: z.string(),
  transferredBy: z.string(),
  createdAt: z.string(),
});
export type SupplyTransfer = z.infer<typeof supplyTransferSchema>;

/** GET /api/supplyrecord/commodity/{supplierId}: every commodity bought from a supplier, newest first. */
export const commodityLogEntrySchema = z.object({
  _id: z.uuid(),
  supplyId: z.uuid(),
  supplyNumber: z.number().int(),
  suppliedAt: z.string(),
  name: z.string(),
  unit: z.string(),
  quantity: z.number().int(),
  unitCost: z.number().int(),
  totalCost: z.number().int(),
});
export type CommodityLogEntry = z.infer<typeof commodityLogEntrySchema>;

/** GET /api/supplyrecord/supply/quantity/value?businessId&supplierId&supplyId. */
export const supplyQuantityValueQuerySchema = z.object({
  businessId: z.uuid(),
  supplierId: z.uuid().optional(),
  supplyId: z.uuid().optional(),
});
export type SupplyQuantityValueQuery = z.infer<typeof supplyQuantityValueQuerySchema>;

/** How much of each product and commodity was supplied, and what it was worth. */
export const supplyQuantityValueSchema = z.object({
  products: z.array(
    z.object({
      productId: z.uuid(),
      name: z.string(),
      unit: z.string(),
      quantity: z.number().int(),
      value: z.number().int(),
      transferred: z.number().int(),
    }),
  ),
  commodities: z.array(
    z.object({ name: z.string(), unit: z.string(), quantity: z.number().int(), value: z.number().int() }),
  ),
  totalQuantity: z.number().int(),
  totalValue: z.number().int(),
});
export type SupplyQuantityValue = z.infer<typeof supplyQuantityValueSchema>;

export const ANALYSIS_BUCKETS = ["day", "week", "month"] as const;
export type AnalysisBucket = (typeof ANALYSIS_BUCKETS)[number];

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "A day as yyyy-MM-dd");

/** GET /api/supplyrecord/analysis: spend between two days (inclusive, the business's time zone). */
export const supplyAnalysisQuerySchema = z
  .object({
    businessId: z.uuid(),
    from: day,
    to: day,
    bucket: z.enum(ANALYSIS_BUCKETS).default("month"),
  })
  .refine((q) => q.from <= q.to, { message: "The start is after the end", path: ["to"] });
export type SupplyAnalysisQuery = z.infer<typeof supplyAnalysisQuerySchema>;

export const supplyAnalysisSchema = z.object({
  total: z.number().int(),
  /** Of the total, what commodities cost. */
  commodities: z.number().int(),
  bySupplier: z.array(
    z.object({ supplierId: z.uuid(), name: z.string(), supplies: z.number().int(), total: z.number().int() }),
  ),
  byProduct: z.array(
    z.object({
      productId: z.uuid(),
      name: z.string(),
      quantity: z.number().int(),
      total: z.number().int(),
      /** total / quantity, rounded to the cent. */
      averageUnitCost: z.number().int(),
    }),
  ),
  /** Spend per period (first day of each), and per supplier within it. */
  periods: z.array(
    z.object({
      period: z.string(),
      total: z.number().int(),
      suppliers: z.array(z.object({ supplierId: z.uuid(), total: z.number().int() })),
    }),
  ),
});
export type SupplyAnalysis = z.infer<typeof supplyAnalysisSchema>;
