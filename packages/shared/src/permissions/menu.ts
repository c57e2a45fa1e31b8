import {
  CASHIER,
  STOCK_HANDLER,
  mayUseArea,
  isAccountInactive,
  mayOpenSettingsWhileInactive,
  type Actor,
  type Area,
  type BusinessContext,
} from "./areas.ts";
import { clinicRightsOf, type ClinicRight } from "./clinic.ts";

export type MenuLink = { label: string; path: string };
export type MenuEntry = {
  key: string;
  label: string;
  /** Where the entry goes; a group has children instead. */
  path?: string;
  children?: MenuLink[];
  /** Logout is an action, not a route. */
  action?: "logout";
};

/** A group's page that also needs one of these clinic rights (the clinic's pages, by role). */
type ChildTemplate = MenuLink & { anyOf?: readonly ClinicRight[] };

type EntryTemplate = {
  key: string;
  label: string;
  area: Area;
  path?: string | ((userId: string) => string);
  children?: ChildTemplate[];
};

/** The sidebar in its order (spec section 2); visibility comes from mayUseArea. */
const ENTRIES: readonly EntryTemplate[] = [
  { key: "home", label: "Home", area: "dashboard", path: "/" },
  { key: "hr", label: "HR Department", area: "hr", path: "/employees" },
  { key: "customers", label: "Customers", area: "customers", path: "/customers" },
  { key: "inventory", label: "Inventory", area: "inventory", path: "/products" },
  {
    key: "pharmacy",
    label: "Pharmacy",
    area: "pharmacy",
    children: [
      { label: "POS", path: "/pos" },
      { label: "Prescriptions", path: "/prescriptions", anyOf: ["prescriptions.read"] },
    ],
  },
  { key: "pos", label: "POS", area: "pos", path: "/pos" },
  { key: "sales", label: "Sales", area: "sales", path: "/sales" },
  {
    key: "wholesale",
    label: "Wholesale",
    area: "wholesale",
    children: [
      { label: "Wholesale", path: "/wholesale" },
      { label: "Orders", path: "/wholesaleOrders" },
    ],
  },
  { key: "olderSales", label: "Older Sales", area: "olderSales", path: "/oldersales" },
  {
    key: "salesDocuments",
    label: "Sales Documents",
    area: "salesDocuments",
    children: [
      { label: "Invoices", path: "/invoices" },
      { label: "Quotations", path: "/quotations" },
      { label: "Orders", path: "/orders" },
      { label: "Receipts", path: "/receipts" },
    ],
  },
  { key: "transactions", label: "Transactions", area: "transactions", path: "/transactions" },
  { key: "expenses", label: "Expenses", area: "expenses", path: "/expenses" },
  { key: "rooms", label: "Rooms", area: "rooms", path: "/booking" },
  { key: "payroll", label: "Payroll", area: "payroll", path: "/payroll" },
  { key: "reports", label: "Reports", area: "reports", children: [{ label: "Summary", path: "/summary" }] },
  {
    key: "clinic",
    label: "Clinic",
    area: "clinic",
    children: [
      // Each page only for the roles whose work it is (permissions/clinic.ts; the pages' own gates).
      { label: "Reception", path: "/reception", anyOf: ["patients.read"] },
      { label: "Consultation", path: "/consultation", anyOf: ["notes.read", "vitals.write"] },
      { label: "Patient Records", path: "/patientrecords", anyOf: ["patients.read"] },
      { label: "Lab", path: "/lab", anyOf: ["lab.read"] },
      { label: "Clinic Reports", path: "/clinicreports", anyOf: ["reports"] },
    ],
  },
  { key: "requests", label: "Requests", area: "requests", path: "/request" },
  { key: "subscription", label: "Subscription", area: "subscriptions", path: "/subscription" },
  // Provider support's own page (support users only, as Requests): the job runner's dead-letter list.
  { key: "failedJobs", label: "Failed Jobs", area: "requests", path: "/failed-jobs" },
  { key: "supplies", label: "Supplies", area: "supplies", path: "/supplier" },
  { key: "myAccount", label: "My Account", area: "myAccount", path: (id) => `/myaccount/${id}` },
  { key: "settings", label: "Settings", area: "settings", path: "/settings" },
];

const LOGOUT: MenuEntry = { key: "logout", label: "Logout", action: "logout" };
const ACCOUNT_INACTIVE: MenuEntry = { key: "accountInactive", label: "Account Inactive", path: "/error" };

/** The settings page differs for non-admins: /settingEmployee/{id}. */
export function settingsPath(actor: Actor & { details: { _id: string } }): string {
  return actor.isAdmin ? "/settings" : `/settingEmployee/${actor.details._id}`;
}

/** The sidebar entries this user sees for this business (spec sections 2, 4 and 6). */
export function buildMenu(actor: Actor & { details: { _id: string } }, business: BusinessContext): MenuEntry[] {
  const settings: MenuEntry = { key: "settings", label: "Settings", path: settingsPath(actor) };
  if (isAccountInactive(business)) {
    return mayOpenSettingsWhileInactive(actor) ? [ACCOUNT_INACTIVE, settings, LOGOUT] : [ACCOUNT_INACTIVE, LOGOUT];
  }
  const rights = clinicRightsOf(actor);
  const visible = ENTRIES.filter((e) => mayUseArea(e.area, actor, business)).flatMap((e): MenuEntry[] => {
    if (e.key === "settings") return [settings];
    const path = typeof e.path === "function" ? e.path(actor.details._id) : e.path;
    // A group shows only the pages the user's role can use, and not at all when none is left.
    const children = e.children
      ?.filter((c) => !c.anyOf || c.anyOf.some((r) => rights.has(r)))
      .map(({ label, path }) => ({ label, path }));
    if (children && !children.length) return [];
    return [{ key: e.key, label: e.label, ...(path ? { path } : {}), ...(children ? { children } : {}) }];
  });
  return [...visible, LOGOUT];
}

/** Every page the user's menu links to (groups' pages included), in menu order. */
export function menuPaths(actor: Actor & { details: { _id: string } }, business: BusinessContext): string[] {
  return buildMenu(actor, business).flatMap((e) => [
    ...(e.path ? [e.path] : []),
    ...(e.children ?? []).map((c) => c.path),
  ]);
}

/** The page each role uses most (issue 20): the till for those who sell, stock for a Stock Handler. */
function mostUsefulPaths(actor: Actor): string[] {
  if (actor.isAdmin) return ["/"];
  const occupation = actor.details.occupation;
  if (occupation === CASHIER || occupation === "Waiter") return ["/pos", "/wholesale"];
  if (occupation === STOCK_HANDLER) return ["/products"];
  return [];
}

/**
 * Where a user lands after signing in: the page they last had open on this device
 * (`remembered`) when their menu still offers it, else their role's most useful page (owner: the
 * dashboard; Cashier or Waiter: the POS; Stock Handler: the products), else the first page their
 * menu offers.
 */
export function landingPath(
  actor: Actor & { details: { _id: string } },
  business: BusinessContext,
  remembered?: string | null,
): string {
  const paths = menuPaths(actor, business);
  if (remembered && paths.includes(remembered)) return remembered;
  return mostUsefulPaths(actor).find((p) => paths.includes(p)) ?? paths[0] ?? "/error";
}
