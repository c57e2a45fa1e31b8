import type { Actor } from "./areas.ts";
/**
 * Inside Inventory (spec section 6): reviewStock may look, handleStock may change products
 * and stock, handleTransfer may move stock between the owner's businesses. Admins may do all.
 */
export declare const INVENTORY_ACTIONS: readonly ["view", "manage", "transfer"];
export type InventoryAction = (typeof INVENTORY_ACTIONS)[number];
export declare function mayDoInventory(action: InventoryAction, actor: Actor): boolean;
