import { z } from "zod";

/**
 * A statement: what was charged and what was paid, oldest first, with the balance after each
 * line. A customer's (credit sales and their payments) and a supplier's (supplies and our
 * payments) are built by the same rule.
 */
export const statementLineSchema = z.object({
  date: z.string(),
  kind: z.enum(["charge", "payment"]),
  /** What it was: "Sale #12", "Supply #3". */
  reference: z.string(),
  /** The id of the sale or supply it belongs to. */
  refId: z.uuid(),
  description: z.string(),
  /** Added to what is owed (cents); 0 on a payment. */
  charge: z.number().int(),
  /** Taken off what is owed (cents); 0 on a charge. */
  payment: z.number().int(),
  /** What is owed after this line. */
  balance: z.number().int(),
});
export type StatementLine = z.infer<typeof statementLineSchema>;

export const statementSchema = z.object({
  lines: z.array(statementLineSchema),
  totalCharged: z.number().int(),
  totalPaid: z.number().int(),
  balance: z.number().int(),
});
export type Statement = z.infer<typeof statementSchema>;

export type StatementEntry = Omit<StatementLine, "balance" | "charge" | "payment"> & { amount: number };

/**
 * Sorts entries by date (a charge before a payment made at the same instant, then by reference)
 * and adds the running balance: charges add, payments subtract.
 */
export function buildStatement(entries: readonly StatementEntry[]): Statement {
  const sorted = [...entries].sort(
    (a, b) =>
      a.date.localeCompare(b.date) ||
      (a.kind === b.kind ? 0 : a.kind === "charge" ? -1 : 1) ||
      a.reference.localeCompare(b.reference),
  );
  let balance = 0;
  let totalCharged = 0;
  let totalPaid = 0;
  const lines = sorted.map(({ amount, ...e }): StatementLine => {
    const charge = e.kind === "charge" ? amount : 0;
    const payment = e.kind === "payment" ? amount : 0;
    totalCharged += charge;
    totalPaid += payment;
    balance += charge - payment;
    return { ...e, charge, payment, balance };
  });
  return { lines, totalCharged, totalPaid, balance };
}
