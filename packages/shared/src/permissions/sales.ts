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
