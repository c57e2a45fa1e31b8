import { lazy, useState, type ComponentType } from "react";
import { registerSignedInPreload } from "../lib/preload.ts";

let loaded: ComponentType | undefined;
let loading: Promise<{ default: ComponentType }> | undefined;

function loadSignedInRoutes(): Promise<{ default: ComponentType }> {
  // The routes' code and the device's language catalogue load side by side.
  loading ??= Promise.all([
    import("./router.tsx"),
    import("../lib/i18n/i18n.ts").then((m) => m.activateLanguage(m.savedLanguage())),
  ]).then(
    ([m]) => {
      loaded = m.default;
      return m;
    },
    (err: unknown) => {
      loading = undefined; // the next attempt tries again
      throw err;
    },
  );
  return loading;
}

/**
 * Starts loading the signed-in app (router.tsx: the app layout and the protected routes). Called
 * at sign-in and on start with a saved session, so it is usually in by the time a signed-in page
 * renders; it then renders at once, where a lazy component would suspend and wait for React's
 * throttled reveal. A failure here is left to the render, which loads again and shows it.
 */
export function preloadSignedInApp(): void {
  loadSignedInRoutes().catch(() => undefined);
}
registerSignedInPreload(preloadSignedInApp);

const LazySignedInRoutes = lazy(loadSignedInRoutes);

/** The signed-in routes: rendered at once when preloaded, else loaded under the caller's Suspense. */
export function SignedInRoutes() {
  // Chosen once per mount: switching from the lazy wrapper to the loaded component would remount the app.
  const [Routes] = useState<ComponentType>(() => loaded ?? LazySignedInRoutes);
  return <Routes />;
}
