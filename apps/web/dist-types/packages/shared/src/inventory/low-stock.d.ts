import type { Product } from "./product.ts";
/** Spec section 4: repeat a product's alert at most every 60 seconds. */
export declare const LOW_STOCK_REPEAT_MS = 60000;
export type Notification = {
    id: string;
    message: string;
    type: string;
    businessId: string;
    priority: number;
};
type StockLevel = Pick<Product, "_id" | "name" | "quantity" | "reorderLevel" | "business">;
/** Low when a reorder level is set and the quantity is at or below it. */
export declare function isLowStock(p: Pick<Product, "quantity" | "reorderLevel">): boolean;
/** Emptier shelves first: out of stock is 100, otherwise how far below the level it has fallen. */
export declare function lowStockPriority(p: Pick<Product, "quantity" | "reorderLevel">): number;
export declare function lowStockNotification(p: StockLevel): Notification;
/** Highest priority first; ties by message so the order is stable. */
export declare function sortByPriority<T extends Notification>(list: readonly T[]): T[];
/**
 * Brings the low-stock notifications up to date with the latest stock levels: adds or
 * refreshes those of low products, removes those whose stock recovered or whose level was
 * cleared, keeps other notifications, and sorts by priority. `lastAlerted` (product id ->
 * time) and the returned `alert` list say which products should alert (toast) now: at
 * most once per LOW_STOCK_REPEAT_MS each.
 */
export declare function reconcileLowStock(current: readonly Notification[], products: readonly StockLevel[], lastAlerted: ReadonlyMap<string, number>, now: number): {
    notifications: Notification[];
    alert: Notification[];
    lastAlerted: Map<string, number>;
};
export {};
