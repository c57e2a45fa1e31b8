import { z } from "zod";
import { centsSchema } from "../money/limits.ts";
import { MAX_STOCK_QUANTITY } from "../inventory/stock.ts";
import { CREDIT_PAYMENT_METHODS, CREDIT_STATUSES } from "../sales/credit.ts";
import { pageQueryFields, pageSchemaOf } from "../paging.ts";

/**
 * A supply record: one delivery from one supplier (spec sections 3 and 7: /api/supplyrecord).
 * Its products (inventory products, for sale) wait in the supply store until they are moved into
 * stock; its commodities (fuel, packaging, ingredients: bought, not sold) never enter stock.
 */
export const SUPPLY_PAYMENT_METHODS = CREDIT_PAYMENT_METHODS;

const MAX_LINES = 200;
const quantity = z.number().int("Whole units only").min(1, "At least 1").max(MAX_STOCK_QUANTITY);
const unitCost = centsSchema;

export const supplyProductInputSchema = z.object({ productId: z.uuid(), quantity, unitCost });
export type SupplyProductInput = z.infer<typeof supplyProductInputSchema>;

export const supplyCommodityInputSchema = z.object({
  name: z.string().trim().min(1, "Required").max(120, "At most 120 characters"),
  unit: z.string().trim().min(1).max(20).default("pcs"),
  quantity,
  unitCost,
});
export type SupplyCommodityInput = z.infer<typeof supplyCommodityInputSchema>;

/** What lines cost: each quantity times its unit cost, added up (cents). */
export function supplyTotal(lines: readonly { quantity: number; unitCost: number }[]): number {
  return lines.reduce((sum, l) => sum + l.quantity * l.unitCost, 0);
}

/** The most any one supply may come to (cents), so totals stay exact integers. */
export const MAX_SUPPLY_TOTAL = 100_000_000_000_000;
/** A supply (or an edited line) whose total is above MAX_SUPPLY_TOTAL: the 400 naming the field. */
export const SUPPLY_TOTAL_ABOVE_LIMIT_MESSAGE = "The total is too large";

export const createSupplyInputSchema = z
  .object({
    businessId: z.uuid(),
    supplierId: z.uuid(),
    /** When the goods arrived; now when not given. */
    suppliedAt: z.iso.datetime({ offset: true }).optional(),
    products: z.array(supplyProductInputSchema).max(MAX_LINES).default([]),
    commodities: z.array(supplyCommodityInputSchema).max(MAX_LINES).default([]),
    /** Paid on delivery; the rest is owed to the supplier (bought on credit). */
    amountPaid: centsSchema.default(0),
    paymentMethod: z.enum(SUPPLY_PAYMENT_METHODS, { error: "Choose Cash, M-Pesa or Bank Transfer" }).optional(),
    receivedBy: z.string().trim().max(120).optional(),
    notes: z.string().trim().max(2000).optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.products.length && !v.commodities.length)
      ctx.addIssue({ code: "custom", path: ["products"], message: "Add at least one product or commodity" });
    const ids = v.products.map((p) => p.productId);
    if (new Set(ids).size !== ids.length)
      ctx.addIssue({ code: "custom", path: ["products"], message: "List each product once" });
    const total = supplyTotal([...v.products, ...v.commodities]);
    if (total > MAX_SUPPLY_TOTAL)
      ctx.addIssue({ code: "custom", path: ["products"], message: SUPPLY_TOTAL_ABOVE_LIMIT_MESSAGE });
    if (v.amountPaid > total)
      ctx.addIssue({
        code: "custom",
        path: ["amountPaid"],
        message: "The amount paid is more than the supply's total",
      });
    if (v.amountPaid > 0 && !v.paymentMethod)
      ctx.addIssue({ code: "custom", path: ["paymentMethod"], message: "Choose how it was paid" });
  });
export type CreateSupplyInput = z.infer<typeof createSupplyInputSchema>;

/** PUT /api/supplyrecord/{id}: the delivery's own details (lines change through the PATCH routes). */
export const updateSupplyInputSchema = z
  .object({
    suppliedAt: z.iso.datetime({ offset: true }).optional(),
    receivedBy: z.string().trim().max(120).optional(),
    notes: z.string().trim().max(2000).optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: "Nothing to change", path: ["notes"] });
export type UpdateSupplyInput = z.infer<typeof updateSupplyInputSchema>;

/** PATCH /api/supplyrecord/{id}/product/{productId}: a product line's quantity or unit cost. */
export const updateSupplyProductInputSchema = z
  .object({ quantity: quantity.optional(), unitCost: unitCost.optional() })
  .refine((v) => v.quantity !== undefined || v.unitCost !== undefined, {
    message: "Give a quantity or a unit cost",
    path: ["quantity"],
  });
export type UpdateSupplyProductInput = z.infer<typeof updateSupplyProductInputSchema>;

/** PATCH /api/supplyrecord/{id}/commodity/{commodityId}: any of a commodity line's fields. */
export const updateSupplyCommodityInputSchema = z
  .object({
    name: z.string().trim().min(1).max(120).optional(),
    unit: z.string().trim().min(1).max(20).optional(),
    quantity: quantity.optional(),
    unitCost: unitCost.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: "Nothing to change", path: ["name"] });
