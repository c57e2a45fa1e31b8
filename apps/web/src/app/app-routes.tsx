import { Fragment, Suspense, type ReactNode } from "react";
import { Navigate, useRoutes, type RouteObject } from "react-router";
import { FullPageSpinner } from "../components/full-page-spinner.tsx";
import { AdminLoginPage } from "../features/accounts/pages/admin-login-page.tsx";
import { HomePage } from "../features/accounts/pages/home-page.tsx";
import { StaffLoginPage } from "../features/accounts/pages/staff-login-page.tsx";
import { AccessGuard } from "./access-guard.tsx";
import { RouteErrorBoundary } from "./route-error.tsx";
import { SignedInRoutes } from "./signed-in-app.tsx";
import { useAppSelector } from "./hooks.ts";
import { useLanguage } from "../lib/i18n/public-i18n.ts";
import { lazyWithRetry } from "../lib/lazy-part.tsx";

const LoginPage = lazyWithRetry(() => import("../features/accounts/pages/login-page.tsx"));
/** A hotel's public booking page, loaded when opened: none of it is in the sign-in pages' first load. */
const PublicBookingRoute = lazyWithRetry(() => import("./public-booking-route.tsx"));
/** A receipt's public page (sent by SMS, e-mail or WhatsApp), loaded when opened. */
const PublicReceiptPage = lazyWithRetry(() => import("../features/messages/pages/public-receipt-page.tsx"));

/** /access: where a signed-out admin lands; the access rules take it from there. */
function AccessPage() {
  const signedIn = useAppSelector((s) => Boolean(s.session.user));
  return <Navigate to={signedIn ? "/" : "/home"} replace />;
}

/** Renders a public page again when the language changes (its texts are read as it renders). */
function ByLanguage({ children }: { children: ReactNode }) {
  return <Fragment key={useLanguage()}>{children}</Fragment>;
}

/**
 * The route table: the public pages, and every other path behind the access guard (spec section
 * 2), where the signed-in routes (router.tsx) take over. react-router runs in declarative mode
 * (BrowserRouter in app.tsx): the app uses no loader, action or fetcher, and the data router
 * (createBrowserRouter) is 15 KB gzip more of every first load. RouteErrorBoundary stands in for
 * a root errorElement.
 */
const ROUTES: RouteObject[] = [
  {
    path: "/home",
    element: (
      <ByLanguage>
        <HomePage />
      </ByLanguage>
    ),
  },
  {
    path: "/adminaccounts",
    element: (
      <ByLanguage>
        <AdminLoginPage />
      </ByLanguage>
    ),
  },
  {
    path: "/normalaccounts",
    element: (
      <ByLanguage>
        <StaffLoginPage />
      </ByLanguage>
    ),
  },
  {
    path: "/login",
    element: (
      <Suspense fallback={<FullPageSpinner />}>
        <ByLanguage>
          <LoginPage />
        </ByLanguage>
      </Suspense>
    ),
  },
  { path: "/access", element: <AccessPage /> },
  {
    path: "/book/:code",
    element: (
      <Suspense fallback={<FullPageSpinner />}>
        <PublicBookingRoute />
      </Suspense>
    ),
  },
  {
    path: "/r/:token",
    element: (
      <Suspense fallback={<FullPageSpinner />}>
        <PublicReceiptPage />
      </Suspense>
    ),
  },
  {
    path: "*",
    element: (
      <AccessGuard>
        <Suspense fallback={<FullPageSpinner />}>
          <SignedInRoutes />
        </Suspense>
      </AccessGuard>
    ),
  },
];

export function AppRoutes() {
  return <RouteErrorBoundary>{useRoutes(ROUTES)}</RouteErrorBoundary>;
}
