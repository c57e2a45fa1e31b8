import type { BusinessType } from "../businesses/business.ts";
import type { PermissionFlag, UserDetails } from "../accounts/auth.ts";
import { isAccountInactive, mayOpenSettingsWhileInactive } from "./account-state.ts";

// The account-state rules have their own file: the access guard of every first load needs only them.
export { isAccountInactive, mayOpenSettingsWhileInactive };

/**
 * The areas of the product. Each menu entry opens one area, and each server route that acts
 * for a business names the area it belongs to, so the menu and the server apply one rule.
 */
export const AREAS = [
  "dashboard",
  "hr",
  "customers",
  "inventory",
  "pos",
  "pharmacy",
  "sales",
  "wholesale",
  "olderSales",
  "salesDocuments",
  "transactions",
  "expenses",
  "rooms",
  "payroll",
  "reports",
  "clinic",
  "requests",
  "subscriptions",
  "supplies",
  "myAccount",
  "settings",
] as const;
export type Area = (typeof AREAS)[number];

/**
 * The vocabulary of the code: one folder of this name per area on every side that has it
 * (`packages/shared/src/<area>/`, `apps/server/src/modules/<area>/`, `apps/web/src/features/<area>/`),
 * with the menu areas (above) each one serves. A new area is added here first;
 * code-areas.test.ts fails on a folder that is not in this list.
 */
export const CODE_AREAS = {
  accounts: [],
  businesses: [],
  hr: ["hr"],
  customers: ["customers"],
  supplies: ["supplies"],
  inventory: ["inventory"],
  pos: ["pos"],
  sales: ["sales", "wholesale", "olderSales"],
  restaurant: [],
  printing: [],
  "sales-documents": ["salesDocuments"],
  transactions: ["transactions"],
  expenses: ["expenses"],
  rooms: ["rooms"],
  payroll: ["payroll", "myAccount"],
  reports: ["reports", "dashboard"],
  clinic: ["clinic", "pharmacy"],
  requests: ["requests"],
  subscriptions: ["subscriptions"],
  /** M-Pesa at the counter: its routes serve the tills and Settings. */
  mpesa: [],
  /** KRA eTIMS (OSCU): the device, KRA's code lists; Settings is its page. */
  etims: [],
  notifications: [],
  settings: ["settings"],
  health: [],
  /** The installation's nightly backups: shown in Settings and on the dashboard. */
  backups: [],
  /** Receipts and reminders by SMS, e-mail and WhatsApp: sent from the tills and Sales, logged in Settings. */
  messages: [],
} as const satisfies Record<string, readonly Area[]>;
export type CodeArea = keyof typeof CODE_AREAS;

/** Folders of packages/shared/src that are not areas but rules every area uses. */
export const SHARED_CROSS_CUTTING = ["errors", "money", "permissions", "phone", "i18n", "csv", "tax"] as const;

/** The tills (POS, Pharmacy, Wholesale): their routes (catalogue, tables, printing) serve all three. */
export const TILL_AREAS = ["pos", "pharmacy", "wholesale"] as const satisfies readonly Area[];

/** What the rules need to know of the signed-in user. */
export type Actor = {
  isAdmin: boolean;
  details: Pick<UserDetails, "username" | "occupation" | "isSupportUser" | PermissionFlag>;
};

/** What the rules need to know of the current business; null when none is chosen yet. */
export type BusinessContext = { businessType: BusinessType; accountActive?: boolean } | null;

export const STOCK_HANDLER = "Stock Handler";
export const CASHIER = "Cashier";

/** Areas a payroll-only business has at all (spec section 6). */
const PAYROLL_BUSINESS_AREAS: ReadonlySet<Area> = new Set(["hr", "myAccount", "payroll", "settings"]);
/** Areas a Stock Handler never sees. */
const HIDDEN_FROM_STOCK_HANDLERS: ReadonlySet<Area> = new Set([
  "sales",
  "wholesale",
  "salesDocuments",
  "transactions",
  "pharmacy",
]);

export function isStockHandler(actor: Actor): boolean {
  return !actor.isAdmin && actor.details.occupation === STOCK_HANDLER;
}

/** The role rule of one area, before business-type and account-state rules (menu table, section 6). */
function roleAllows(area: Area, actor: Actor): boolean {
  const { isAdmin, details } = actor;
  switch (area) {
    case "dashboard":
    case "olderSales":
    case "wholesale":
    case "salesDocuments":
    case "reports":
      return isAdmin;
    case "inventory":
      return isAdmin || details.handleStock || details.handleTransfer || details.reviewStock;
    case "payroll":
      return isAdmin || details.viewPayroll;
    case "rooms":
      return isAdmin || details.viewBooking;
    case "hr":
      return isAdmin || details.viewEmployee;
    case "supplies":
      return isAdmin || details.viewSupplies;
    case "expenses":
      return isAdmin || details.viewExpenses;
    case "transactions":
      return isAdmin || details.occupation === CASHIER;
    case "requests":
    case "subscriptions":
      return details.isSupportUser;
    case "myAccount":
      return !isAdmin;
    case "customers":
    case "pos":
    case "pharmacy":
    case "sales":
    case "clinic":
    case "settings":
      return true;
  }
}

/** Which business types have an area at all. */
function businessTypeAllows(area: Area, type: BusinessType): boolean {
  if (type === "payroll") return PAYROLL_BUSINESS_AREAS.has(area);
  switch (area) {
    case "rooms":
      return type === "hotel";
    case "clinic":
    case "pharmacy":
      return type === "clinic";
    case "pos":
      return type !== "clinic"; // the Pharmacy group replaces the plain POS link
    // My Account (one's own payslips) is in every business type: any business may run payroll for
    // its staff, and a Cashier must reach their payslip from the menu (issue 33 item 5; the spec
    // had it for payroll-type businesses only, where staff reached nothing else).
    default:
      return true;
  }
}

/**
 * May this user use this area of this business? The sidebar shows an entry exactly when this
 * is true, and the server answers 403 to a route of an area for which it is false.
 */
export function mayUseArea(area: Area, actor: Actor, business: BusinessContext): boolean {
  if (isAccountInactive(business)) return area === "settings" && mayOpenSettingsWhileInactive(actor);
  if (isStockHandler(actor) && HIDDEN_FROM_STOCK_HANDLERS.has(area)) return false;
  return roleAllows(area, actor) && businessTypeAllows(area, business?.businessType ?? "general");
}