export type UpdateSupplyCommodityInput = z.infer<typeof updateSupplyCommodityInputSchema>;

/** POST /api/supplyrecord/transferSupplyToStock/{id}: units of the supply's products moved into stock. */
export const transferToStockInputSchema = z
  .object({
    products: z
      .array(z.object({ productId: z.uuid(), quantity }))
      .min(1, "Choose what to move")
      .max(MAX_LINES),
    note: z.string().trim().max(500).optional(),
  })
  .refine((v) => new Set(v.products.map((p) => p.productId)).size === v.products.length, {
    message: "List each product once",
    path: ["products"],
  });
export type TransferToStockInput = z.infer<typeof transferToStockInputSchema>;

export const supplyProductLineSchema = z.object({
  _id: z.uuid(),
  productId: z.uuid(),
  name: z.string(),
  unit: z.string(),
  quantity: z.number().int(),
  unitCost: z.number().int(),
  totalCost: z.number().int(),
  /** Units already moved into stock. */
  transferred: z.number().int(),
  /** Units still in the supply store. */
  remaining: z.number().int(),
});
export type SupplyProductLine = z.infer<typeof supplyProductLineSchema>;

export const supplyCommodityLineSchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  unit: z.string(),
  quantity: z.number().int(),
  unitCost: z.number().int(),
  totalCost: z.number().int(),
});
export type SupplyCommodityLine = z.infer<typeof supplyCommodityLineSchema>;

/** A payment to the supplier: at delivery, or later towards the balance. */
export const supplierPaymentSchema = z.object({
  _id: z.uuid(),
  supplyId: z.uuid(),
  supplierId: z.uuid(),
  amount: z.number().int(),
  method: z.enum(SUPPLY_PAYMENT_METHODS),
  paidAt: z.string(),
  atDelivery: z.boolean(),
  recordedBy: z.string(),
});
export type SupplierPayment = z.infer<typeof supplierPaymentSchema>;

export const supplyRecordSchema = z.object({
  _id: z.uuid(),
  businessId: z.uuid(),
  supplyNumber: z.number().int(),
  supplier: z.object({ _id: z.uuid(), name: z.string(), phone: z.string().nullable() }),
  suppliedAt: z.string(),
  products: z.array(supplyProductLineSchema),
  commodities: z.array(supplyCommodityLineSchema),
  total: z.number().int(),
  /** Everything paid so far (at delivery and later). */
  amountPaid: z.number().int(),
  /** Still owed to the supplier. */
  balance: z.number().int(),
  /** The part of the total left owing at delivery; 0 when paid in full then. */
  creditAmount: z.number().int(),
  /** Pending, Partial, Cleared as for sales credit; null when it was never on credit. */
  creditStatus: z.enum(CREDIT_STATUSES).nullable(),
  /** How it was paid at delivery; null when nothing was. */
  paymentMethod: z.enum(SUPPLY_PAYMENT_METHODS).nullable(),
  receivedBy: z.string(),
  notes: z.string(),
  /** Newest first. */
  payments: z.array(supplierPaymentSchema),
  createdBy: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SupplyRecord = z.infer<typeof supplyRecordSchema>;

const booleanText = z.enum(["true", "false"]);

/** GET /api/supplyrecord?businessId: newest first; filters for a supplier and for credit. */
export const listSuppliesQuerySchema = z.object({
  businessId: z.uuid(),
  supplierId: z.uuid().optional(),
  /** true: supplies bought (partly) on credit. */
  credit: booleanText.optional(),
  /** true: only those still owing. */
  open: booleanText.optional(),
  creditStatus: z.enum(CREDIT_STATUSES).optional(),
  /** A supply number, or the supplier's name. */
  q: z.string().trim().max(100).optional(),
  ...pageQueryFields(),
});
export type ListSuppliesQuery = z.infer<typeof listSuppliesQuerySchema>;

export const supplyPageSchema = pageSchemaOf(supplyRecordSchema);
export type SupplyPage = z.infer<typeof supplyPageSchema>;

/** GET /api/supplyrecord/credit/summary: supplies on credit counted on the server. */
export const supplyCreditSummarySchema = z.object({
  /** Supplies bought on credit, cleared ones included. */
  supplies: z.number().int(),
  /** Of those, the ones still owing. */
  open: z.number().int(),
  /** What the open ones came to, what was paid on them, what is still owed. */
  amount: z.number().int(),
  amountPaid: z.number().int(),
  balance: z.number().int(),
});
export type SupplyCreditSummary = z.infer<typeof supplyCreditSummarySchema>;

/** GET /api/supplyrecord/products: the products a delivery may name (for the Supplies area, which may lack Inventory). */
export const supplyProductSearchQuerySchema = z.object({
  businessId: z.uuid(),
  q: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export type SupplyProductSearchQuery = z.infer<typeof supplyProductSearchQuerySchema>;

export const supplyProductOptionSchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  sku: z.string().nullable(),
  unit: z.string(),
  quantity: z.number().int(),
  /** The cost price now (what the last receipts averaged to). */
  buyingPrice: z.number().int(),
});
export type SupplyProductOption = z.infer<typeof supplyProductOptionSchema>;
