import {
  combineSlices,
  configureStore,
  createDynamicMiddleware,
  type Reducer,
  type UnknownAction,
  type WithSlice,
} from "@reduxjs/toolkit";
import type { Actor, BusinessContext } from "@app/shared/permissions/areas";
import type { baseApi } from "../api/base-api.ts";
import { setApiLoadedHandler } from "../api/api-events.ts";
import type { notificationsSlice } from "../features/notifications/notifications-slice.ts";
import type { PosState } from "../features/pos/pos-slice.ts";
import { accessKeySlice } from "../lib/session/access-key-slice.ts";
import { loggedOut, sessionSlice } from "../lib/session/session-slice.ts";
import { businessSlice } from "../lib/session/business-slice.ts";
import { PERSIST_VERSION, saveEncrypted } from "../lib/encrypted-storage.ts";

type LazySlices = WithSlice<typeof baseApi> & WithSlice<typeof notificationsSlice>;

/**
 * The till's tickets until the till's code is in: the restored tickets kept as they are (null at
 * logout). The signed-in routes replace it with the pos slice (app/signed-in-slices.ts), which
 * turns null into empty tickets, before any signed-in page renders.
 */
const tillPlaceholder: Reducer<PosState | null> = (state = null, action) => (loggedOut.match(action) ? null : state);

/**
 * The public pages (a new visitor's first load) carry only the slices they use: session, access
 * key and business. RTK Query (attachApi, as api/base-api.ts loads), the notifications
 * and the till's tickets join with the signed-in app (attachSlice).
 */
const rootReducer = combineSlices(sessionSlice, accessKeySlice, businessSlice, {
  pos: tillPlaceholder,
}).withLazyLoadedSlices<LazySlices>();
const apiMiddleware = createDynamicMiddleware();
/** Every store made (the app makes one; tests make many): a slice attached later joins them all. */
const stores = new Set<{ dispatch: (action: { type: string }) => unknown }>();

/** Adds a slice (or replaces a placeholder) in every store, made before or after. */
export function attachSlice(slice: { reducerPath: string; reducer: Reducer }): void {
  rootReducer.inject(slice as never, { overrideExisting: true });
  // A store made before has the slice's state from its next action: give it that action now.
  stores.forEach((store) => store.dispatch({ type: "app/sliceAttached" }));
}

/** What RTK Query's focus and reconnect listeners are given for each store (set by attachApi). */
let listen: ((dispatch: AppStore["dispatch"]) => unknown) | null = null;

/**
 * Called once, as api/base-api.ts loads (api-events.ts), with RTK Query's setupListeners: queries
 * asking for refetchOnFocus (support's lists) then refetch when the window regains focus.
 */
function attachApi(api: typeof baseApi, setupListeners: (dispatch: AppStore["dispatch"]) => unknown): void {
  apiMiddleware.addMiddleware(api.middleware);
  attachSlice(api);
  listen = setupListeners;
  stores.forEach((store) => setupListeners(store.dispatch as AppStore["dispatch"]));
}
setApiLoadedHandler(attachApi);

/**
 * The api, notifications and tickets are there for any code that reads them: such code runs in the
 * signed-in app, which attached them (base-api.ts, app/signed-in-slices.ts) before it rendered.
 */
export type RootState = Omit<ReturnType<typeof rootReducer>, "pos"> & LazySlices & { pos: PosState };
const reducer = rootReducer as Reducer<RootState, UnknownAction, Partial<RootState>>;

/**
 * What survives a reload, encrypted: session, business data and access key (spec section 3),
 * and the till's open tickets, so a reload in the middle of a sale loses nothing.
 */
export type PersistedState = Pick<RootState, "session" | "business" | "accessKey"> & {
  pos: PosState | null;
  /** The persistence version (spec sections 3 and 9: 1), inside the encrypted state as well as on its envelope. */
  v: typeof PERSIST_VERSION;
};

/**
 * The restored state, or null (an empty state) when it was written for another persistence
 * version. A state saved before the version was kept inside it has none: its envelope said 1.
 */
export function restorable(state: Partial<PersistedState> | null): Partial<PersistedState> | null {
  if (!state) return null;
  const v = (state as { v?: unknown }).v;
  if (v !== undefined && v !== PERSIST_VERSION) {
    console.error(`Stored state has version ${String(v)}, expected ${PERSIST_VERSION}; starting from an empty state.`);
    return null;
  }
  const { v: _version, ...rest } = state;
  void _version;
  return rest;
}

export function createStore(preloaded?: Partial<Omit<PersistedState, "v">>) {
  const store = configureStore({
    reducer,
    // The till's tickets are null in the placeholder's state until the pos slice takes over.
    preloadedState: preloaded as Partial<RootState> | undefined,
    middleware: (getDefault) => getDefault().concat(apiMiddleware.middleware),
  });
  stores.add(store);
  listen?.(store.dispatch);
  let last: string | null = null;
  store.subscribe(() => {
    const { session, business, accessKey, pos } = store.getState();
    const snapshot: PersistedState = {
      v: PERSIST_VERSION,
      session: { ...session, loading: false, error: null },
      business: { ...business, isFetching: false, error: false },
      accessKey: { ...accessKey, loading: false, error: null },
      pos,
    };
    const text = JSON.stringify(snapshot);
    if (text === last) return;
    last = text;
    void saveEncrypted(snapshot).catch((err: unknown) => console.error("Could not save the session", err));
  });
  return store;
}
export type AppStore = ReturnType<typeof createStore>;
export type AppDispatch = AppStore["dispatch"];

/** The signed-in user as the shared permission rules see them. */
export const selectActor = (s: RootState): (Actor & { details: { _id: string } }) | null => s.session.user;
export const selectBusinessContext = (s: RootState): BusinessContext => s.business.current;
