import type { Sale } from "@app/shared/sales/sale";

/** Credit sales and orders still owing, oldest first, with what is owed in all. */
export function openCredit(...lists: readonly (readonly Sale[])[]): { rows: Sale[]; amount: number; paid: number; balance: number } {
  const rows = lists
    .flat()
    .filter((s) => s.status === "completed" && s.creditStatus !== null && s.balance > 0)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.saleNumber - b.saleNumber);
  return {
    rows,
    amount: rows.reduce((n, s) => n + s.amount, 0),
    paid: rows.reduce((n, s) => n + s.amountPaid, 0),
    balance: rows.reduce((n, s) => n + s.balance, 0),
  };
}
