import { formatKES } from "../money/money.ts";

export type CreditLimitCheck = { ok: true } | { ok: false; owedAfter: number; message: string };

/**
 * May a customer who owes `owed` take `adding` more on credit? Not when that would bring what
 * they owe above their credit limit (null: no limit set). Paying at the till (adding 0) is
 * always fine. The message says who, what they owe, and the limit, so the cashier can act.
 */
export function checkCreditLimit(
  customer: { name: string; creditLimit: number | null },
  owed: number,
  adding: number,
): CreditLimitCheck {
  if (customer.creditLimit === null || adding <= 0) return { ok: true };
  const owedAfter = owed + adding;
  if (owedAfter <= customer.creditLimit) return { ok: true };
  return {
    ok: false,
    owedAfter,
    message:
      `Over the credit limit: ${customer.name} owes ${formatKES(owed)} and this sale would bring it to ` +
      `${formatKES(owedAfter)}, above the limit of ${formatKES(customer.creditLimit)}. ` +
      `Take more payment now, or ask the owner to allow it.`,
  };
}
