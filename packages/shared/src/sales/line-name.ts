// A sale line's name as shown and printed, free of zod (the till's receipt loads it); sale.ts re-exports it.

/** Shown for a line whose stored product name is blank (spec section 2: "name (or Unknown Product)"). */
export const UNKNOWN_PRODUCT = "Unknown Product";

/** A line's product name as it was sold, or Unknown Product when it is blank. */
export const lineName = (line: { name: string }): string => line.name.trim() || UNKNOWN_PRODUCT;
