import { catalogStore } from "../features/pos/catalog-store.ts";
import type { AppStore } from "./store.ts";

const TILLS = new Set(["/pos", "/wholesale"]);

/**
 * Starts loading the till's catalog (with 100,000 products, the app's largest download) as
 * the till's route is entered, beside the page's own code, instead of once that code has
 * loaded and the page has rendered. The page's own load joins this one (catalogStore.load
 * shares a request in flight); a till that already has its catalog only refreshes it.
 */
export function preloadTillCatalog(pathname: string, store: AppStore): void {
  if (!TILLS.has(pathname)) return;
  const { session, business } = store.getState();
  const token = session.user?.token;
  const businessId = business.current?._id;
  if (token && businessId) void catalogStore.load(businessId, token);
}
