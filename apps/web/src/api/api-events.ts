import type { setupListeners } from "@reduxjs/toolkit/query/react";
import type { baseApi } from "./base-api.ts";

/**
 * What the app does when a call says the session ended (logout elsewhere, 12 h idle, deactivated)
 * or that the business account is inactive, and when RTK Query loads. base-api.ts raises them; they
 * live apart from it so that app/ can set them without loading RTK Query (api/ imports no app/).
 */
let onSessionEnded: () => void = () => undefined;
let onAccountInactive: () => void = () => undefined;

export function setSessionEndedHandler(handler: () => void): void {
  onSessionEnded = handler;
}

/** The business data held here is out of date when the server says the account is inactive. */
export function setAccountInactiveHandler(handler: () => void): void {
  onAccountInactive = handler;
}

export const sessionEnded = (): void => onSessionEnded();
export const accountInactive = (): void => onAccountInactive();

type ApiLoadedHandler = (api: typeof baseApi, listen: typeof setupListeners) => void;
let onApiLoaded: ApiLoadedHandler | null = null;
let loadedApi: Parameters<ApiLoadedHandler> | null = null;

/** The store joins RTK Query when base-api.ts loads, or at once if it loaded before. */
export function setApiLoadedHandler(handler: ApiLoadedHandler): void {
  onApiLoaded = handler;
  if (loadedApi) handler(...loadedApi);
}

export function apiLoaded(...args: Parameters<ApiLoadedHandler>): void {
  loadedApi = args;
  onApiLoaded?.(...args);
}
