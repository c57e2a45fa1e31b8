/** Routes anyone may open. Every other route needs an access key and a signed-in user. */
export declare const PUBLIC_ROUTES: readonly ["/home", "/adminaccounts", "/normalaccounts", "/login"];
export type AccessKeyType = "adminKey" | "normalKey";
/**
 * Where a protected route sends a visitor who may not see it, or null when they may
 * (spec section 2 "Access rules", in their order).
 */
export declare function protectedRouteRedirect(state: {
    accessKeyType: AccessKeyType | string | null;
    signedIn: boolean;
}): string | null;
export declare function isPublicRoute(pathname: string): boolean;
