import type { Sale } from "../sales/sale.ts";
import type { Ticket } from "./cart.ts";

/**
 * The customer-facing display (issue 31): a second window or screen beside the till showing the
 * customer the ticket as it is rung up, then what they paid and their change. The till and the
 * display are two windows of one browser; they talk over a BroadcastChannel named per business,
 * with these messages (amounts in cents, as everywhere).
 */
export const displayChannelName = (businessId: string) => `duka-customer-display:${businessId}`;

export type DisplayLine = {
  name: string;
  quantity: number;
  /** The price of one unit the customer pays (after a line's own discount or override). */
  unitPrice: number;
  total: number;
  /** The line at list price, when a discount lowered it (else null). */
  listTotal: number | null;
};

export type DisplayMessage =
  /**
   * The ticket as the cashier rings it up (no lines: the display welcomes the next customer);
   * `discount` is the whole ticket's discount, beyond the lines' own.
   */
  | { kind: "ticket"; businessName: string; lines: DisplayLine[]; discount: number; total: number }
  /** The sale is done: what was paid and the change to give. */
  | { kind: "paid"; businessName: string; total: number; paid: number; change: number }
  /** A display that has just opened asks the till for the ticket. */
  | { kind: "hello" };

/** The ticket as the customer sees it: each line at the price they pay, then the ticket's discount. */
export function ticketForDisplay(ticket: Ticket, businessName: string): DisplayMessage {
  const lines = ticket.products.map((l) => {
    const listTotal = l.unitPrice * l.quantity;
    return {
      name: l.name,
      quantity: l.quantity,
      unitPrice: l.quantity > 0 ? Math.round(l.totalPrice / l.quantity) : l.unitPrice,
      total: l.totalPrice,
      listTotal: listTotal > l.totalPrice ? listTotal : null,
    };
  });
  const linesTotal = lines.reduce((n, l) => n + l.total, 0);
  return { kind: "ticket", businessName, lines, discount: Math.max(0, linesTotal - ticket.total), total: ticket.total };
}

/**
 * The sale as the customer paid it: the total to pay (a cash sale's rounding included), what they
 * handed over (the part paid now, plus the change given back) and the change.
 */
export function paidForDisplay(
  sale: Pick<Sale, "amount" | "cashRounding" | "balance" | "change">,
  businessName: string,
): DisplayMessage {
  const total = sale.amount + sale.cashRounding;
  return { kind: "paid", businessName, total, paid: total - sale.balance + sale.change, change: sale.change };
}

/** A message from another window, checked before it is shown (any script of the origin may post). */
export function isDisplayMessage(data: unknown): data is DisplayMessage {
  if (!data || typeof data !== "object") return false;
  const m = data as { kind?: unknown; total?: unknown; lines?: unknown };
  if (m.kind === "hello") return true;
  if (m.kind === "paid") return typeof m.total === "number";
  return m.kind === "ticket" && typeof m.total === "number" && Array.isArray(m.lines);
}
