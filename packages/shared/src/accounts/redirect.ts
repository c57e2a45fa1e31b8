/** Routes anyone may open. Every other route needs an access key and a signed-in user. */
export const PUBLIC_ROUTES = ["/home", "/adminaccounts", "/normalaccounts", "/login"] as const;

export type AccessKeyType = "adminKey" | "normalKey";

/**
 * Where a protected route sends a visitor who may not see it, or null when they may
 * (spec section 2 "Access rules", in their order).
 */
export function protectedRouteRedirect(state: {
  accessKeyType: AccessKeyType | string | null;
  signedIn: boolean;
}): string | null {
  if (state.accessKeyType === null) return "/home";
  if (state.signedIn) return null;
  if (state.accessKeyType === "adminKey") return "/adminaccounts";
  if (state.accessKeyType === "normalKey") return "/normalaccounts";
  return "/login";
}

export function isPublicRoute(pathname: string): boolean {
  return (PUBLIC_ROUTES as readonly string[]).includes(pathname.replace(/\/+$/, "") || "/");
}
