import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetDeviceKeyCache } from "../device-key.ts";
import {
  addToOutbox,
  closeOutboxForTests,
  countOutbox,
  pendingStock,
  readOutbox,
  retryRefused,
  subscribeOutbox,
  type OfflineSale,
} from "./outbox.ts";
import { SYNC_LOCK, syncOutbox, type SyncDeps } from "./sync.ts";

const BUSINESS = "00000000-0000-4000-8000-0000000000b1";
const OTHER = "00000000-0000-4000-8000-0000000000b2";
const SUGAR = "00000000-0000-4000-8000-000000000011";

let n = 0;
function sale(over: Partial<OfflineSale> = {}, quantity = 1): OfflineSale {
  n++;
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
    idempotencyKey: `key-${n}-${Math.random().toString(16).slice(2)}`,
    channel: "retail",
    businessId: BUSINESS,
    input: {
      businessId: over.businessId ?? BUSINESS,
      products: [{ productId: SUGAR, quantity }],
      payments: [{ method: "Cash", amount: 18000 * quantity }],
      offlineAt: new Date(Date.UTC(2026, 10, 25, 9, n)).toISOString(),
    },
    ...over,
  };
}

/** Raw stored rows, as anything reading IndexedDB would see them. */
function rawRows(): Promise<unknown[]> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open("duka-outbox", 1);
    req.onsuccess = () => {
      const get = req.result.transaction("sales").objectStore("sales").getAll();
      get.onsuccess = () => {
        req.result.close();
        resolve(get.result);
      };
      get.onerror = () => reject(get.error);
    };
    req.onerror = () => reject(req.error);
  });
}

async function clearOutbox() {
  await closeOutboxForTests();
  await new Promise<void>((resolve, reject) => {
    const req = indexedDB.deleteDatabase("duka-outbox");
    req.onsuccess = () => resolve();
    req.onerror = () => reject(req.error);
  });
}

/**
 * A stand-in for POST /api/sales with the server's idempotency: one sale per key, a repeat
 * answered with the first. `answer` may replace the answer (an error, a refusal) per call.
 */
