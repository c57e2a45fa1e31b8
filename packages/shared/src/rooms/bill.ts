import { z } from "zod";
import { saleLineInputSchema } from "../sales/sale.ts";

/** The totals of one guest bill: room nights plus charges, less what was paid. */
export function billTotals(
  roomTotal: number,
  charges: readonly { amount: number }[],
  payments: readonly { amount: number }[],
): { chargesTotal: number; total: number; paid: number; balance: number } {
  const chargesTotal = charges.reduce((n, c) => n + c.amount, 0);
  const paid = payments.reduce((n, p) => n + p.amount, 0);
  const total = roomTotal + chargesTotal;
  return { chargesTotal, total, paid, balance: total - paid };
}

export const BILL_OVERPAY_MESSAGE = "The payment is more than the balance of the bill";

/** A payment towards a bill: more than 0 and not above what is still owed. */
export function billPaymentProblem(balance: number, amount: number): string | null {
  if (!Number.isInteger(amount) || amount <= 0) return "Must be more than 0";
  if (amount > balance) return BILL_OVERPAY_MESSAGE;
  return null;
}

/**
 * POS "charge to room": the till's ticket, put on a checked-in guest's bill instead of being
 * paid. The sale is recorded as any other (stock leaves through the ledger) with its payment
 * "Room"; the amount is added to the bill.
 */
export const roomChargeInputSchema = z.object({
  products: z.array(saleLineInputSchema).min(1, "The ticket is empty").max(500),
  expectedTotal: z.number().int().min(0).optional(),
  sectionId: z.uuid().optional(),
  tableId: z.uuid().optional(),
  ticketId: z.uuid().optional(),
});
export type RoomChargeInput = z.infer<typeof roomChargeInputSchema>;
