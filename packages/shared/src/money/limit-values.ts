/**
 * The one set of money and quantity limits. Every path in (the forms, the API's schemas, the CSV
 * import) takes its bounds from here, so a figure the create route refuses cannot enter by
 * another door, and every figure stays an exact integer in JavaScript (2^53) and in PostgreSQL's
 * bigint (2^63).
 *
 * The figures and plain checks, free of zod, so the till's first load need not carry it; the zod
 * schemas built on them are in limits.ts, which also exports all of this.
 */

/** The largest amount of money in one field (a price, a payment, a sale's total): KES 1,000,000,000.00. */
export const MAX_CENTS = 100_000_000_000;
/** The most units of one product a business can hold; the stock ledger refuses changes beyond it. */
export const MAX_STOCK_QUANTITY = 1_000_000_000;
/** The most units of one product on one sale line or kitchen ticket. */
export const MAX_LINE_QUANTITY = 1_000_000;
/**
 * The largest sum the API answers with (stock value, debts): a sum beyond it (a full shelf at the
 * largest price is already 1e20 cents) is answered as this figure, never as a wrong one or a 500.
 */
export const MAX_SUM_CENTS = Number.MAX_SAFE_INTEGER;

/** "At most KES 1,000,000,000.00", written without importing the formatter (kept dependency-free). */
export const MAX_CENTS_TEXT = "At most KES 1,000,000,000.00";
/** A sale (or edit) whose total is above MAX_CENTS: the form's and the server's 400 (field `products`). */
export const TOTAL_ABOVE_LIMIT_MESSAGE = "The total is above KES 1,000,000,000.00";

/** A document line whose price times quantity is above MAX_CENTS: the 400 on its `unitPrice`. */
export const LINE_ABOVE_LIMIT_MESSAGE = "The line's total is above KES 1,000,000,000.00";

/** Why an amount of cents is out of bounds, or null: for typed amounts checked outside zod. */
export function centsProblem(cents: number): string | null {
  if (!Number.isInteger(cents)) return "Amounts are whole cents";
  if (cents < 0) return "Cannot be negative";
  return cents > MAX_CENTS ? MAX_CENTS_TEXT : null;
}

/** A sum of cents, capped at MAX_SUM_CENTS (the same rule the server's SQL sums follow). */
export function sumCents(values: Iterable<number>): number {
  let sum = 0;
  for (const v of values) {
    sum += v;
    if (sum >= MAX_SUM_CENTS) return MAX_SUM_CENTS;
  }
  return sum;
}
