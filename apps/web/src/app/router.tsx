import { Fragment, useLayoutEffect, type ComponentType, type ReactNode } from "react";
import { useStore } from "react-redux";
import { Navigate, useLocation, useParams, useRoutes, type RouteObject } from "react-router";
import { NotAvailablePage } from "../components/not-available-page.tsx";
import { NotFoundPage } from "../components/not-found-page.tsx";
import { AppLayout } from "./app-layout.tsx";
import { pathTo, type ProtectedPath } from "../lib/paths.ts";
import { PROTECTED_ROUTES, mayOpenRoute, type ProtectedRoute } from "../lib/route-table.ts";
import { NotForYourRolePage } from "../components/not-for-your-role-page.tsx";
import { landingPath } from "@app/shared/permissions/menu";
import { preloadTillCatalog } from "./preload-till.ts";
import { useAppSelector } from "./hooks.ts";
import { type AppStore } from "./store.ts";
import { attachSignedInSlices } from "./signed-in-slices.ts";
import { I18nProvider, useLingui } from "@lingui/react";
// The signed-in app's texts: signed-in-app.tsx loads the device's catalogue beside this file.
import { i18n } from "../lib/i18n/i18n.ts";
import { lazyWithRetry } from "../lib/lazy-part.tsx";

// Before any signed-in page renders: the slices only they use (signed-in-slices.ts).
attachSignedInSlices();

