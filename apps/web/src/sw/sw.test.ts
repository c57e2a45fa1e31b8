import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { stampServiceWorker } from "./stamp-service-worker.ts";

const SOURCE = stampServiceWorker(readFileSync(path.join(import.meta.dirname, "sw.js"), "utf8"), "build-2");
type Listener = (event: { waitUntil: (p: Promise<unknown>) => void }) => void;

/** Runs sw.js in a stand-in for the worker's global scope, with `older` active before it or not. */
function startWorker(older: boolean) {
  const listeners = new Map<string, Listener>();
  const windows = [{ postMessage: vi.fn() }, { postMessage: vi.fn() }];
  const self = {
    registration: { active: older ? { scriptURL: "/sw.js" } : null },
    skipWaiting: vi.fn(() => Promise.resolve()),
    clients: { claim: vi.fn(() => Promise.resolve()), matchAll: vi.fn(() => Promise.resolve(windows)) },
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
  };
  new Function("self", SOURCE)(self);
  const fire = async (type: string) => {
    const pending: Promise<unknown>[] = [];
    listeners.get(type)!({ waitUntil: (p) => pending.push(p) });
    await Promise.all(pending);
  };
  return { self, windows, fire };
}

describe("sw.js", () => {
  it("takes over at once and tells open pages to reload when it replaces an older version", async () => {
    const { self, windows, fire } = startWorker(true);
    await fire("install");
    expect(self.skipWaiting).toHaveBeenCalled();
    await fire("activate");
    expect(self.clients.claim).toHaveBeenCalled();
    expect(self.clients.matchAll).toHaveBeenCalledWith({ type: "window" });
    for (const w of windows)
      expect(w.postMessage).toHaveBeenCalledWith({ type: "UPDATE_AVAILABLE", version: "build-2" });
  });

  it("on the first install it claims the pages without asking them to reload", async () => {
    const { self, windows, fire } = startWorker(false);
    await fire("install");
    await fire("activate");
    expect(self.skipWaiting).toHaveBeenCalled();
    expect(self.clients.claim).toHaveBeenCalled();
    for (const w of windows) expect(w.postMessage).not.toHaveBeenCalled();
  });
});

/** A CacheStorage stand-in: caches by name, entries by path and query. */
function fakeCaches() {
  const stores = new Map<string, Map<string, Response>>();
  const keyOf = (r: Request | string) => {
    const url = new URL(typeof r === "string" ? r : r.url, "http://till.test");
    return url.pathname + url.search;
  };
  const open = (name: string) => {
    if (!stores.has(name)) stores.set(name, new Map());
    const store = stores.get(name)!;
    return Promise.resolve({
      match: (r: Request | string) => Promise.resolve(store.get(keyOf(r))?.clone()),
      put: (r: Request | string, res: Response) => Promise.resolve(void store.set(keyOf(r), res)),
      keys: () => Promise.resolve([...store.keys()].map((k) => new Request(`http://till.test${k}`))),
    });
  };
  return {
    stores,
    api: {
      open,
      keys: () => Promise.resolve([...stores.keys()]),
      delete: (name: string) => Promise.resolve(stores.delete(name)),
    },
  };
}

/**
 * sw.js with fetch events: `network` answers what the worker fetches (or throws: offline). The
 * browser's HTTP cache holds what was fetched online (by the worker, or by the page: `browserLoaded`);
 * a "force-cache" request is answered from it offline.
 */
function startFetchingWorker(network: (url: string) => Response) {
  const listeners = new Map<string, (event: unknown) => void>();
  const caches = fakeCaches();
  let online = true;
  const httpCache = new Set<string>();
  const fetch = vi.fn((input: Request | string, init?: { cache?: string }) => {
    const path = new URL(typeof input === "string" ? input : input.url, "http://till.test").pathname;
    if (!online && !(init?.cache === "force-cache" && httpCache.has(path)))
      return Promise.reject(new TypeError("Failed to fetch"));
    httpCache.add(path);
    return Promise.resolve(network(path));
  });
  const self = {
    location: { origin: "http://till.test" },
    registration: { active: null },
    skipWaiting: () => Promise.resolve(),
    clients: { claim: () => Promise.resolve(), matchAll: () => Promise.resolve([]) },
    caches: caches.api,
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
  };
  new Function("self", "fetch", SOURCE)(self, fetch);
  /** Dispatches a fetch event; resolves with the worker's answer, or null when it leaves the request alone. */
  const request = async (url: string, init: { mode?: string; method?: string } = {}) => {
    const answer: { response: Promise<Response> | null } = { response: null };
    const req = { url: `http://till.test${url}`, method: init.method ?? "GET", mode: init.mode ?? "cors" };
    listeners.get("fetch")!({ request: req, respondWith: (p: Promise<Response>) => (answer.response = p) });
    return answer.response ? await answer.response : null;
  };
  const message = async (data: unknown, ports: unknown[] = []) => {
    const pending: Promise<unknown>[] = [];
    listeners.get("message")!({ data, ports, waitUntil: (p: Promise<unknown>) => pending.push(p) });
    await Promise.all(pending);
  };
  const browserLoaded = (...paths: string[]) => paths.forEach((p) => httpCache.add(p));
  return { request, message, caches, fetch, browserLoaded, setOnline: (v: boolean) => (online = v) };
}

