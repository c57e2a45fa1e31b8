import { z } from "zod";
import { calendarDateSchema } from "../clinic/patient.ts";
import { MAX_STOCK_QUANTITY } from "./stock.ts";

/**
 * Batches of a product (medicines): units received under a batch number with an expiry date.
 * Receiving a batch adds its units to the product's stock through the ledger; dispensing takes
 * from the batch that expires first and never from an expired one.
 */
export const receiveBatchInputSchema = z.object({
  batchNumber: z
    .string()
    .trim()
    .min(1, "Enter the batch number")
    .max(40)
    .regex(/^[A-Za-z0-9][A-Za-z0-9./-]*$/, "Letters, digits, dot, dash and slash only"),
  expiryDate: calendarDateSchema,
  quantity: z.number().int("Whole units only").min(1, "At least 1").max(MAX_STOCK_QUANTITY),
});
export type ReceiveBatchInput = z.infer<typeof receiveBatchInputSchema>;

export const productBatchSchema = z.object({
  _id: z.uuid(),
  productId: z.uuid(),
  batchNumber: z.string(),
  expiryDate: z.string(),
  /** Units of this batch still on the shelf. */
  quantity: z.number().int(),
  received: z.number().int(),
  expired: z.boolean(),
  createdAt: z.string(),
});
export type ProductBatch = z.infer<typeof productBatchSchema>;

/** Is a batch expired on `today` ("yyyy-MM-dd")? It may be used up to and on its expiry date. */
export const isExpired = (expiryDate: string, today: string) => expiryDate < today;

export type BatchStock = { id: string; batchNumber: string; expiryDate: string; quantity: number };
export type BatchPick =
  | { ok: true; taken: (BatchStock & { take: number })[] }
  | { ok: false; reason: "expired" | "short"; usable: number; expired: BatchStock[] };

/**
 * Which batches a dispensing of `quantity` units takes: the first to expire first, expired
 * ones never. Short of usable units: "expired" when expired batches hold what is missing
 * (they must be cleared, not dispensed), else "short".
 */
export function pickBatches(batches: readonly BatchStock[], quantity: number, today: string): BatchPick {
  const live = batches
    .filter((b) => b.quantity > 0 && !isExpired(b.expiryDate, today))
    .sort((a, b) => a.expiryDate.localeCompare(b.expiryDate) || a.batchNumber.localeCompare(b.batchNumber));
  const expired = batches.filter((b) => b.quantity > 0 && isExpired(b.expiryDate, today));
  const usable = live.reduce((s, b) => s + b.quantity, 0);
  if (usable < quantity) {
    const expiredUnits = expired.reduce((s, b) => s + b.quantity, 0);
    return {
      ok: false,
      reason: expiredUnits > 0 && usable + expiredUnits >= quantity ? "expired" : "short",
      usable,
      expired,
    };
  }
  const taken: (BatchStock & { take: number })[] = [];
  let left = quantity;
  for (const b of live) {
    if (left === 0) break;
    const take = Math.min(left, b.quantity);
    taken.push({ ...b, take });
    left -= take;
  }
  return { ok: true, taken };
}
