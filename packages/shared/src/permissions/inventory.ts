import type { Actor } from "./areas.ts";

/**
 * Inside Inventory (spec section 6): reviewStock may look, handleStock may change products
 * and stock, handleTransfer may move stock between the owner's businesses. Admins may do all.
 */
export const INVENTORY_ACTIONS = ["view", "manage", "transfer"] as const;
export type InventoryAction = (typeof INVENTORY_ACTIONS)[number];

export function mayDoInventory(action: InventoryAction, actor: Actor): boolean {
  const { isAdmin, details } = actor;
  if (isAdmin) return true;
  switch (action) {
    case "view":
      return details.handleStock || details.handleTransfer || details.reviewStock;
    case "manage":
      return details.handleStock;
    case "transfer":
      return details.handleTransfer;
  }
}