/** Pages built so far, loaded lazily; every other route says it is not available yet. */
const PAGES: Partial<Record<ProtectedPath, ComponentType>> = {
  "/": lazyWithRetry(() => import("../features/reports/pages/dashboard-page.tsx")),
  "/summary": lazyWithRetry(() => import("../features/reports/pages/summary-page.tsx")),
  "/etims": lazyWithRetry(() => import("../features/etims/pages/etims-queue-page.tsx")),
  "/etims/purchases": lazyWithRetry(() => import("../features/etims/pages/etims-purchases-page.tsx")),
  "/settings": lazyWithRetry(() => import("./settings-page.tsx")),
  "/settingEmployee/:employeeId": lazyWithRetry(() => import("../features/settings/employee-settings-page.tsx")),
  "/error": lazyWithRetry(() => import("./account-inactive-page.tsx")),
  "/pos": lazyWithRetry(() => import("../features/pos/pos-page.tsx")),
  "/wholesale": lazyWithRetry(() => import("../features/pos/pos-page.tsx")),
  "/pos/display": lazyWithRetry(() => import("../features/pos/customer-display/customer-display-page.tsx")),
  "/subscription": lazyWithRetry(() => import("../features/subscriptions/pages/subscription-page.tsx")),
  "/request": lazyWithRetry(() => import("../features/requests/requests-page.tsx")),
  "/failed-jobs": lazyWithRetry(() => import("../features/health/pages/failed-jobs-page.tsx")),
  "/products": lazyWithRetry(() => import("../features/inventory/products/products-page.tsx")),
  "/products/new": lazyWithRetry(() => import("../features/inventory/products/new-product-page.tsx")),
  "/products/stock": lazyWithRetry(() => import("../features/inventory/products/stock-levels-page.tsx")),
  "/products/all": lazyWithRetry(() => import("../features/inventory/products/all-products-page.tsx")),
  "/products/:productId": lazyWithRetry(() => import("../features/inventory/products/edit-product-page.tsx")),
  "/category/all": lazyWithRetry(() => import("../features/inventory/categories/categories-page.tsx")),
  "/category/:categoryId": lazyWithRetry(() => import("../features/inventory/categories/category-page.tsx")),
  "/promotions": lazyWithRetry(() => import("../features/inventory/promotions/promotions-page.tsx")),
  "/wholesale-products": lazyWithRetry(() => import("../features/inventory/wholesale/wholesale-products-page.tsx")),
  "/stock": lazyWithRetry(() => import("../features/inventory/stock/stock-overview-page.tsx")),
  "/stock/analysis": lazyWithRetry(() => import("../features/inventory/stock/stock-analysis-page.tsx")),
  "/daily-logs": lazyWithRetry(() => import("../features/inventory/daily-logs/daily-logs-page.tsx")),
  "/transfers": lazyWithRetry(() => import("../features/inventory/transfers/transfers-page.tsx")),
  "/sales": lazyWithRetry(() => import("../features/sales/pages/sales-page.tsx")),
  "/wholesaleOrders": lazyWithRetry(() => import("../features/sales/pages/wholesale-orders-page.tsx")),
  "/saleupdate/:saleId": lazyWithRetry(() => import("../features/sales/pages/sale-update-page.tsx")),
  "/oldersales": lazyWithRetry(() => import("../features/sales/pages/older-sales-page.tsx")),
  "/sales/creditWholesale": lazyWithRetry(() => import("../features/sales/credit/pages/credit-wholesales-page.tsx")),
  "/credit-wholesales/:id": lazyWithRetry(
    () => import("../features/sales/credit/pages/credit-wholesale-detail-page.tsx"),
  ),
  "/sales/creditSales": lazyWithRetry(() => import("../features/sales/credit/pages/credit-sales-page.tsx")),
  "/credit-sales/:id": lazyWithRetry(() => import("../features/sales/credit/pages/credit-sale-detail-page.tsx")),
  "/debts": lazyWithRetry(() => import("../features/sales/credit/pages/debts-page.tsx")),
  "/credit": lazyWithRetry(() => import("../features/sales/credit/pages/credit-page.tsx")),
  "/section": lazyWithRetry(() => import("../features/restaurant/pages/sections-page.tsx")),
  "/employees": lazyWithRetry(() => import("../features/hr/pages/employees-page.tsx")),
  "/employees/new": lazyWithRetry(() => import("../features/hr/pages/new-employee-page.tsx")),
  "/employees/:employeeId": lazyWithRetry(() => import("../features/hr/pages/edit-employee-page.tsx")),
  "/employee/:employeeId": lazyWithRetry(() => import("../features/hr/pages/employee-profile-page.tsx")),
  "/payroll": lazyWithRetry(() => import("../features/payroll/pages/payroll-page.tsx")),
  "/payroll/analysis": lazyWithRetry(() => import("../features/payroll/pages/payroll-analysis-page.tsx")),
  "/payroll/:payrollId": lazyWithRetry(() => import("../features/payroll/pages/payroll-run-page.tsx")),
  "/payrollEmployee/:payrollId": lazyWithRetry(() => import("../features/payroll/pages/payslip-page.tsx")),
  "/myaccount/:id": lazyWithRetry(() => import("../features/payroll/pages/my-account-page.tsx")),
  "/commission/analysis": lazyWithRetry(() => import("../features/payroll/pages/commission-analysis-page.tsx")),
  "/customers": lazyWithRetry(() => import("../features/customers/pages/customers-page.tsx")),
  "/customers/new": lazyWithRetry(() => import("../features/customers/pages/new-customer-page.tsx")),
  "/customers/:customerId": lazyWithRetry(() => import("../features/customers/pages/customer-page.tsx")),
  "/supplier": lazyWithRetry(() => import("../features/supplies/pages/suppliers-page.tsx")),
  "/supplier/newsupplier": lazyWithRetry(() => import("../features/supplies/pages/new-supplier-page.tsx")),
  "/supplier/:supplierId": lazyWithRetry(() => import("../features/supplies/pages/supplier-page.tsx")),
  "/editSupplies/:supplierId": lazyWithRetry(() => import("../features/supplies/pages/edit-supplies-page.tsx")),
  "/supplier/credit": lazyWithRetry(() => import("../features/supplies/pages/supplier-credit-page.tsx")),
  "/supplier/credit/:id": lazyWithRetry(() => import("../features/supplies/pages/supply-page.tsx")),
  "/supply/credit": lazyWithRetry(() => import("../features/supplies/pages/supply-credit-page.tsx")),
  "/supply/analysis": lazyWithRetry(() => import("../features/supplies/pages/supply-analysis-page.tsx")),
  "/reception": lazyWithRetry(() => import("../features/clinic/pages/reception-page.tsx")),
  "/consultation": lazyWithRetry(() => import("../features/clinic/pages/consultation-page.tsx")),
  "/lab": lazyWithRetry(() => import("../features/clinic/pages/lab-page.tsx")),
  "/prescriptions": lazyWithRetry(() => import("../features/clinic/pages/prescriptions-page.tsx")),
  "/patientrecords": lazyWithRetry(() => import("../features/clinic/pages/patient-records-page.tsx")),
  "/clinicreports": lazyWithRetry(() => import("../features/clinic/pages/clinic-reports-page.tsx")),
  "/transactions": lazyWithRetry(() => import("../features/transactions/pages/transactions-page.tsx")),
  "/expenses": lazyWithRetry(() => import("../features/expenses/pages/expenses-page.tsx")),
  "/expenses/:expenseId": lazyWithRetry(() => import("../features/expenses/pages/expense-page.tsx")),
  "/invoices": lazyWithRetry(() => import("../features/sales-documents/pages/invoices-page.tsx")),
  "/quotations": lazyWithRetry(() => import("../features/sales-documents/pages/quotations-page.tsx")),
  "/receipts": lazyWithRetry(() => import("../features/sales-documents/pages/receipts-page.tsx")),
  "/orders": lazyWithRetry(() => import("../features/sales-documents/pages/orders-page.tsx")),
  "/client/newClient": lazyWithRetry(() => import("../features/sales-documents/pages/new-client-page.tsx")),
  "/booking": lazyWithRetry(() => import("../features/rooms/pages/front-desk-page.tsx")),
  "/booking/analysis": lazyWithRetry(() => import("../features/rooms/pages/analysis-page.tsx")),
  "/booking/:roomId": lazyWithRetry(() => import("../features/rooms/pages/room-page.tsx")),
  "/booking/singlebooking/:bookingId": lazyWithRetry(() => import("../features/rooms/pages/booking-page.tsx")),
  "/booking/singleconference/:conferenceId": lazyWithRetry(() => import("../features/rooms/pages/conference-page.tsx")),
};

