import { z } from "zod";
import { MAX_STOCK_QUANTITY } from "../money/limits.ts";
import { pageSchemaOf } from "../paging.ts";

/** Why a product's quantity changed; every change writes one movement (the stock ledger). */
export const STOCK_REASONS = [
  "sale",
  "void",
  "restore",
  "supply",
  "transfer_in",
  "transfer_out",
  "adjustment",
  "clear",
  "dispense",
  // An offline sale's shortfall settled (issue 33): the missing units received, or written off.
  "received",
  "loss",
] as const;
export type StockReason = (typeof STOCK_REASONS)[number];

export { MAX_STOCK_QUANTITY };

/**
 * Why a change cannot be applied to a product holding `quantity` units, or null when it can:
 * stock never goes below zero nor above MAX_STOCK_QUANTITY. The ledger's update applies the
 * same bounds (under a row lock); this says which one was hit.
 */
export function stockChangeProblem(
  quantity: number,
  change: { delta?: number; setTo?: number },
): "below-zero" | "above-max" | null {
  const next = change.setTo ?? quantity + (change.delta ?? 0);
  if (next < 0) return "below-zero";
  if (next > MAX_STOCK_QUANTITY) return "above-max";
  return null;
}

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
    quantity: z.number().int().min(0).max(MAX_STOCK_QUANTITY).optional(),
    delta: z.number().int().min(-MAX_STOCK_QUANTITY).max(MAX_STOCK_QUANTITY).optional(),
    note: z.string().trim().min(1, "Say why the stock changed").max(500),
  })
  .refine((v) => (v.quantity === undefined) !== (v.delta === undefined), {
    message: "Give either quantity or delta",
    path: ["quantity"],
  })
  .refine((v) => v.delta !== 0, { message: "A change of zero changes nothing", path: ["delta"] });
export type AdjustStockInput = z.infer<typeof adjustStockInputSchema>;

export const clearQuantityInputSchema = z.object({
  reason: z.string().trim().min(1, "Say why the stock is cleared").max(500),
});
export type ClearQuantityInput = z.infer<typeof clearQuantityInputSchema>;

export const movementPageSchema = pageSchemaOf(stockMovementSchema);

export const REASON_LABELS: Record<StockReason, string> = {
  sale: "Sale",
  void: "Void",
  restore: "Restore",
  supply: "Supply",
  transfer_in: "Transfer in",
  transfer_out: "Transfer out",
  adjustment: "Adjustment",
  clear: "Cleared",
  dispense: "Dispensed",
  received: "Received (sold offline)",
  loss: "Loss",
};
