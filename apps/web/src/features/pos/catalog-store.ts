import { useEffect, useSyncExternalStore } from "react";
import type { Catalog, StoredCatalog } from "@app/shared/pos/catalog";
import { errorMessageOf } from "@app/shared/errors/error-body";
import { readStoredCatalog, storeCatalog } from "./catalog-cache.ts";

export type CatalogState = {
  businessId: string | null;
  catalog: Catalog | null;
  loading: boolean;
  error: string | null;
};

/** How often an open till picks up price and stock changes made elsewhere. */
export const CATALOG_REFRESH_MS = 30_000;
/** How long after a change the catalog is written to the device (off the till's first frames). */
const KEEP_DELAY_MS = 1_000;

/**
 * The till's catalog lives outside Redux: it is large (100,000 products), holds a Map, and
 * changes only on load and refresh. One store per page load; components subscribe to it.
 */
class CatalogStore {
  private state: CatalogState = { businessId: null, catalog: null, loading: false, error: null };
  private listeners = new Set<() => void>();
  private inFlight: Promise<void> | null = null;
  /** The catalog as the server sent it; `state.catalog` shows it less the sales still in the outbox. */
  private base: Catalog | null = null;
  /** Quantities sold on this device that the server has not had yet, by product. */
  private pending = { businessId: "", sold: new Map<string, number>() };

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  get = () => this.state;
  private set(next: Partial<CatalogState>) {
    if ("catalog" in next) this.base = next.catalog ?? null;
    this.state = { ...this.state, ...next };
    if ("catalog" in next) this.state.catalog = this.shown();
    for (const l of this.listeners) l();
  }
  /** The server's catalog with the unsynced sales' quantities taken off (item order, hence the search indexes, unchanged). */
  private shown(): Catalog | null {
    const base = this.base;
    const { businessId, sold: pending } = this.pending;
    if (!base || pending.size === 0 || businessId !== this.state.businessId) return base;
    const items = base.items.map((i) => {
      const sold = pending.get(i._id);
      return sold ? { ...i, quantity: i.quantity - sold } : i;
    });
    return { ...base, items };
  }

  /**
   * The quantities of a business's sales still in the outbox: the till's stock view shows them
   * taken off until the server has the sales (and its own stock then includes them).
   */
  setPending(businessId: string, sold: Map<string, number>) {
    this.pending = { businessId, sold };
    this.state = { ...this.state, catalog: this.shown() };
    for (const l of this.listeners) l();
  }

  /**
   * Shows the business's catalog and brings it up to date: the one kept on this device at once
   * (catalog-cache.ts), then only what changed since its cursor; a new device loads it whole.
   * Marks `pos:catalog-ready` when the till can sell (the stored catalog shown, or the first load
   * in) and `pos:catalog-current` when the server's answer is applied.
   */
  load(businessId: string, token: string): Promise<void> {
    this.inFlight ??= this.loadNow(businessId, token).finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  private async loadNow(businessId: string, token: string): Promise<void> {
    // The code that checks and indexes the catalog loads beside the request, which keeps this
    // module small enough for the app shell to start a till's load as its route is entered.
    const code = import("@app/shared/pos/catalog");
    let current = this.state.businessId === businessId ? this.base : null;
    if (!current) {
      this.set({ businessId, catalog: null, loading: true, error: null });
      const stored = await readStoredCatalog(businessId);
      if (stored && this.state.businessId === businessId) {
        try {
          current = (await code).catalogFromStored(stored);
          this.set({ catalog: current, loading: true, error: null });
          performance.mark("pos:catalog-ready");
        } catch (err) {
          console.warn("The stored catalog could not be used; loading it anew", err);
        }
      }
    }
    const since = current?.version ? `&since=${encodeURIComponent(current.version)}` : "";
    try {
      const res = await fetch(`/api/products/catalog?businessId=${businessId}${since}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const body: unknown = await res.json();
      if (!res.ok) throw new Error(errorMessageOf(body, "The products could not be loaded"));
      const { applyCatalogChanges, buildCatalog, parseCatalogPayload, storedCatalogOf } = await code;
      const payload = parseCatalogPayload(body);
      if (this.state.businessId !== businessId) return; // the till moved to another business meanwhile
      const next = current ? applyCatalogChanges(current, payload) : buildCatalog(payload);
      this.set({ catalog: next, loading: false, error: null });
      if (!current) performance.mark("pos:catalog-ready");
      performance.mark("pos:catalog-current");
      if (!current || payload.full || payload.ids.length || payload.removed.length)
        this.keep(businessId, () => storedCatalogOf(next));
    } catch (err) {
      console.error("Loading the POS catalog failed", err);
      // Offline with a catalog in hand: the till goes on selling from it (the page says it is offline).
      if (current && err instanceof TypeError) return this.set({ loading: false });
      this.set({ loading: false, error: err instanceof Error ? err.message : String(err) });
    }
  }

  private keeping: ReturnType<typeof setTimeout> | undefined;
  /** Stores the catalog on the device a moment later, once the till has drawn (the latest one wins). */
  private keep(businessId: string, stored: () => StoredCatalog) {
    clearTimeout(this.keeping);
    this.keeping = setTimeout(
      () => void storeCatalog(businessId, stored()).then(() => performance.mark("pos:catalog-stored")),
      KEEP_DELAY_MS,
    );
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
