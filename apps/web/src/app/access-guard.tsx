import { Suspense, type ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { protectedRouteRedirect } from "@app/shared/accounts/redirect";
import { isAccountInactive, mayOpenSettingsWhileInactive } from "@app/shared/permissions/account-state";
import { useAppSelector } from "./hooks.ts";
import { pathTo } from "../lib/paths.ts";
import { FullPageSpinner } from "../components/full-page-spinner.tsx";
import { lazyWithRetry } from "../lib/lazy-part.tsx";

const SignedOutRoute = lazyWithRetry(() => import("./signed-out-route.tsx"));

/**
 * Protected routes need an access key and a signed-in user (spec section 2); on an inactive
 * account only /error (and Settings, for support) can be opened (spec section 4).
 */
export function AccessGuard({ children }: { children: ReactNode }) {
  const key = useAppSelector((s) => s.accessKey.key);
  const user = useAppSelector((s) => s.session.user);
  const business = useAppSelector((s) => s.business.current);
  const { pathname } = useLocation();
  const redirect = protectedRouteRedirect({ accessKeyType: key?.type ?? null, signedIn: Boolean(user) });
  if (redirect) {
    // "/" (a first visit) goes straight on; any other address is checked against the route table.
    if (pathname === "/") return <Navigate to={redirect} replace />;
    return (
      <Suspense fallback={<FullPageSpinner />}>
        <SignedOutRoute redirect={redirect} />
      </Suspense>
    );
  }
  if (isAccountInactive(business) && pathname !== "/error") {
    const settingsAllowed = user && mayOpenSettingsWhileInactive(user) && pathname.startsWith("/setting");
    if (!settingsAllowed) return <Navigate to={pathTo("/error")} replace />;
  }
  return <>{children}</>;
}
