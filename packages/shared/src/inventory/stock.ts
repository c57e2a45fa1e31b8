import { z } from "zod";

/** Why a product's quantity changed; every change writes one movement (the stock ledger). */
export const STOCK_REASONS = ["sale", "void", "restore", "supply", "transfer_in", "transfer_out", "adjustment", "clear"] as const;
export type StockReason = (typeof STOCK_REASONS)[number];

export const stockMovementSchema = z.object({
  _id: z.uuid(),
  productId: z.uuid(),
  delta: z.number().int(),
  quantityAfter: z.number().int(),
  reason: z.enum(STOCK_REASONS),
  refType: z.string().nullable(),
  refId: z.string().nullable(),
  note: z.string(),
  actorName: z.string(),
  createdAt: z.string(),
});
export type StockMovement = z.infer<typeof stockMovementSchema>;

/** Set the counted quantity, or add/remove a number of units. */
export const adjustStockInputSchema = z
  .object({
    quantity: z.number().int().min(0).max(1_000_000_000).optional(),
    delta: z.number().int().min(-1_000_000_000).max(1_000_000_000).optional(),
    note: z.string().trim().min(1, "Say why the stock changed").max(500),
  })
  .refine((v) => (v.quantity === undefined) !== (v.delta === undefined), { message: "Give either quantity or delta", path: ["quantity"] })
  .refine((v) => v.delta !== 0, { message: "A change of zero changes nothing", path: ["delta"] });
export type AdjustStockInput = z.infer<typeof adjustStockInputSchema>;

export const clearQuantityInputSchema = z.object({ reason: z.string().trim().min(1, "Say why the stock is cleared").max(500) });
export type ClearQuantityInput = z.infer<typeof clearQuantityInputSchema>;

export const movementPageSchema = z.object({ items: z.array(stockMovementSchema), total: z.number().int() });

export const REASON_LABELS: Record<StockReason, string> = {
  sale: "Sale",
  void: "Void",
  restore: "Restore",
  supply: "Supply",
  transfer_in: "Transfer in",
  transfer_out: "Transfer out",
  adjustment: "Adjustment",
  clear: "Cleared",
};
