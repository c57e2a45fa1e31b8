// Service worker. Its source is src/sw/sw.js; the build writes dist/sw.js with VERSION set to a
// hash of the build's files (stamp-service-worker.ts), so every deployment serves new bytes at
// /sw.js and the browser's update check (hourly, src/lib/service-worker.ts) finds a new worker.
// No offline caching yet, so a new worker can take over at once without breaking open pages.
const VERSION = "__BUILD_ID__";

/** Whether this worker replaces an older one; only then do open pages need to reload. */
let replacing = false;

self.addEventListener("install", (event) => {
  replacing = Boolean(self.registration.active);
  event.waitUntil(self.skipWaiting());
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    self.clients.claim().then(async () => {
      // The first install has nothing to replace: the page already runs this build.
      // (Were the worker stopped between install and activate, `replacing` reads false; the
      // pages still reload on controllerchange.)
      if (!replacing) return;
      for (const client of await self.clients.matchAll({ type: "window" }))
        client.postMessage({ type: "UPDATE_AVAILABLE", version: VERSION });
    }),
  );
});
