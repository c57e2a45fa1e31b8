// Service worker: takes control at once so a new version reaches open tabs; the page reloads
// itself when a new worker takes control (see src/lib/service-worker.ts). No offline caching yet.
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => {
  event.waitUntil(
    self.clients.claim().then(() => self.clients.matchAll({ type: "window" })).then((clients) => {
      for (const client of clients) client.postMessage({ type: "UPDATE_AVAILABLE" });
    }),
  );
});
