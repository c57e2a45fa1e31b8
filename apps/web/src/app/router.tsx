import { lazy, Suspense, type ComponentType } from "react";
import { Navigate, useParams, useRoutes, type RouteObject } from "react-router";
import { FullPageSpinner } from "../components/full-page-spinner.tsx";
import { AdminLoginPage } from "../features/auth/pages/admin-login-page.tsx";
import { HomePage } from "../features/auth/pages/home-page.tsx";
import { StaffLoginPage } from "../features/auth/pages/staff-login-page.tsx";
import { AccessGuard } from "./access-guard.tsx";
import { PROTECTED_ROUTES } from "./paths.ts";
import { RouteErrorBoundary } from "./route-error.tsx";
import { useAppSelector } from "./store.ts";

/**
 * The signed-in frame (app bar, sidebar, notification panel, menus) and everything under it
 * load lazily: the public pages, a new visitor's first load, need none of it.
 */
const AppLayout = lazy(() => import("./app-layout.tsx").then((m) => ({ default: m.AppLayout })));
const LoginPage = lazy(() => import("../features/auth/pages/login-page.tsx"));
const NotAvailablePage = lazy(() => import("../components/not-available-page.tsx").then((m) => ({ default: m.NotAvailablePage })));

/** Pages built so far, loaded lazily; every other route says it is not available yet. */
const PAGES: Record<string, ComponentType> = {
  "/settings": lazy(() => import("../features/settings/settings-page.tsx")),
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
  "/sales/creditWholesale": lazy(() => import("../features/credit/pages/credit-wholesales-page.tsx")),
  "/credit-wholesales/:id": lazy(() => import("../features/credit/pages/credit-wholesale-detail-page.tsx")),
  "/sales/creditSales": lazy(() => import("../features/credit/pages/credit-sales-page.tsx")),
  "/credit-sales/:id": lazy(() => import("../features/credit/pages/credit-sale-detail-page.tsx")),
  "/debts": lazy(() => import("../features/credit/pages/debts-page.tsx")),
  "/credit": lazy(() => import("../features/credit/pages/credit-page.tsx")),
  "/section": lazy(() => import("../features/restaurant/pages/sections-page.tsx")),
};

/** /access: where a signed-out admin lands; the access rules take it from there. */
function AccessPage() {
  const signedIn = useAppSelector((s) => Boolean(s.session.user));
  return <Navigate to={signedIn ? "/" : "/home"} replace />;
}

/** Owners use /settings; others are sent to their own /settingEmployee/{id}. */
function SettingsRoute() {
  const user = useAppSelector((s) => s.session.user);
  const Page = PAGES["/settings"]!;
  if (user && !user.isAdmin) return <Navigate to={`/settingEmployee/${user.details._id}`} replace />;
  return <Page />;
}

function EmployeeSettingsRoute() {
  const { employeeId } = useParams();
  const user = useAppSelector((s) => s.session.user);
  const Page = PAGES["/settingEmployee/:employeeId"]!;
  if (user && employeeId !== user.details._id) return <Navigate to={`/settingEmployee/${user.details._id}`} replace />;
  return <Page />;
}

function elementFor(path: string, title: string) {
  if (path === "/access") return <AccessPage />;
  if (path === "/settings") return <SettingsRoute />;
  if (path === "/settingEmployee/:employeeId") return <EmployeeSettingsRoute />;
  const Page = PAGES[path];
  return Page ? <Page /> : <NotAvailablePage title={title} />;
}

/**
 * The routes, in react-router's declarative mode (BrowserRouter in app.tsx): the app uses no
 * loader, action or fetcher, and the data router (createBrowserRouter) is 15 KB gzip more of
 * every first load. RouteErrorBoundary stands in for the root route's errorElement.
 */
const ROUTES: RouteObject[] = [
  { path: "/home", element: <HomePage /> },
  { path: "/adminaccounts", element: <AdminLoginPage /> },
  { path: "/normalaccounts", element: <StaffLoginPage /> },
  {
    path: "/login",
    element: (
      <Suspense fallback={<FullPageSpinner />}>
        <LoginPage />
      </Suspense>
    ),
  },
  {
    element: (
      <AccessGuard>
        <Suspense fallback={<FullPageSpinner />}>
          <AppLayout />
        </Suspense>
      </AccessGuard>
    ),
    children: [
      ...PROTECTED_ROUTES.filter((r) => r.path !== "/access").map((r) => ({ path: r.path, element: elementFor(r.path, r.title) })),
      // The subscription page's Go Back leads to /dashboard (spec section 2): the dashboard is /.
      { path: "/dashboard", element: <Navigate to="/" replace /> },
      { path: "*", element: <NotAvailablePage title="Page not found" /> },
    ],
  },
  { path: "/access", element: <AccessPage /> },
];

export function AppRoutes() {
  return <RouteErrorBoundary>{useRoutes(ROUTES)}</RouteErrorBoundary>;
}
