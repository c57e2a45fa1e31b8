import type { BusinessType } from "../business/business.ts";
import type { UserDetails } from "../auth/auth.ts";
/**
 * The areas of the product. Each menu entry opens one area, and each server route that acts
 * for a business names the area it belongs to, so the menu and the server apply one rule.
 */
export declare const AREAS: readonly ["dashboard", "hr", "customers", "inventory", "pos", "pharmacy", "sales", "wholesale", "olderSales", "salesDocuments", "transactions", "expenses", "rooms", "payroll", "reports", "clinic", "requests", "subscription", "supplies", "myAccount", "settings"];
export type Area = (typeof AREAS)[number];
/** What the rules need to know of the signed-in user. */
export type Actor = {
    isAdmin: boolean;
    details: Pick<UserDetails, "username" | "occupation" | "isSupportUser" | "handleStock" | "handleTransfer" | "reviewStock" | "viewPayroll" | "viewBooking" | "viewEmployee" | "viewSupplies" | "viewExpenses">;
};
/** What the rules need to know of the current business; null when none is chosen yet. */
export type BusinessContext = {
    businessType: BusinessType;
    accountActive?: boolean;
} | null;
export declare const STOCK_HANDLER = "Stock Handler";
export declare const CASHIER = "Cashier";
export declare function isStockHandler(actor: Actor): boolean;
/** True when the business is explicitly deactivated (undefined counts as active). */
export declare function isAccountInactive(business: BusinessContext): boolean;
/**
 * May this user use this area of this business? The sidebar shows an entry exactly when this
 * is true, and the server answers 403 to a route of an area for which it is false.
 */
export declare function mayUseArea(area: Area, actor: Actor, business: BusinessContext): boolean;
/** On an inactive account only the provider's support (or a user named Support) reaches Settings. */
export declare function mayOpenSettingsWhileInactive(actor: Actor): boolean;
