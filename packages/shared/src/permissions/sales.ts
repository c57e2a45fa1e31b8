import { normalizeKenyanPhone } from "../phone/phone.ts";
import type { Actor } from "./areas.ts";

/** The occupation that may correct the day's sales beside the owner. */
export const MANAGER = "Manager";

/**
 * Editing, voiding and restoring sales changes the books after the money was taken, so beyond
 * the Sales area it is for the owner and Managers only; cashiers ring up and collect credit.
 */
export function mayManageSales(actor: Actor): boolean {
  return actor.isAdmin || actor.details.occupation === MANAGER;
}

/** What the edit rule reads of a sale before and after an edit. */
export type SaleCreditTerms = {
  payments: readonly { method: string; amount: number }[];
  customerName?: string | null;
  customerPhone?: string | null;
  /** The customer record the sale is linked to, when it is. */
  customerId?: string | null;
};

const creditOf = (s: SaleCreditTerms) => s.payments.reduce((n, p) => n + (p.method === "Credit" ? p.amount : 0), 0);
const phoneOf = (s: SaleCreditTerms) => {
  const typed = (s.customerPhone ?? "").trim();
  return normalizeKenyanPhone(typed) ?? typed.replace(/\D/g, "");
};
const sameCustomer = (a: SaleCreditTerms, b: SaleCreditTerms) =>
  !(a.customerId && b.customerId && a.customerId !== b.customerId) &&
  (a.customerName ?? "").trim().toLowerCase() === (b.customerName ?? "").trim().toLowerCase() &&
  phoneOf(a) === phoneOf(b);

/**
 * An edit that puts money on credit (a sale paid in cash becomes a debt, or its credit grows) or
 * changes who owes a credit sale. Money the till took would no longer be in the books as taken,
 * or someone else would owe it, so such an edit is the owner's alone; a Manager may still
 * correct lines and how the money was taken, and lower a credit. Every edit keeps a history row.
 */
export function saleEditNeedsOwner(before: SaleCreditTerms, after: SaleCreditTerms): boolean {
  const was = creditOf(before);
  const will = creditOf(after);
  if (will > was) return true;
  return (was > 0 || will > 0) && !sameCustomer(before, after);
}

/** Who may put money on credit or change who owes it: the business's owner (not provider support). */
export const mayMoveCredit = (actor: Actor): boolean => actor.isAdmin && !actor.details.isSupportUser;

/** Whether this user may make this edit: the edit rule above, for the business's owner only (not support). */
export function mayEditSale(actor: Actor, before: SaleCreditTerms, after: SaleCreditTerms): boolean {
  if (!mayManageSales(actor)) return false;
  return !saleEditNeedsOwner(before, after) || mayMoveCredit(actor);
}