/** Owners use /settings; others are sent to their own /settingEmployee/{id}. */
function SettingsRoute() {
  const user = useAppSelector((s) => s.session.user);
  const Page = PAGES["/settings"]!;
  if (user && !user.isAdmin)
    return <Navigate to={pathTo("/settingEmployee/:employeeId", { employeeId: user.details._id })} replace />;
  return <Page />;
}

function EmployeeSettingsRoute() {
  const { employeeId } = useParams();
  const user = useAppSelector((s) => s.session.user);
  const Page = PAGES["/settingEmployee/:employeeId"]!;
  if (user && employeeId !== user.details._id)
    return <Navigate to={pathTo("/settingEmployee/:employeeId", { employeeId: user.details._id })} replace />;
  return <Page />;
}

/** My Account shows the signed-in user's own payslips: another id leads to their own. */
function MyAccountRoute() {
  const { id } = useParams();
  const user = useAppSelector((s) => s.session.user);
  const Page = PAGES["/myaccount/:id"]!;
  if (user && id !== user.details._id)
    return <Navigate to={pathTo("/myaccount/:id", { id: user.details._id })} replace />;
  return <Page />;
}

function pageFor(path: ProtectedPath, title: string) {
  if (path === "/settings") return <SettingsRoute />;
  if (path === "/settingEmployee/:employeeId") return <EmployeeSettingsRoute />;
  if (path === "/myaccount/:id") return <MyAccountRoute />;
  const Page = PAGES[path];
  return Page ? <Page /> : <NotAvailablePage title={title} />;
}

/**
 * Every protected page opens only for a user who may use one of its route's areas
 * (lib/route-table.ts) in the current business; checked before the page mounts, so it sends no
 * request the server would refuse. Otherwise the not-for-your-role page, except at Home (/): a
 * user without the dashboard is taken to their landing page, as after signing in.
 */
function AreaRoute({ route, children }: { route: ProtectedRoute; children: ReactNode }) {
  const user = useAppSelector((s) => s.session.user);
  const business = useAppSelector((s) => s.business.current);
  if (!user || mayOpenRoute(route, user, business)) return <>{children}</>;
  if (route.path === "/") return <Navigate to={landingPath(user, business)} replace />;
  return <NotForYourRolePage title={route.title} />;
}

function elementFor(route: (typeof PROTECTED_ROUTES)[number]) {
  return <AreaRoute route={route}>{pageFor(route.path, route.title)}</AreaRoute>;
}

/**
 * The signed-in routes: the app layout (app bar, sidebar, notification panel) around the
 * protected pages. app-routes.tsx renders them behind the access guard; they load lazily, as the
 * public pages (a new visitor's first load) need none of it (signed-in-app.tsx).
 */
/** Pages shown without the app's bars and menus: the customer display, on a screen the customer faces. */
const BARE_PATHS: readonly string[] = ["/pos/display"];

const ROUTES: RouteObject[] = [
  ...PROTECTED_ROUTES.filter((r) => BARE_PATHS.includes(r.path)).map((r) => ({ path: r.path, element: elementFor(r) })),
  {
    element: <AppLayout />,
    children: [
      ...PROTECTED_ROUTES.filter((r) => r.path !== "/access" && !BARE_PATHS.includes(r.path)).map((r) => ({
        path: r.path,
        element: elementFor(r),
      })),
      // The subscription page's Go Back leads to /dashboard (spec section 2): the dashboard is /.
      { path: "/dashboard", element: <Navigate to={pathTo("/")} replace /> },
      { path: "*", element: <NotFoundPage /> },
    ],
  },
];

/**
 * Renders the signed-in app again when the language changes, so every text (also those read with
 * the `t` macro outside a hook) is in the new language; the store keeps all state.
 */
function ByLanguage({ children }: { children: ReactNode }) {
  const { i18n: current } = useLingui();
  return <Fragment key={current.locale}>{children}</Fragment>;
}

export default function SignedInRoutes() {
  const location = useLocation();
  const store = useStore() as AppStore;
  // Entering a till starts its catalog download beside the page's own code (preload-till.ts).
  useLayoutEffect(() => preloadTillCatalog(location.pathname, store), [location.key, location.pathname, store]);
  const routes = useRoutes(ROUTES);
  return (
    <I18nProvider i18n={i18n}>
      <ByLanguage>{routes}</ByLanguage>
    </I18nProvider>
  );
}
