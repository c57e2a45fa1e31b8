import { combineReducers, configureStore } from "@reduxjs/toolkit";
import { useDispatch, useSelector } from "react-redux";
import type { Actor, BusinessContext } from "@app/shared/permissions/areas";
import { baseApi } from "../api/base-api.ts";
import { accessKeySlice } from "../features/auth/access-key-slice.ts";
import { sessionSlice } from "../features/auth/session-slice.ts";
import { businessSlice } from "../features/business/business-slice.ts";
import { notificationsSlice } from "../features/notifications/notifications-slice.ts";
import { posSlice } from "../features/pos/pos-slice.ts";
import { saveEncrypted } from "../lib/encrypted-storage.ts";

const rootReducer = combineReducers({
  session: sessionSlice.reducer,
  accessKey: accessKeySlice.reducer,
  business: businessSlice.reducer,
  notifications: notificationsSlice.reducer,
  pos: posSlice.reducer,
  [baseApi.reducerPath]: baseApi.reducer,
});
export type RootState = ReturnType<typeof rootReducer>;

/**
 * What survives a reload, encrypted: session, business data and access key (spec section 3),
 * and the till's open tickets, so a reload in the middle of a sale loses nothing.
 */
export type PersistedState = Pick<RootState, "session" | "business" | "accessKey" | "pos">;

export function createStore(preloaded?: Partial<PersistedState>) {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: preloaded as Partial<RootState> | undefined,
    middleware: (getDefault) => getDefault().concat(baseApi.middleware),
  });
  let last: string | null = null;
  store.subscribe(() => {
    const { session, business, accessKey, pos } = store.getState();
    const snapshot: PersistedState = { session: { ...session, loading: false, error: null }, business: { ...business, isFetching: false, error: false }, accessKey: { ...accessKey, loading: false, error: null }, pos };
    const text = JSON.stringify(snapshot);
    if (text === last) return;
    last = text;
    void saveEncrypted(snapshot).catch((err: unknown) => console.error("Could not save the session", err));
  });
  return store;
}
export type AppStore = ReturnType<typeof createStore>;
export type AppDispatch = AppStore["dispatch"];

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();

/** The signed-in user as the shared permission rules see them. */
export const selectActor = (s: RootState): (Actor & { details: { _id: string } }) | null => s.session.user;
export const selectBusinessContext = (s: RootState): BusinessContext => s.business.current;
