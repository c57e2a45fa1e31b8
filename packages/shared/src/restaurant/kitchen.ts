import { z } from "zod";
import { MAX_LINE_QUANTITY } from "../money/limits.ts";

/** What the kitchen was last told about a ticket, or is told now. */
export type KitchenLine = { productId: string; name: string; quantity: number };
export type KitchenChange = KitchenLine & { previousQuantity: number; change: "new" | "changed" | "cancelled" };

/**
 * What a captain order print must say: only what changed since the last print of the ticket.
 * New lines, changed quantities (with the previous one) and cancelled lines; a line the
 * kitchen already has at the same quantity is never printed again.
 */
export function kitchenChanges(printed: readonly KitchenLine[], current: readonly KitchenLine[]): KitchenChange[] {
  const before = new Map(printed.filter((l) => l.quantity > 0).map((l) => [l.productId, l]));
  const changes: KitchenChange[] = [];
  const seen = new Set<string>();
  for (const line of current) {
    if (seen.has(line.productId) || line.quantity <= 0) continue;
    seen.add(line.productId);
    const old = before.get(line.productId);
    if (!old) changes.push({ ...line, previousQuantity: 0, change: "new" });
    else if (old.quantity !== line.quantity)
      changes.push({ ...line, previousQuantity: old.quantity, change: "changed" });
  }
  for (const old of before.values()) {
    if (!seen.has(old.productId))
      changes.push({ ...old, quantity: 0, previousQuantity: old.quantity, change: "cancelled" });
  }
  return changes;
}

/** The kitchen's view after a print: the current lines. */
export function kitchenStateAfter(current: readonly KitchenLine[]): KitchenLine[] {
  const merged = new Map<string, KitchenLine>();
  for (const l of current) if (l.quantity > 0 && !merged.has(l.productId)) merged.set(l.productId, l);
  return [...merged.values()];
}

export const captainOrderPrintInputSchema = z.object({
  businessId: z.uuid(),
  ticketId: z.uuid(),
  sectionId: z.uuid().optional(),
  tableId: z.uuid().optional(),
  /** The whole ticket as it is now; an empty list cancels everything sent before. */
  products: z
    .array(z.object({ productId: z.uuid(), quantity: z.number().int().min(0).max(MAX_LINE_QUANTITY) }))
    .max(500)
    .refine((lines) => new Set(lines.map((l) => l.productId)).size === lines.length, {
      message: "A product appears twice",
    }),
  note: z.string().trim().max(300).default(""),
});
export type CaptainOrderPrintInput = z.infer<typeof captainOrderPrintInputSchema>;

export const PRINT_STATUSES = ["queued", "sent", "failed", "browser"] as const;

export const captainOrderPrintSchema = z.object({
  _id: z.uuid(),
  businessId: z.uuid(),
  ticketId: z.uuid(),
  saleId: z.uuid().nullable(),
  printNumber: z.number().int(),
  sectionName: z.string().nullable(),
  tableName: z.string().nullable(),
  changes: z.array(
    z.object({
      productId: z.uuid(),
      name: z.string(),
      quantity: z.number().int(),
      previousQuantity: z.number().int(),
      change: z.enum(["new", "changed", "cancelled"]),
    }),
  ),
  note: z.string(),
  printedBy: z.string(),
  /** queued: being sent; sent: the kitchen printer took it; failed: it did not (see printerError); browser: no network printer, print it at the till. */
  printStatus: z.enum(PRINT_STATUSES),
  printerError: z.string().nullable(),
  createdAt: z.string(),
});
export type CaptainOrderPrint = z.infer<typeof captainOrderPrintSchema>;
