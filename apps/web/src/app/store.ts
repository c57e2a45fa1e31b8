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
import { accessKeySlice } from "../lib/session/access-key-slice.ts";
import { sessionSlice } from "../lib/session/session-slice.ts";
import { businessSlice } from "../lib/session/business-slice.ts";
import { notificationsSlice } from "../features/notifications/notifications-slice.ts";
import { posSlice } from "../features/pos/pos-slice.ts";
import { saveEncrypted } from "../lib/encrypted-storage.ts";

type ApiSlice = WithSlice<typeof baseApi>;

/**
 * RTK Query is not part of the first load: the public pages do without it. api/base-api.ts
 * calls attachApi as it loads, which adds its reducer and middleware to the store.
 */
const rootReducer = combineSlices(
  sessionSlice,
  accessKeySlice,
  businessSlice,
  notificationsSlice,
  posSlice,
).withLazyLoadedSlices<ApiSlice>();
const apiMiddleware = createDynamicMiddleware();
let apiAttached = false;
const storesWithoutApi = new Set<{ dispatch: (action: { type: string }) => unknown }>();

/** Called once, by api/base-api.ts as it loads. */
export function attachApi(api: typeof baseApi): void {
  rootReducer.inject(api);
  apiMiddleware.addMiddleware(api.middleware);
  apiAttached = true;
  // A store made before has no api state until its next action: give it that action now.
  storesWithoutApi.forEach((store) => store.dispatch({ type: "app/apiAttached" }));
  storesWithoutApi.clear();
}

/** The api state is there for any code that reads it: such code imports base-api.ts, which attached it. */
export type RootState = ReturnType<typeof rootReducer> & ApiSlice;
const reducer = rootReducer as Reducer<RootState, UnknownAction, Partial<RootState>>;

/**
 * What survives a reload, encrypted: session, business data and access key (spec section 3),
 * and the till's open tickets, so a reload in the middle of a sale loses nothing.
 */
export type PersistedState = Pick<RootState, "session" | "business" | "accessKey" | "pos">;

export function createStore(preloaded?: Partial<PersistedState>) {
  const store = configureStore({
    reducer,
    preloadedState: preloaded,
    middleware: (getDefault) => getDefault().concat(apiMiddleware.middleware),
  });
  if (!apiAttached) storesWithoutApi.add(store);
  let last: string | null = null;
  store.subscribe(() => {
    const { session, business, accessKey, pos } = store.getState();
    const snapshot: PersistedState = {
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
