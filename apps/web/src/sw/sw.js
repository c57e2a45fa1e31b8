/* global fetch */
// Service worker. Its source is src/sw/sw.js; the build writes dist/sw.js with VERSION set to a
// hash of the build's files and PRECACHE to the build's scripts and styles
// (stamp-service-worker.ts), so every deployment serves new bytes at /sw.js and the browser's
// update check (hourly, src/lib/service-worker.ts) finds a new worker.
//
// Offline (the till must open and sell with no network, issue 17): the app shell is kept in a
// cache of this build. Pages (navigations) go to the network first and fall back to the last
// index.html; the build's files (/assets/, content-hashed, never changing) come from the cache
// first; the till's full catalog goes to the network first and falls back to the last one
// fetched. Nothing else is cached: every other API call goes to the network as before.
// A new worker still takes over at once: old builds' files stay in their cache until the new
// worker activates, and open pages reload then.
const VERSION = "__BUILD_ID__";
const PRECACHE = /* __PRECACHE__ */ [];

const SHELL_CACHE = `duka-shell-${VERSION}`;
const DATA_CACHE = "duka-data-v1";
/** The key index.html is kept under, whatever path the page was opened at (the app routes on the client). */
const SHELL_KEY = "/index.html";

/** Whether this worker replaces an older one; only then do open pages need to reload. */
let replacing = false;

self.addEventListener("install", (event) => {
  replacing = Boolean(self.registration.active);
  event.waitUntil(self.skipWaiting());
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    self.clients.claim().then(async () => {
      // Older builds' shells are no use to this one (their pages reload below).
      if (self.caches) {
        for (const name of await self.caches.keys())
          if (name.startsWith("duka-shell-") && name !== SHELL_CACHE) await self.caches.delete(name);
      }
      // The first install has nothing to replace: the page already runs this build.
      // (Were the worker stopped between install and activate, `replacing` reads false; the
      // pages still reload on controllerchange.)
      if (!replacing) return;
      for (const client of await self.clients.matchAll({ type: "window" }))
        client.postMessage({ type: "UPDATE_AVAILABLE", version: VERSION });
    }),
  );
});

/**
 * The page asks for the whole shell once it has loaded and is idle (lib/service-worker.ts), so
 * the first visit's own requests are not slowed by it, and lazy pages not opened yet still open
 * offline. Not done at install or activate: an activating worker holds back the page's requests.
 */
self.addEventListener("message", (event) => {
  const data = event.data;
  if (!data) return;
  if (data.type === "PRECACHE") event.waitUntil(precache());
  else if (data.type === "KEEP") event.waitUntil(keep(data, event.ports && event.ports[0]));
});

/**
 * A till getting ready to sell offline sends the app files it has loaded and the path it was
 * opened at: they are kept first, from the browser's HTTP cache when the network is gone (build
 * files never change under their name; the page at `page` is this build's index.html), the page
 * hears whether all of them are in, and the rest of the app follows.
 */
async function keep(data, port) {
  const cache = await self.caches.open(SHELL_CACHE);
  const files = (Array.isArray(data.files) ? data.files : []).filter(
    (f) => typeof f === "string" && f.startsWith("/assets/"),
  );
  const page = typeof data.page === "string" && data.page.startsWith("/") ? data.page : SHELL_KEY;
  let kept = await keepOne(cache, SHELL_KEY, [
    [SHELL_KEY, "no-cache"],
    [page, "force-cache"],
  ]);
  for (const file of files) if (!(await keepOne(cache, file, [[file, "force-cache"]]))) kept = false;
  if (port) port.postMessage({ type: "KEPT", kept });
  await precache();
}

/** Puts `key` in the cache from the first of `sources` ([path, cache mode]) that answers; whether it is in. */
async function keepOne(cache, key, sources) {
  if (await cache.match(key)) return true;
  for (const [path, mode] of sources) {
    try {
      const res = await fetch(path, { cache: mode });
      if (res.ok) {
        await cache.put(key, res);
        return true;
      }
    } catch {
      // this source cannot answer (offline, not in the HTTP cache): try the next
    }
  }
  return false;
}

async function precache() {
  const cache = await self.caches.open(SHELL_CACHE);
  const cached = new Set((await cache.keys()).map((r) => new URL(r.url).pathname));
  for (const path of [SHELL_KEY, ...PRECACHE]) {
    if (cached.has(path)) continue;
    try {
      const res = await fetch(path, { cache: "no-cache" });
      if (res.ok) await cache.put(path, res);
    } catch {
      return; // offline meanwhile: the next visit asks again
    }
  }
}

self.addEventListener("fetch", (event) => {
  const req = event.request;
  if (req.method !== "GET" || !self.caches) return;
  const url = new URL(req.url);
  if (url.origin !== self.location.origin) return;
  if (req.mode === "navigate" && !url.pathname.startsWith("/api/")) event.respondWith(shell(req));
  else if (url.pathname.startsWith("/assets/")) event.respondWith(asset(req));
  else if (url.pathname === "/api/products/catalog" && !url.searchParams.has("since"))
    event.respondWith(networkFirst(req, DATA_CACHE, req));
});

/** A page: index.html from the network (kept), or the last one kept when the server cannot be reached. */
function shell(req) {
  return networkFirst(req, SHELL_CACHE, SHELL_KEY);
}

/** A build file: content-hashed, so the cached copy is always right. */
async function asset(req) {
  const cache = await self.caches.open(SHELL_CACHE);
  const hit = await cache.match(req);
  if (hit) return hit;
  const res = await fetch(req);
  if (res.ok) await cache.put(req, res.clone());
  return res;
}

/**
 * The network's answer when there is one (a server error counts as none: the server is gone
 * behind its proxy), kept under `key`; else the copy kept last time; else the network's error.
 */
async function networkFirst(req, cacheName, key) {
  const cache = await self.caches.open(cacheName);
  try {
    const res = await fetch(req);
    if (res.ok) {
      await cache.put(key, res.clone());
      return res;
    }
    if (res.status < 500) return res;
    return (await cache.match(key)) || res;
  } catch (err) {
    const hit = await cache.match(key);
    if (hit) return hit;
    throw err;
  }
}
