/**
 * What the app does when a call says the session ended (logout elsewhere, 12 h idle, deactivated)
 * or that the business account is inactive. base-api.ts raises them; they live apart from it so
 * that app.tsx can set them without loading RTK Query.
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
