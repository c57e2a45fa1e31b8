import { Fragment, lazy, useLayoutEffect, type ComponentType, type ReactNode } from "react";
import { useStore } from "react-redux";
import { Navigate, useLocation, useParams, useRoutes, type RouteObject } from "react-router";
import { NotAvailablePage } from "../components/not-available-page.tsx";
import { NotFoundPage } from "../components/not-found-page.tsx";
import { AppLayout } from "./app-layout.tsx";
import { pathTo, type ProtectedPath } from "../lib/paths.ts";
import { PROTECTED_ROUTES } from "../lib/route-table.ts";
import { preloadTillCatalog } from "./preload-till.ts";
import { useAppSelector } from "./hooks.ts";
import { type AppStore } from "./store.ts";
import { attachSignedInSlices } from "./signed-in-slices.ts";
import { I18nProvider, useLingui } from "@lingui/react";
// The signed-in app's texts: signed-in-app.tsx loads the device's catalogue beside this file.
import { i18n } from "../lib/i18n/i18n.ts";

// Before any signed-in page renders: the slices only they use (signed-in-slices.ts).
attachSignedInSlices();

/** Pages built so far, loaded lazily; every other route says it is not available yet. */
const PAGES: Partial<Record<ProtectedPath, ComponentType>> = {
  "/": lazy(() => import("../features/reports/pages/dashboard-page.tsx")),
  "/summary": lazy(() => import("../features/reports/pages/summary-page.tsx")),
  "/settings": lazy(() => import("./settings-page.tsx")),
  "/settingEmployee/:employeeId": lazy(() => import("../features/settings/employee-settings-page.tsx")),
  "/error": lazy(() => import("./account-inactive-page.tsx")),
  "/pos": lazy(() => import("../features/pos/pos-page.tsx")),
  "/wholesale": lazy(() => import("../features/pos/pos-page.tsx")),
  "/subscription": lazy(() => import("../features/subscriptions/pages/subscription-page.tsx")),
  "/request": lazy(() => import("../features/requests/requests-page.tsx")),
  "/products": lazy(() => import("../features/inventory/products/products-page.tsx")),
  "/products/new": lazy(() => import("../features/inventory/products/new-product-page.tsx")),
  "/products/stock": lazy(() => import("../features/inventory/products/stock-levels-page.tsx")),
  "/products/all": lazy(() => import("../features/inventory/products/all-products-page.tsx")),
  "/products/:productId": lazy(() => import("../features/inventory/products/edit-product-page.tsx")),
  "/category/all": lazy(() => import("../features/inventory/categories/categories-page.tsx")),
  "/category/:categoryId": lazy(() => import("../features/inventory/categories/category-page.tsx")),
  "/stock": lazy(() => import("../features/inventory/stock/stock-overview-page.tsx")),
  "/stock/analysis": lazy(() => import("../features/inventory/stock/stock-analysis-page.tsx")),
  "/daily-logs": lazy(() => import("../features/inventory/daily-logs/daily-logs-page.tsx")),
  "/transfers": lazy(() => import("../features/inventory/transfers/transfers-page.tsx")),
  "/sales": lazy(() => import("../features/sales/pages/sales-page.tsx")),
  "/wholesaleOrders": lazy(() => import("../features/sales/pages/wholesale-orders-page.tsx")),
  "/saleupdate/:saleId": lazy(() => import("../features/sales/pages/sale-update-page.tsx")),
  "/oldersales": lazy(() => import("../features/sales/pages/older-sales-page.tsx")),
  "/sales/creditWholesale": lazy(() => import("../features/sales/credit/pages/credit-wholesales-page.tsx")),
  "/credit-wholesales/:id": lazy(() => import("../features/sales/credit/pages/credit-wholesale-detail-page.tsx")),
  "/sales/creditSales": lazy(() => import("../features/sales/credit/pages/credit-sales-page.tsx")),
  "/credit-sales/:id": lazy(() => import("../features/sales/credit/pages/credit-sale-detail-page.tsx")),
  "/debts": lazy(() => import("../features/sales/credit/pages/debts-page.tsx")),
  "/credit": lazy(() => import("../features/sales/credit/pages/credit-page.tsx")),
  "/section": lazy(() => import("../features/restaurant/pages/sections-page.tsx")),
  "/employees": lazy(() => import("../features/hr/pages/employees-page.tsx")),
  "/employees/new": lazy(() => import("../features/hr/pages/new-employee-page.tsx")),
  "/employees/:employeeId": lazy(() => import("../features/hr/pages/edit-employee-page.tsx")),
  "/employee/:employeeId": lazy(() => import("../features/hr/pages/employee-profile-page.tsx")),
  "/payroll": lazy(() => import("../features/payroll/pages/payroll-page.tsx")),
  "/payroll/analysis": lazy(() => import("../features/payroll/pages/payroll-analysis-page.tsx")),
  "/payroll/:payrollId": lazy(() => import("../features/payroll/pages/payroll-run-page.tsx")),
  "/payrollEmployee/:payrollId": lazy(() => import("../features/payroll/pages/payslip-page.tsx")),
  "/myaccount/:id": lazy(() => import("../features/payroll/pages/my-account-page.tsx")),
  "/commission/analysis": lazy(() => import("../features/payroll/pages/commission-analysis-page.tsx")),
  "/customers": lazy(() => import("../features/customers/pages/customers-page.tsx")),
  "/customers/new": lazy(() => import("../features/customers/pages/new-customer-page.tsx")),
  "/customers/:customerId": lazy(() => import("../features/customers/pages/customer-page.tsx")),
  "/supplier": lazy(() => import("../features/supplies/pages/suppliers-page.tsx")),
  "/supplier/newsupplier": lazy(() => import("../features/supplies/pages/new-supplier-page.tsx")),
  "/supplier/:supplierId": lazy(() => import("../features/supplies/pages/supplier-page.tsx")),
  "/editSupplies/:supplierId": lazy(() => import("../features/supplies/pages/edit-supplies-page.tsx")),
  "/supplier/credit": lazy(() => import("../features/supplies/pages/supplier-credit-page.tsx")),
  "/supplier/credit/:id": lazy(() => import("../features/supplies/pages/supply-page.tsx")),
  "/supply/credit": lazy(() => import("../features/supplies/pages/supply-credit-page.tsx")),
  "/supply/analysis": lazy(() => import("../features/supplies/pages/supply-analysis-page.tsx")),
  "/reception": lazy(() => import("../features/clinic/pages/reception-page.tsx")),
  "/consultation": lazy(() => import("../features/clinic/pages/consultation-page.tsx")),
  "/lab": lazy(() => import("../features/clinic/pages/lab-page.tsx")),
  "/prescriptions": lazy(() => import("../features/clinic/pages/prescriptions-page.tsx")),
  "/patientrecords": lazy(() => import("../features/clinic/pages/patient-records-page.tsx")),
  "/clinicreports": lazy(() => import("../features/clinic/pages/clinic-reports-page.tsx")),
  "/transactions": lazy(() => import("../features/transactions/pages/transactions-page.tsx")),
  "/expenses": lazy(() => import("../features/expenses/pages/expenses-page.tsx")),
  "/expenses/:expenseId": lazy(() => import("../features/expenses/pages/expense-page.tsx")),
  "/invoices": lazy(() => import("../features/sales-documents/pages/invoices-page.tsx")),
  "/quotations": lazy(() => import("../features/sales-documents/pages/quotations-page.tsx")),
  "/receipts": lazy(() => import("../features/sales-documents/pages/receipts-page.tsx")),
  "/orders": lazy(() => import("../features/sales-documents/pages/orders-page.tsx")),
  "/client/newClient": lazy(() => import("../features/sales-documents/pages/new-client-page.tsx")),
  "/booking": lazy(() => import("../features/rooms/pages/front-desk-page.tsx")),
  "/booking/analysis": lazy(() => import("../features/rooms/pages/analysis-page.tsx")),
  "/booking/:roomId": lazy(() => import("../features/rooms/pages/room-page.tsx")),
  "/booking/singlebooking/:bookingId": lazy(() => import("../features/rooms/pages/booking-page.tsx")),
  "/booking/singleconference/:conferenceId": lazy(() => import("../features/rooms/pages/conference-page.tsx")),
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

function elementFor(path: ProtectedPath, title: string) {
  if (path === "/settings") return <SettingsRoute />;
  if (path === "/settingEmployee/:employeeId") return <EmployeeSettingsRoute />;
  if (path === "/myaccount/:id") return <MyAccountRoute />;
  const Page = PAGES[path];
  return Page ? <Page /> : <NotAvailablePage title={title} />;
}

/**
 * The signed-in routes: the app layout (app bar, sidebar, notification panel) around the
 * protected pages. app-routes.tsx renders them behind the access guard; they load lazily, as the
 * public pages (a new visitor's first load) need none of it (signed-in-app.tsx).
 */
const ROUTES: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      ...PROTECTED_ROUTES.filter((r) => r.path !== "/access").map((r) => ({
        path: r.path,
        element: elementFor(r.path, r.title),
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