describe("sw.js offline (issue 17)", () => {
  const network = (path: string) =>
    new Response(path === "/index.html" || !path.startsWith("/a") ? "<html>shell</html>" : `body of ${path}`, {
      status: 200,
    });

  it("opens a page offline from the last index.html it kept", async () => {
    const w = startFetchingWorker(network);
    expect(await (await w.request("/pos", { mode: "navigate" }))!.text()).toBe("<html>shell</html>");
    w.setOnline(false);
    expect(await (await w.request("/sales", { mode: "navigate" }))!.text()).toBe("<html>shell</html>");
  });

  it("keeps the build's files (once fetched, or all of them when the page asks) and serves them offline", async () => {
    const w = startFetchingWorker(network);
    await w.message({ type: "PRECACHE" }); // PRECACHE is empty in the unstamped source: index.html only
    w.setOnline(false);
    expect(await (await w.request("/dashboard", { mode: "navigate" }))!.text()).toBe("<html>shell</html>");
    w.setOnline(true);
    await w.request("/assets/pos-1.js");
    w.setOnline(false);
    expect(await (await w.request("/assets/pos-1.js"))!.text()).toBe("body of /assets/pos-1.js");
  });

  it("keeps the files a till has loaded when it asks, from the HTTP cache when the network has just gone, and says so", async () => {
    const w = startFetchingWorker(network);
    // The page loaded these before the worker controlled it; then the network went.
    w.browserLoaded("/pos", "/assets/pos-1.js", "/assets/checkout-1.js");
    w.setOnline(false);
    const port = { postMessage: vi.fn() };
    const files = ["/assets/pos-1.js", "/assets/checkout-1.js", "https://elsewhere.test/x.js", 42];
    await w.message({ type: "KEEP", files, page: "/pos" }, [port]);
    expect(port.postMessage).toHaveBeenCalledWith({ type: "KEPT", kept: true });
    expect(await (await w.request("/assets/checkout-1.js"))!.text()).toBe("body of /assets/checkout-1.js");
    expect(await (await w.request("/sales", { mode: "navigate" }))!.text()).toBe("<html>shell</html>");
    expect(w.fetch).not.toHaveBeenCalledWith("https://elsewhere.test/x.js", expect.anything());
  });

  it("says when it could not keep a till's files (never loaded, and offline)", async () => {
    const w = startFetchingWorker(network);
    w.browserLoaded("/pos");
    w.setOnline(false);
    const port = { postMessage: vi.fn() };
    await w.message({ type: "KEEP", files: ["/assets/checkout-1.js"], page: "/pos" }, [port]);
    expect(port.postMessage).toHaveBeenCalledWith({ type: "KEPT", kept: false });
    w.setOnline(true);
    await w.message({ type: "KEEP", files: ["/assets/checkout-1.js"], page: "/pos" }, [port]);
    expect(port.postMessage).toHaveBeenLastCalledWith({ type: "KEPT", kept: true });
  });

  it("serves the till's full catalog from the network, and the last one offline; leaves other API calls alone", async () => {
    let version = 1;
    const w = startFetchingWorker((path) => new Response(`catalog v${version} ${path}`));
    const url = "/api/products/catalog?businessId=b1";
    expect(await (await w.request(url))!.text()).toBe("catalog v1 /api/products/catalog");
    version = 2;
    expect(await (await w.request(url))!.text()).toBe("catalog v2 /api/products/catalog");
    w.setOnline(false);
    expect(await (await w.request(url))!.text()).toBe("catalog v2 /api/products/catalog");
    expect(await w.request("/api/products/catalog?businessId=b1&since=x")).toBeNull();
    expect(await w.request("/api/sales", { method: "POST" })).toBeNull();
    expect(await w.request("/api/sales?businessId=b1")).toBeNull();
  });

  it("falls back to what it kept when the server answers 5xx (gone behind its proxy), not on 4xx", async () => {
    let status = 200;
    const w = startFetchingWorker(() => new Response(`status ${status}`, { status }));
    const url = "/api/products/catalog?businessId=b1";
    await w.request(url);
    status = 502;
    expect(await (await w.request(url))!.text()).toBe("status 200");
    status = 401;
    expect((await w.request(url))!.status).toBe(401);
  });
});
