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
