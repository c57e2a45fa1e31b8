/** Spec section 9: the service worker update check runs hourly. */
export const UPDATE_CHECK_MS = 60 * 60 * 1000;

/** The parts of navigator.serviceWorker the client uses (a fake in tests). */
export type WorkerContainer = Pick<ServiceWorkerContainer, "controller" | "addEventListener" | "register">;

/** How long after load the page asks the worker to keep the whole app for offline use (sw.js, PRECACHE). */
export const PRECACHE_DELAY_MS = 5_000;

/**
 * Registers /sw.js, checks for a new version every hour, and reloads the page when a new
 * version takes control or says UPDATE_AVAILABLE (spec section 1). The very first install
 * on a device does not reload: there was no older version to replace.
 */
export function registerServiceWorker(): void {
  // A till names the files it has loaded from the browser's resource timings (loadedAppFiles);
  // the default buffer of 250 entries fills with API calls in a long session.
  performance.setResourceTimingBufferSize?.(5000);
  if (!("serviceWorker" in navigator) || import.meta.env.DEV) return;
  watchServiceWorker(navigator.serviceWorker, () => window.location.reload());
}

/** registerServiceWorker without the browser globals; returns a stop function (tests). */
export function watchServiceWorker(container: WorkerContainer, reloadPage: () => void): () => void {
  // Whether a worker controlled the page before the latest change: false until the first
  // install takes control, so a page that stays open from then on still reloads on the next.
  let controlled = Boolean(container.controller);
  let reloading = false;
  const reload = () => {
    if (reloading) return;
    reloading = true;
    reloadPage();
  };
  container.addEventListener("controllerchange", () => {
    if (controlled) reload();
    controlled = true;
  });
  // sw.js sends it only when it replaced an older worker; it also reaches a page the worker did
  // not control yet (opened with a hard reload), which controllerchange alone would leave stale.
  container.addEventListener("message", (event: MessageEvent<{ type?: string }>) => {
    if (event.data?.type === "UPDATE_AVAILABLE") reload();
  });
  let timer: ReturnType<typeof setInterval> | undefined;
  let precacheTimer: ReturnType<typeof setTimeout> | undefined;
  container
    .register("/sw.js")
    .then((registration) => {
      timer = setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
      // Once the page is in and quiet, the worker fetches the rest of the app so it opens offline.
      precacheTimer = setTimeout(() => {
        const worker = registration.active ?? registration.waiting ?? registration.installing;
        worker?.postMessage({ type: "PRECACHE" });
      }, PRECACHE_DELAY_MS);
    })
    .catch((err: unknown) => console.error("Service worker registration failed", err));
  return () => {
    clearInterval(timer);
    clearTimeout(precacheTimer);
  };
}

/** The app's own script and style files this page has loaded so far (paths under /assets/). */
export function loadedAppFiles(): string[] {
  const files = new Set<string>();
  for (const entry of performance.getEntriesByType("resource")) {
    const url = new URL(entry.name, location.href);
    if (url.origin === location.origin && /^\/assets\/.+\.(js|css)$/.test(url.pathname)) files.add(url.pathname);
  }
  for (const el of document.querySelectorAll<HTMLScriptElement | HTMLLinkElement>("script[src], link[href]")) {
    const url = new URL("src" in el ? el.src : el.href, location.href);
    if (url.origin === location.origin && /^\/assets\/.+\.(js|css)$/.test(url.pathname)) files.add(url.pathname);
  }
  return [...files].sort();
}

/** How long a page waits for the service worker to say it keeps the page's files. */
export const KEEP_TIMEOUT_MS = 30_000;

/**
 * Asks the service worker to keep, for offline use, the app's files this page has loaded and the
 * page itself. Resolves "kept" once it holds them all, "not-kept" when it could not (or did not
 * answer), and "no-worker" where there is none (not supported, blocked, or not registered): the
 * page then sells offline only while it stays open.
 */
export async function keepLoadedFilesOffline(
  container: ServiceWorkerContainer | undefined = "serviceWorker" in navigator ? navigator.serviceWorker : undefined,
): Promise<"kept" | "not-kept" | "no-worker"> {
  if (!container || import.meta.env.DEV) return "no-worker";
  const registration = await container.getRegistration().catch(() => undefined);
  const worker = registration?.active ?? registration?.waiting ?? registration?.installing;
  if (!worker) return "no-worker";
  const navigation = performance.getEntriesByType("navigation")[0];
  const page = navigation ? new URL(navigation.name).pathname : location.pathname;
  const channel = new MessageChannel();
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve("not-kept"), KEEP_TIMEOUT_MS);
    channel.port1.onmessage = (event: MessageEvent<{ kept?: boolean }>) => {
      clearTimeout(timer);
      resolve(event.data?.kept ? "kept" : "not-kept");
    };
    worker.postMessage({ type: "KEEP", files: loadedAppFiles(), page }, [channel.port2]);
  });
}
