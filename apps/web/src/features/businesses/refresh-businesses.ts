import type { ThunkDispatch, UnknownAction } from "@reduxjs/toolkit";
import { setAccountInactiveHandler } from "../../api/api-events.ts";
import { businessApi } from "./business-api.ts";
import { businessesFetched, businessesFetchFailure, businessesFetchStart } from "../../lib/session/business-slice.ts";

/** What this needs of the app's store (app/store.ts), without importing app/. */
type AppStore = {
  dispatch: ThunkDispatch<unknown, unknown, UnknownAction>;
  getState: () => { session: { user: unknown }; business: { current: { _id: string } | null } };
};

const inFlight = new WeakMap<AppStore, Promise<void>>();

/**
 * Loads the signed-in user's businesses again (GET /api/businesses) and stores them with the
 * business-data actions, keeping the chosen business. Calls made meanwhile share the one request.
 */
export function refreshBusinesses(store: AppStore): Promise<void> {
  if (!store.getState().session.user) return Promise.resolve();
  let running = inFlight.get(store);
  if (!running) {
    running = (async () => {
      store.dispatch(businessesFetchStart());
      const request = store.dispatch(businessApi.endpoints.listBusinesses.initiate(undefined, { forceRefetch: true }));
      try {
        store.dispatch(businessesFetched(await request.unwrap()));
      } catch (err) {
        console.error("Could not refresh the business data", err);
        store.dispatch(businessesFetchFailure());
      } finally {
        request.unsubscribe();
        inFlight.delete(store);
      }
    })();
    inFlight.set(store, running);
  }
  return running;
}

/**
 * The persisted business data may be stale: support can switch an account off (or back on)
 * while its owner is signed in. So it is fetched again on start, and whenever the server
 * answers ACCOUNT_INACTIVE; the sidebar and the access guard then show the inactive account
 * (spec section 4).
 */
export function keepBusinessDataFresh(store: AppStore): void {
  setAccountInactiveHandler(() => void refreshBusinesses(store));
  void refreshBusinesses(store);
}
