import type { PathParam } from "react-router";
import type { PROTECTED_ROUTES } from "./route-table.ts";

/**
 * The routes of the web app, typed from one table (route-table.ts: every protected route of spec
 * section 2) and the public ones. Links and navigation build paths with `pathTo`, so a mistyped
 * path or a missing parameter is a type error.
 */
export type ProtectedPath = (typeof PROTECTED_ROUTES)[number]["path"];

/** The public pages (no session needed): those of spec section 2, a hotel's booking page, and /dashboard, which leads to /. */
export const PUBLIC_PATHS = [
  "/home",
  "/adminaccounts",
  "/normalaccounts",
  "/login",
  "/dashboard",
  "/book/:code",
] as const;
export type PublicPath = (typeof PUBLIC_PATHS)[number];

export type AppPath = ProtectedPath | PublicPath;

/**
 * A path of the app, with its parameters filled in: `pathTo("/products/:productId", { productId })`.
 * react-router's `PathParam` types the parameters; the filling is done here rather than with its
 * `generatePath`, which would add to the public pages' first load.
 */
export function pathTo<P extends AppPath>(
  pattern: P,
  ...params: [PathParam<P>] extends [never] ? [] : [{ [K in PathParam<P>]: string }]
): string {
  const values = (params[0] ?? {}) as Record<string, string>;
  return pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(values[name] ?? ""));
}
