import { mayUseArea, type Actor, type Area, type BusinessContext } from "@app/shared/permissions/areas";

/**
 * A protected route: its path, the title its page shows, and the areas (spec section 6, the
 * vocabulary the menu and the server's access policies share) of which the user needs one to
 * open it. `null`: every signed-in user may open it (Settings, whose page differs per user, a
 * payslip, which the server checks per record, and the account-state pages). `owner`: the
 * business owner may open it too, outside its areas (their own subscription, from Settings).
 */
export type ProtectedRoute = { path: string; title: string; areas: readonly Area[] | null; owner?: true };

/**
 * Every protected route of spec section 2, with the title its page shows and its areas: the one
 * table of which page belongs to which area (router.tsx guards each page with it before the page
 * mounts, so no request is sent that the server would refuse). Read by the signed-in routes
 * (app/router.tsx); its own file, so the public pages' first load does not carry it (lib/paths.ts
 * takes only its type).
 */
export const PROTECTED_ROUTES = [
  { path: "/", title: "Home", areas: ["dashboard"] },
  { path: "/pos", title: "POS", areas: ["pos", "pharmacy"] },
  // The customer-facing display beside the till (issue 31): a window of its own, without the menus.
  { path: "/pos/display", title: "Customer display", areas: ["pos", "pharmacy"] },
  { path: "/saleupdate/:saleId", title: "Update Sale", areas: ["sales", "wholesale"] },
  { path: "/employees", title: "HR Department", areas: ["hr"] },
  { path: "/employees/new", title: "New Employee", areas: ["hr"] },
  { path: "/employees/:employeeId", title: "Employee", areas: ["hr"] },
  { path: "/customers", title: "Customers", areas: ["customers"] },
  { path: "/customers/new", title: "New Customer", areas: ["customers"] },
  { path: "/customers/:customerId", title: "Customer", areas: ["customers"] },
  { path: "/products", title: "Products", areas: ["inventory"] },
  { path: "/products/new", title: "New Product", areas: ["inventory"] },
  { path: "/products/stock", title: "Product Stock", areas: ["inventory"] },
  { path: "/products/all", title: "All Products", areas: ["inventory"] },
  { path: "/products/:productId", title: "Product", areas: ["inventory"] },
  { path: "/category/all", title: "Categories", areas: ["inventory"] },
  { path: "/category/:categoryId", title: "Category", areas: ["inventory"] },
  { path: "/promotions", title: "Promotions", areas: ["inventory"] },
  { path: "/wholesale-products", title: "Wholesale Products", areas: ["inventory"] },
  { path: "/stock", title: "Stock", areas: ["inventory"] },
  { path: "/stock/analysis", title: "Stock Analysis", areas: ["inventory"] },
  { path: "/orders", title: "Orders", areas: ["salesDocuments"] },
  { path: "/sales", title: "Sales", areas: ["sales"] },
  { path: "/sales/creditSales", title: "Credit Sales", areas: ["sales"] },
  { path: "/credit-sales/:id", title: "Credit Sale", areas: ["sales"] },
  { path: "/expenses", title: "Expenses", areas: ["expenses"] },
  { path: "/expenses/:expenseId", title: "Expense", areas: ["expenses"] },
  { path: "/transactions", title: "Transactions", areas: ["transactions"] },
  { path: "/supplier", title: "Suppliers", areas: ["supplies"] },
  { path: "/supplier/newsupplier", title: "New Supplier", areas: ["supplies"] },
  { path: "/supplier/credit", title: "Supplier Credit", areas: ["supplies"] },
  { path: "/supplier/credit/:id", title: "Supplier Credit", areas: ["supplies"] },
  { path: "/supplier/:supplierId", title: "Supplier", areas: ["supplies"] },
  { path: "/supply/analysis", title: "Supply Analysis", areas: ["supplies"] },
  { path: "/supply/credit", title: "Supply Credit", areas: ["supplies"] },
  { path: "/editSupplies/:supplierId", title: "Edit Supplies", areas: ["supplies"] },
  { path: "/settings", title: "Settings", areas: null },
  { path: "/settingEmployee/:employeeId", title: "Settings", areas: null },
  { path: "/section", title: "Sections", areas: ["pos", "pharmacy", "wholesale"] },
  { path: "/request", title: "Requests", areas: ["requests"] },
  // Support users only (the Requests area is theirs): jobs failed after their last try.
  { path: "/failed-jobs", title: "Failed Jobs", areas: ["requests"] },
  { path: "/oldersales", title: "Older Sales", areas: ["olderSales"] },
  { path: "/payroll", title: "Payroll", areas: ["payroll"] },
  { path: "/payroll/analysis", title: "Payroll Analysis", areas: ["payroll"] },
  { path: "/payroll/:payrollId", title: "Payroll", areas: ["payroll"] },
  { path: "/payrollEmployee/:payrollId", title: "Payroll Employee", areas: null },
  { path: "/employee/:employeeId", title: "Employee", areas: ["hr"] },
  { path: "/commission/analysis", title: "Commission Analysis", areas: ["payroll"] },
  { path: "/invoices", title: "Invoices", areas: ["salesDocuments"] },
  { path: "/quotations", title: "Quotations", areas: ["salesDocuments"] },
  { path: "/booking", title: "Rooms", areas: ["rooms"] },
  { path: "/booking/analysis", title: "Booking Analysis", areas: ["rooms"] },
  { path: "/booking/singlebooking/:bookingId", title: "Booking", areas: ["rooms"] },
  { path: "/booking/singleconference/:conferenceId", title: "Conference", areas: ["rooms"] },
  { path: "/booking/:roomId", title: "Room", areas: ["rooms"] },
  { path: "/summary", title: "Summary", areas: ["reports"] },
  { path: "/etims", title: "Not yet signed by KRA", areas: ["settings"], owner: true },
  { path: "/etims/purchases", title: "Purchases from KRA", areas: ["settings"], owner: true },
  { path: "/debts", title: "Debts", areas: ["sales"] },
  { path: "/credit", title: "Credit", areas: ["sales"] },
  { path: "/client/newClient", title: "New Client", areas: ["salesDocuments"] },
  { path: "/wholesale", title: "Wholesale", areas: ["wholesale"] },
  { path: "/wholesaleOrders", title: "Wholesale Orders", areas: ["wholesale"] },
  { path: "/sales/creditWholesale", title: "Credit Wholesales", areas: ["wholesale"] },
  { path: "/credit-wholesales/:id", title: "Credit Sale Details", areas: ["wholesale"] },
  { path: "/transfers", title: "Transfers", areas: ["inventory"] },
  { path: "/daily-logs", title: "Daily Stock Report", areas: ["inventory"] },
  // Support manages every subscription (the menu's area); an owner reads their own, from Settings.
  { path: "/subscription", title: "Subscription Management", areas: ["subscriptions"], owner: true },
  { path: "/reception", title: "Reception", areas: ["clinic"] },
  { path: "/consultation", title: "Consultation", areas: ["clinic"] },
  { path: "/patientrecords", title: "Patient Records", areas: ["clinic"] },
  { path: "/lab", title: "Lab", areas: ["clinic"] },
  { path: "/clinicreports", title: "Clinic Reports", areas: ["clinic"] },
  { path: "/prescriptions", title: "Prescriptions", areas: ["pharmacy"] },
  { path: "/receipts", title: "Receipts", areas: ["salesDocuments"] },
  { path: "/myaccount/:id", title: "My Account", areas: ["myAccount"] },
  { path: "/access", title: "Access", areas: null },
  { path: "/error", title: "Account Inactive", areas: null },
] as const satisfies readonly ProtectedRoute[];

/** May this user open this route of this business? One of the route's areas is enough. */
export function mayOpenRoute(route: ProtectedRoute, actor: Actor, business: BusinessContext): boolean {
  if (route.owner && actor.isAdmin && !actor.details.isSupportUser) return true;
  return route.areas === null || route.areas.some((area) => mayUseArea(area, actor, business));
}
