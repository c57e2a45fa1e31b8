import { useEffect, useSyncExternalStore } from "react";
import type { Catalog } from "@app/shared/pos/catalog";
import { errorMessageOf } from "@app/shared/errors/error-body";

export type CatalogState = {
  businessId: string | null;
  catalog: Catalog | null;
  loading: boolean;
  error: string | null;
};

/** How often an open till picks up price and stock changes made elsewhere. */
export const CATALOG_REFRESH_MS = 30_000;

/**
 * The till's catalog lives outside Redux: it is large (100,000 products), holds a Map, and
 * changes only on load and refresh. One store per page load; components subscribe to it.
 */
class CatalogStore {
  private state: CatalogState = { businessId: null, catalog: null, loading: false, error: null };
  private listeners = new Set<() => void>();
  private inFlight: Promise<void> | null = null;

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  get = () => this.state;
  private set(next: Partial<CatalogState>) {
    this.state = { ...this.state, ...next };
    for (const l of this.listeners) l();
  }

  /** Loads the business's whole catalog, or only what changed since the last version. */
  load(businessId: string, token: string): Promise<void> {
    if (this.inFlight) return this.inFlight;
    const current = this.state.businessId === businessId ? this.state.catalog : null;
    if (!current) this.set({ businessId, catalog: null, loading: true, error: null });
    const since = current?.version ? `&since=${encodeURIComponent(current.version)}` : "";
    // The code that checks and indexes the catalog loads beside the request, which keeps this
    // module small enough for the app shell to start a till's load as its route is entered.
    const code = import("@app/shared/pos/catalog");
    this.inFlight = fetch(`/api/products/catalog?businessId=${businessId}${since}`, {
      headers: { authorization: `Bearer ${token}` },
    })
      .then(async (res) => {
        const body: unknown = await res.json();
        if (!res.ok) throw new Error(errorMessageOf(body, "The products could not be loaded"));
        const { applyCatalogChanges, buildCatalog, parseCatalogPayload } = await code;
        const payload = parseCatalogPayload(body);
        if (this.state.businessId !== businessId) return; // the till moved to another business meanwhile
        this.set({
          catalog: current ? applyCatalogChanges(current, payload) : buildCatalog(payload),
          loading: false,
          error: null,
        });
        if (!current) performance.mark("pos:catalog-ready");
      })
      .catch((err: unknown) => {
        console.error("Loading the POS catalog failed", err);
        this.set({ loading: false, error: err instanceof Error ? err.message : String(err) });
      })
      .finally(() => {
        this.inFlight = null;
      });
    return this.inFlight;
  }
}

export const catalogStore = new CatalogStore();

/** The catalog of a business, loaded on first use and refreshed while the till is open. */
export function useCatalog(
  businessId: string | undefined,
  token: string | undefined,
): CatalogState & { refresh: () => Promise<void> } {
  const state = useSyncExternalStore(catalogStore.subscribe, catalogStore.get);
  useEffect(() => {
    if (!businessId || !token) return;
    void catalogStore.load(businessId, token);
    const timer = setInterval(() => void catalogStore.load(businessId, token), CATALOG_REFRESH_MS);
    return () => clearInterval(timer);
  }, [businessId, token]);
  const mine =
    state.businessId === businessId
      ? state
      : { businessId: businessId ?? null, catalog: null, loading: true, error: null };
  return { ...mine, refresh: () => (businessId && token ? catalogStore.load(businessId, token) : Promise.resolve()) };
}
