import { z } from "zod";
import { MAX_CENTS, MAX_CENTS_TEXT, MAX_LINE_QUANTITY, MAX_STOCK_QUANTITY } from "./limit-values.ts";

/** The one set of money and quantity limits (limit-values.ts) as zod schemas, with the figures themselves. */
export {
  LINE_ABOVE_LIMIT_MESSAGE,
  MAX_CENTS,
  MAX_LINE_QUANTITY,
  MAX_STOCK_QUANTITY,
  MAX_SUM_CENTS,
  TOTAL_ABOVE_LIMIT_MESSAGE,
  centsProblem,
  sumCents,
} from "./limit-values.ts";

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
