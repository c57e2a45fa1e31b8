import {
  createApi,
  fetchBaseQuery,
  setupListeners,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from "@reduxjs/toolkit/query/react";
import type { Session } from "@app/shared/accounts/auth";
import { ERROR_CODES } from "@app/shared/errors/errors";
import { accountInactive, apiLoaded, sessionEnded } from "./api-events.ts";
import { errorCodeOf } from "./errors.ts";
import { i18n } from "@lingui/core";

type TokenState = { session: { user: Session | null } };

const rawBaseQuery = fetchBaseQuery({
  baseUrl: "/api",
  prepareHeaders: (headers, { getState }) => {
    const token = (getState() as TokenState).session.user?.token;
    if (token) headers.set("authorization", `Bearer ${token}`);
    else console.warn("Missing token"); // spec section 7
    // The server writes the documents it makes (PDFs, printed receipts) in the user's language.
    headers.set("accept-language", i18n.locale || "en");
    return headers;
  },
});

const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (args, api, extra) => {
  const result = await rawBaseQuery(args, api, extra);
  if (result.error?.status === 401 && (api.getState() as TokenState).session.user) sessionEnded();
  if (result.error?.status === 403 && errorCodeOf(result.error) === ERROR_CODES.ACCOUNT_INACTIVE) accountInactive();
  return result;
};

/**
 * The one RTK Query API; each feature injects its endpoints and tags. Every call needs a
 * sign-in: the public pages' calls are plain fetches (features/accounts/auth-api.ts).
 */
export const baseApi = createApi({
  reducerPath: "api",
  baseQuery,
  // Each feature declares the cache tags it provides and invalidates (its *-api.ts, addTagTypes).
  tagTypes: [],
  endpoints: () => ({}),
});
// The store starts without RTK Query (the public pages do without it); it joins as this module loads
// (app/store.ts attaches it: api-events.ts).
apiLoaded(baseApi, setupListeners);
