// Discounts, price overrides and cash rounding at the till (issue 31, items 1 and 5): pure rules
// the till and the server share, so the till shows exactly what the server will charge.
//
// Arithmetic, stated once:
// - Amounts are integer cents; quantities whole units.
// - A percentage is a whole percent, 1 to 100. A percentage of an amount rounds half up to the
//   cent: 15% of 333 cents = 49.95 -> 50 cents.
// - A line's list total is its list unit price x quantity. A line discount (percent or amount)
//   comes off the list total; a price override replaces the unit price (given unit price x quantity).
// - A ticket discount (percent or amount) comes off the lines' total after their own discounts,
//   and is shared among the lines in proportion to those totals (cents floored, the cents left
//   over go one each to the lines with the largest remainders, the earlier line first on a tie),
//   so every line's final total, and the VAT of its band, is exact and the shares add up.
// - The limit of a member of staff is checked per line: the line's whole discount (its own and
//   its share of the ticket's) as a share of its list total, so a big ticket cannot hide 100%
//   off one item. A price above the list price is no discount.
// - Cash rounding: a sale paid wholly in cash rounds to the nearest 1, 5 or 10 shillings, half
//   up (KES 1,042.50 to the nearest 5 -> 1,045.00). The rounding is paid in cash beside the sale;
//   the sale's total and its VAT do not change.
// - Promotions (pos/promotions.ts): a line without an adjustment may carry its promoted total,
//   which takes the place of its list total before the ticket discount. A manual adjustment
//   replaces the promotion. The limit of a member of staff is then measured from the promoted
//   total (`baseTotal`): the owner's promotion is not the cashier's discount.

export const DISCOUNT_TYPES = ["percent", "amount"] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];

/** What a line may carry: a percentage or an amount off, or a price override. */
export type LineAdjustment =
  { type: "percent"; percent: number } | { type: "amount"; amount: number } | { type: "price"; unitPrice: number };

/** A discount on the whole ticket. */
export type TicketDiscount = { type: "percent"; percent: number } | { type: "amount"; amount: number };

export type DiscountInputLine = {
  listUnitPrice: number;
  quantity: number;
  adjustment?: LineAdjustment | null;
  /** The line's total under a promotion (ignored when the line has an adjustment). */
  promotedTotal?: number | null;
};

export type DiscountedLine = {
  /** List unit price x quantity. */
  listTotal: number;
  /** The unit price given: the override, else the list price. */
  givenUnitPrice: number;
  /** After the line's own discount or override. */
  lineTotal: number;
  /** This line's share of the ticket discount. */
  ticketShare: number;
  /** What the customer pays for the line. */
  total: number;
  /** listTotal - total (negative when an override raised the price). */
  discount: number;
  /** What the line cost before the cashier's discounts: its promoted total, else its list total. */
  baseTotal: number;
};

export type DiscountedTicket = {
  lines: DiscountedLine[];
  /** Sum of the list totals. */
  listTotal: number;
  /** Sum of the lines after their own discounts, before the ticket's. */
  subtotal: number;
  /** The ticket discount in cents. */
  ticketDiscount: number;
  /** What the customer pays. */
  total: number;
  /** listTotal - total. */
  discount: number;
};

export type PricingResult = ({ ok: true } & DiscountedTicket) | { ok: false; field: string; message: string };

/** A whole percent of an amount of cents, half up to the cent. */
export function percentOfCents(cents: number, percent: number): number {
  return Number((BigInt(cents) * BigInt(percent) * 2n + 100n) / 200n);
}

/** Shares `amount` among `weights` in proportion, cents floored, the rest to the largest remainders (earlier first). */
export function shareInProportion(amount: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((s, w) => s + w, 0);
  if (sum <= 0 || amount === 0) return weights.map(() => 0);
  const a = BigInt(amount);
  const s = BigInt(sum);
  const shares = weights.map((w) => (a * BigInt(w)) / s);
  const remainders = weights.map((w, i) => ({ i, r: (a * BigInt(w)) % s }));
  let left = Number(a - shares.reduce((t, x) => t + x, 0n));
  remainders.sort((x, y) => (x.r === y.r ? x.i - y.i : x.r > y.r ? -1 : 1));
  for (const { i } of remainders) {
    if (left <= 0) break;
    shares[i]! += 1n;
    left -= 1;
  }
  return shares.map(Number);
}

const fail = (field: string, message: string): PricingResult => ({ ok: false, field, message });

