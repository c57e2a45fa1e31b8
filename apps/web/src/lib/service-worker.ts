const HOUR = 60 * 60 * 1000;

/**
 * Registers /sw.js, checks for a new version every hour, and reloads the page when a new
 * version takes control or says UPDATE_AVAILABLE (spec section 1). The very first install
 * on a device does not reload: there was no older version to replace.
 */
export function registerServiceWorker(): void {
  if (!("serviceWorker" in navigator) || import.meta.env.DEV) return;
  const hadController = Boolean(navigator.serviceWorker.controller);
  let reloading = false;
  const reload = () => {
    if (!hadController || reloading) return;
    reloading = true;
    window.location.reload();
  };
  navigator.serviceWorker.addEventListener("controllerchange", reload);
  navigator.serviceWorker.addEventListener("message", (event: MessageEvent<{ type?: string }>) => {
    if (event.data?.type === "UPDATE_AVAILABLE") reload();
  });
  navigator.serviceWorker
    .register("/sw.js")
    .then((registration) => setInterval(() => void registration.update().catch(() => undefined), HOUR))
    .catch((err: unknown) => console.error("Service worker registration failed", err));
}