function fakeServer(answer?: (body: { offlineAt: string }, call: number) => Response | "offline" | undefined) {
  const recorded = new Map<string, { offlineAt: string }>();
  const order: string[] = [];
  let calls = 0;
  const fetch = vi.fn(async (_url: string | URL | Request, init?: RequestInit) => {
    calls++;
    const body = JSON.parse(String(init!.body)) as { offlineAt: string };
    const key = (init!.headers as Record<string, string>)["idempotency-key"]!;
    const forced = answer?.(body, calls);
    if (forced === "offline") throw new TypeError("Failed to fetch");
    if (forced) return forced;
    await new Promise((r) => setTimeout(r, 1));
    if (!recorded.has(key)) {
      recorded.set(key, body);
      order.push(body.offlineAt);
    }
    return new Response(JSON.stringify({ _id: key }), { status: 201 });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, recorded, order, calls: () => calls };
}

/** navigator.locks as the browser does it for one origin: one holder, ifAvailable gets null when held. */
function fakeLocks(): NonNullable<SyncDeps["locks"]> {
  const held = new Set<string>();
  return {
    request: (async (name: string, options: LockOptions, callback: (lock: Lock | null) => Promise<unknown>) => {
      if (held.has(name) && options.ifAvailable) return callback(null);
      held.add(name);
      try {
        return await callback({ name, mode: "exclusive" } as Lock);
      } finally {
        held.delete(name);
      }
    }) as unknown as LockManager["request"],
  };
}

beforeEach(async () => {
  resetDeviceKeyCache();
  await clearOutbox();
});
afterEach(() => vi.restoreAllMocks());

describe("the outbox", () => {
  it("keeps sales in the order they were made, encrypted: no amount, product or key in clear", async () => {
    const a = sale();
    const b = sale();
    await addToOutbox(a);
    await addToOutbox(b);
    expect((await readOutbox()).map((e) => e.sale)).toEqual([a, b]);
    const raw = JSON.stringify(await rawRows());
    expect(raw).not.toContain(SUGAR);
    expect(raw).not.toContain(a.idempotencyKey);
    expect(raw).not.toContain("18000");
    expect(raw).not.toContain("Cash");
  });

  it("survives a reload: a new page (closed database, forgotten key handle) reads the same sales", async () => {
    const a = sale();
    await addToOutbox(a);
    await closeOutboxForTests();
    resetDeviceKeyCache();
    expect((await readOutbox()).map((e) => e.sale)).toEqual([a]);
    expect(await countOutbox()).toBe(1);
  });

  it("counts per business and sums the unsynced quantities per product (the till's stock view)", async () => {
    await addToOutbox(sale({}, 2));
    await addToOutbox(sale({}, 3));
    await addToOutbox(sale({ businessId: OTHER }, 5));
    expect(await countOutbox()).toBe(3);
    expect(await countOutbox(BUSINESS)).toBe(2);
    expect(await pendingStock(BUSINESS)).toEqual(new Map([[SUGAR, 5]]));
  });

  it("tells subscribers of every change", async () => {
    const heard = vi.fn();
    const stop = subscribeOutbox(heard);
    await addToOutbox(sale());
    expect(heard).toHaveBeenCalled();
    stop();
  });
});

describe("the sync worker", () => {
  it("sends the outbox oldest first, each sale with its own key, and empties it", async () => {
    const sales = [sale(), sale(), sale()];
    for (const s of sales) await addToOutbox(s);
    const server = fakeServer();
    const result = await syncOutbox({ fetch: server.fetch, token: () => "t" });
    expect(result).toEqual({ state: "done", sent: 3, refused: 0, stopped: null });
    expect(server.order).toEqual(sales.map((s) => s.input.offlineAt));
    expect(await countOutbox()).toBe(0);
  });

  it("stops at a network failure or a server error, keeping the rest for the next run, losing nothing", async () => {
    for (let i = 0; i < 4; i++) await addToOutbox(sale());
    const down = fakeServer((_b, call) => (call === 2 ? "offline" : undefined));
    expect(await syncOutbox({ fetch: down.fetch, token: () => "t" })).toMatchObject({ sent: 1, stopped: "offline" });
    expect(await countOutbox()).toBe(3);
    const broken = fakeServer(() => new Response("{}", { status: 503 }));
    expect(await syncOutbox({ fetch: broken.fetch, token: () => "t" })).toMatchObject({ sent: 0, stopped: "server" });
    expect(await countOutbox()).toBe(3);
    expect(await syncOutbox({ fetch: down.fetch, token: () => "t" })).toMatchObject({ sent: 3, stopped: null });
    expect(down.recorded.size).toBe(4);
  });

  it("marks a sale the server refuses for good, goes on with the next, and keeps it until retried", async () => {
    const bad = sale();
    await addToOutbox(bad);
    await addToOutbox(sale());
    const server = fakeServer((body) =>
      body.offlineAt === bad.input.offlineAt
        ? new Response(JSON.stringify({ error: { code: "VALIDATION_ERROR", message: "Prices changed" } }), {
            status: 400,
          })
        : undefined,
    );
    expect(await syncOutbox({ fetch: server.fetch, token: () => "t" })).toMatchObject({ sent: 1, refused: 1 });
    const [left] = await readOutbox();
    expect(left).toMatchObject({ refused: "Prices changed", sale: bad });
    // Passed by on the next run; sent again once retried.
    expect(await syncOutbox({ fetch: server.fetch, token: () => "t" })).toMatchObject({ sent: 0, refused: 0 });
    await retryRefused(left!.seq);
    expect((await readOutbox())[0]!.refused).toBeNull();
  });

  it("sends nothing without a signed-in user", async () => {
    await addToOutbox(sale());
    const server = fakeServer();
    expect(await syncOutbox({ fetch: server.fetch, token: () => undefined })).toMatchObject({ stopped: "signed-out" });
    expect(server.calls()).toBe(0);
  });

  it("two tabs syncing at once: one holds the Web Lock, the other is told busy; 0 lost, 0 sent twice", async () => {
    for (let i = 0; i < 20; i++) await addToOutbox(sale());
    const server = fakeServer();
    const locks = fakeLocks();
    const [a, b] = await Promise.all([
      syncOutbox({ fetch: server.fetch, token: () => "t", locks }),
      syncOutbox({ fetch: server.fetch, token: () => "t", locks }),
    ]);
    expect([a, b].filter((r) => r.state === "busy")).toHaveLength(1);
    expect(server.calls()).toBe(20);
    expect(server.recorded.size).toBe(20);
    expect(await countOutbox()).toBe(0);
    expect(SYNC_LOCK).toBe("duka-outbox-sync");
  });

  it("without Web Locks both tabs send: the keys still make each sale one on the server", async () => {
    for (let i = 0; i < 20; i++) await addToOutbox(sale());
    const server = fakeServer();
    await Promise.all([
      syncOutbox({ fetch: server.fetch, token: () => "t" }),
      syncOutbox({ fetch: server.fetch, token: () => "t" }),
    ]);
    expect(server.recorded.size).toBe(20);
    expect(await countOutbox()).toBe(0);
  });
});
