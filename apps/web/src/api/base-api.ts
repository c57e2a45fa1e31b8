import { createApi, fetchBaseQuery, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError } from "@reduxjs/toolkit/query/react";
import type { Session } from "@app/shared/auth/auth";
import { ERROR_CODES } from "@app/shared/errors/errors";

type TokenState = { session: { user: Session | null } };

const rawBaseQuery = fetchBaseQuery({
  baseUrl: "/api",
  prepareHeaders: (headers, { getState, endpoint }) => {
    const token = (getState() as TokenState).session.user?.token;
    if (token) headers.set("authorization", `Bearer ${token}`);
    else if (!PUBLIC_ENDPOINTS.has(endpoint)) console.warn("Missing token"); // spec section 7
    return headers;
  },
});

/** Calls that need no sign-in. */
const PUBLIC_ENDPOINTS = new Set(["registerBusiness", "adminLogin", "employeeLogin", "requestAccessKey"]);

/** Called when the server says the session ended (logout elsewhere, 12 h idle, deactivated). */
let onSessionEnded: () => void = () => undefined;
export function setSessionEndedHandler(handler: () => void): void {
  onSessionEnded = handler;
}

/** Called when the server says the business account is inactive: the business data held here is out of date. */
let onAccountInactive: () => void = () => undefined;
export function setAccountInactiveHandler(handler: () => void): void {
  onAccountInactive = handler;
}

const errorCodeOf = (error: FetchBaseQueryError): unknown => (error.data as { error?: { code?: unknown } } | undefined)?.error?.code;

const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (args, api, extra) => {
  const result = await rawBaseQuery(args, api, extra);
  if (result.error?.status === 401 && (api.getState() as TokenState).session.user && !PUBLIC_ENDPOINTS.has(api.endpoint)) onSessionEnded();
  if (result.error?.status === 403 && errorCodeOf(result.error) === ERROR_CODES.ACCOUNT_INACTIVE) onAccountInactive();
  return result;
};

/** The one RTK Query API; each feature injects its endpoints and tags. */
export const baseApi = createApi({
  reducerPath: "api",
  baseQuery,
  tagTypes: ["Business", "Employee", "Product", "Category", "Stock", "Transfer", "Notification", "Sale", "Order", "VoidSale", "Section", "Printer", "CaptainOrder"],
  endpoints: () => ({}),
});
