import { z } from "zod";
import { CHANNELS } from "../pos/cart.ts";
import type { StockShortfall } from "./sale.ts";

/**
 * Settling an offline sale's stock shortfall (issue 33, item 9): the units it sold that the
 * stock did not have either arrived after all (receive: the ledger records them received and
 * taken by the sale) or are written off (loss: a ledger row with the reason, quantity unchanged).
 */
export const SHORTFALL_SETTLEMENTS = ["receive", "loss"] as const;
export type ShortfallSettlement = (typeof SHORTFALL_SETTLEMENTS)[number];

export const settleShortfallInputSchema = z
  .object({
    productId: z.uuid(),
    settlement: z.enum(SHORTFALL_SETTLEMENTS),
    /** Why the units were lost (required for a loss), or a note on the delivery. */
    reason: z.string().trim().max(500).optional(),
  })
  .refine((v) => v.settlement !== "loss" || Boolean(v.reason), {
    message: "Say why the stock was lost",
    path: ["reason"],
  });
export type SettleShortfallInput = z.infer<typeof settleShortfallInputSchema>;

/** One product an offline sale or order still lacks (GET /api/stock-shortfalls). */
export const openShortfallSchema = z.object({
  saleId: z.uuid(),
  saleNumber: z.number().int(),
  channel: z.enum(CHANNELS),
  productId: z.uuid(),
  name: z.string(),
  missing: z.number().int().min(1),
  offlineAt: z.string().nullable(),
});
export type OpenShortfall = z.infer<typeof openShortfallSchema>;

/** What is left of a sale's shortfall once one product is settled (null: nothing). */
export function shortfallWithout(list: readonly StockShortfall[] | null, productId: string): StockShortfall[] | null {
  const left = (list ?? []).filter((s) => s.productId !== productId);
  return left.length ? left : null;
}

/** Every open shortfall of some sales, one row per product, oldest sale first. */
export function openShortfallsOf(
  rows: readonly {
    id: string;
    saleNumber: number;
    channel: (typeof CHANNELS)[number];
    offlineAt: string | null;
    stockShortfall: readonly StockShortfall[] | null;
  }[],
): OpenShortfall[] {
  return rows.flatMap((r) =>
    (r.stockShortfall ?? []).map((s) => ({
      saleId: r.id,
      saleNumber: r.saleNumber,
      channel: r.channel,
      productId: s.productId,
      name: s.name,
      missing: s.missing,
      offlineAt: r.offlineAt,
    })),
  );
}
