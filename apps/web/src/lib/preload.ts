/**
 * Starts loading the signed-in app ahead of need (at sign-in, on start with a saved session).
 * app/signed-in-app.tsx registers the loader, so pages can ask for it without importing app/.
 */
let preload: () => void = () => undefined;

export function registerSignedInPreload(load: () => void): void {
  preload = load;
}

export function preloadSignedInApp(): void {
  preload();
}