/** Prices a ticket's lines with their adjustments and the ticket's discount (the rules above). */
export function priceWithDiscounts(
  input: readonly DiscountInputLine[],
  ticketDiscount?: TicketDiscount | null,
): PricingResult {
  const partial: Omit<DiscountedLine, "ticketShare" | "total" | "discount">[] = [];
  // A promoted line keeps its promoted total unless the cashier adjusted it (the rules above).
  for (const [i, l] of input.entries()) {
    const listTotal = l.listUnitPrice * l.quantity;
    const a = l.adjustment;
    let givenUnitPrice = l.listUnitPrice;
    const promoted = !a && l.promotedTotal != null ? Math.min(l.promotedTotal, listTotal) : null;
    let lineTotal = promoted ?? listTotal;
    if (a?.type === "percent") {
      if (!Number.isInteger(a.percent) || a.percent < 0 || a.percent > 100)
        return fail(`products.${i}.adjustment`, "A discount is a whole percent from 0 to 100");
      lineTotal = listTotal - percentOfCents(listTotal, a.percent);
    } else if (a?.type === "amount") {
      if (!Number.isInteger(a.amount) || a.amount < 0)
        return fail(`products.${i}.adjustment`, "A discount is a whole number of cents");
      if (a.amount > listTotal) return fail(`products.${i}.adjustment`, "The discount is more than the line");
      lineTotal = listTotal - a.amount;
    } else if (a?.type === "price") {
      if (!Number.isInteger(a.unitPrice) || a.unitPrice < 0)
        return fail(`products.${i}.adjustment`, "A price is a whole number of cents");
      givenUnitPrice = a.unitPrice;
      lineTotal = a.unitPrice * l.quantity;
    }
    partial.push({ listTotal, givenUnitPrice, lineTotal, baseTotal: promoted ?? listTotal });
  }
  const subtotal = partial.reduce((s, l) => s + l.lineTotal, 0);
  let ticket = 0;
  if (ticketDiscount?.type === "percent") {
    if (!Number.isInteger(ticketDiscount.percent) || ticketDiscount.percent < 0 || ticketDiscount.percent > 100)
      return fail("ticketDiscount", "A discount is a whole percent from 0 to 100");
    ticket = percentOfCents(subtotal, ticketDiscount.percent);
  } else if (ticketDiscount?.type === "amount") {
    if (!Number.isInteger(ticketDiscount.amount) || ticketDiscount.amount < 0)
      return fail("ticketDiscount", "A discount is a whole number of cents");
    if (ticketDiscount.amount > subtotal) return fail("ticketDiscount", "The discount is more than the ticket");
    ticket = ticketDiscount.amount;
  }
  const shares = shareInProportion(
    ticket,
    partial.map((l) => l.lineTotal),
  );
  const lines = partial.map((l, i) => {
    const total = l.lineTotal - shares[i]!;
    return { ...l, ticketShare: shares[i]!, total, discount: l.listTotal - total };
  });
  const listTotal = lines.reduce((s, l) => s + l.listTotal, 0);
  const total = subtotal - ticket;
  return { ok: true, lines, listTotal, subtotal, ticketDiscount: ticket, total, discount: listTotal - total };
}

/** The discount of a line as a percentage of its list total (0 for none or a raised price), to two decimals, up. */
export function discountPercentOf(line: Pick<DiscountedLine, "listTotal" | "discount">): number {
  if (line.discount <= 0 || line.listTotal <= 0) return line.discount > 0 ? 100 : 0;
  return Math.ceil((line.discount * 10000) / line.listTotal) / 100;
}

/** Whether a line's discount is within a limit of `limitPercent` (exact, in integers). */
export function withinLimit(line: Pick<DiscountedLine, "listTotal" | "discount">, limitPercent: number): boolean {
  if (line.discount <= 0) return true;
  return line.discount * 100 <= line.listTotal * limitPercent;
}

/** The part of a line's discount the cashier gave, measured from its promoted total (what the limit checks). */
export function cashierDiscountOf(line: Pick<DiscountedLine, "baseTotal" | "total">): {
  listTotal: number;
  discount: number;
} {
  return { listTotal: line.baseTotal, discount: line.baseTotal - line.total };
}

/** The largest discount the cashier gave on any line, in percent (to two decimals, up); 0 when none. */
export function largestDiscountPercent(lines: readonly Pick<DiscountedLine, "baseTotal" | "total">[]): number {
  return lines.reduce((m, l) => Math.max(m, discountPercentOf(cashierDiscountOf(l))), 0);
}

/** Whether any line's price differs from its list price (a discount or override to approve and record). */
export const hasAdjustments = (ticket: Pick<DiscountedTicket, "lines">) => ticket.lines.some((l) => l.discount !== 0);

// ---- Cash rounding (item 5) ----

/** The business's choice: 0 = no rounding, else the nearest 1, 5 or 10 shillings. */
export const CASH_ROUNDING_STEPS = [0, 1, 5, 10] as const;
export type CashRoundingStep = (typeof CASH_ROUNDING_STEPS)[number];

/** A total rounded to the nearest `stepShillings`, half up; `rounding` is what it adds (negative: takes off). */
export function roundCash(total: number, stepShillings: number): { due: number; rounding: number } {
  if (!stepShillings) return { due: total, rounding: 0 };
  const step = stepShillings * 100;
  const r = total % step;
  const due = r * 2 >= step ? total - r + step : total - r;
  return { due, rounding: due - total };
}

/** Rounding applies to a sale paid wholly in cash (one or more Cash payments, nothing else). */
export function cashRoundingApplies(payments: readonly { method: string }[]): boolean {
  return payments.length > 0 && payments.every((p) => p.method === "Cash");
}

/** What the customer pays for a total with these payments under the business's rounding. */
export function amountDue(
  total: number,
  payments: readonly { method: string }[],
  stepShillings: number,
): { due: number; rounding: number } {
  return cashRoundingApplies(payments) ? roundCash(total, stepShillings) : { due: total, rounding: 0 };
}
