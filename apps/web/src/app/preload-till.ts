import { catalogStore } from "../features/pos/catalog-store.ts";
import { PROTECTED_ROUTES, mayOpenRoute } from "../lib/route-table.ts";
import type { AppStore } from "./store.ts";

const TILLS = PROTECTED_ROUTES.filter((r) => r.path === "/pos" || r.path === "/wholesale");

/**
 * Starts loading the till's catalog (with 100,000 products, the app's largest download) as
 * the till's route is entered, beside the page's own code, instead of once that code has
 * loaded and the page has rendered. The page's own load joins this one (catalogStore.load
 * shares a request in flight); a till that already has its catalog only refreshes it. Only for a
 * user who may open that till (its route's areas): the page itself would not load for others.
 */
export function preloadTillCatalog(pathname: string, store: AppStore): void {
  const till = TILLS.find((r) => r.path === pathname);
  if (!till) return;
  const { session, business } = store.getState();
  if (!session.user || !mayOpenRoute(till, session.user, business.current)) return;
  const token = session.user?.token;
  const businessId = business.current?._id;
  if (token && businessId) void catalogStore.load(businessId, token);
}
