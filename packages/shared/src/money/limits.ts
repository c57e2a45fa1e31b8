import { z } from "zod";

/**
 * The one set of money and quantity limits. Every path in (the forms, the API's schemas, the CSV
 * import) takes its bounds from here, so a figure the create route refuses cannot enter by
 * another door, and every figure stays an exact integer in JavaScript (2^53) and in PostgreSQL's
 * bigint (2^63).
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
const MAX_CENTS_TEXT = "At most KES 1,000,000,000.00";
/** A sale (or edit) whose total is above MAX_CENTS: the form's and the server's 400 (field `products`). */
export const TOTAL_ABOVE_LIMIT_MESSAGE = "The total is above KES 1,000,000,000.00";

/** Cents: a whole number from 0 to MAX_CENTS (KES 12.50 is 1250). */
export const centsSchema = z
  .number()
  .int("Amounts are whole cents")
  .min(0, "Cannot be negative")
  .max(MAX_CENTS, MAX_CENTS_TEXT);
/** Units on a shelf: 0 to MAX_STOCK_QUANTITY. */
export const stockQuantitySchema = z
  .number()
  .int("Whole units only")
  .min(0, "Cannot be negative")
  .max(MAX_STOCK_QUANTITY, `At most ${MAX_STOCK_QUANTITY.toLocaleString("en")} units`);
/** Units on one line of a sale or ticket: 1 to MAX_LINE_QUANTITY. */
export const lineQuantitySchema = z
  .number()
  .int("Whole units only")
  .min(1, "At least 1")
  .max(MAX_LINE_QUANTITY, `At most ${MAX_LINE_QUANTITY.toLocaleString("en")} units`);

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
