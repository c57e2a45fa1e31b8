import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { protectedRouteRedirect } from "@app/shared/accounts/redirect";
import { isAccountInactive, mayOpenSettingsWhileInactive } from "@app/shared/permissions/account-state";
import { useAppSelector } from "./hooks.ts";
import { pathTo } from "../lib/paths.ts";

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
  if (redirect) return <Navigate to={redirect} replace />;
  if (isAccountInactive(business) && pathname !== "/error") {
    const settingsAllowed = user && mayOpenSettingsWhileInactive(user) && pathname.startsWith("/setting");
    if (!settingsAllowed) return <Navigate to={pathTo("/error")} replace />;
  }
  return <>{children}</>;
}
