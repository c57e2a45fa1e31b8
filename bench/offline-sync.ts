// Benchmark 6: syncing a till's offline outbox (issue 17). 1,000 sales made offline wait in the
// outbox (IndexedDB, encrypted with the device key), and the web app's own sync worker
// (apps/web/src/lib/offline/sync.ts) sends them to the server process in order, one at a time,
// each with its Idempotency-Key, as a till does when the network comes back. IndexedDB is
// fake-indexeddb here (Node has none); WebCrypto and fetch are Node's.
import { randomBytes, randomUUID } from "node:crypto";
import "fake-indexeddb/auto";
import { registerOwner, type ServerProcess } from "./lib/server.ts";
import { figure, type Figure } from "./lib/stats.ts";

export const OFFLINE_SALES = 1000;

/** The parts of the web app's outbox and sync worker the benchmark drives (loaded at run time: web code, DOM types). */
type OfflineSale = {
  id: string;
  idempotencyKey: string;
  channel: "retail";
  businessId: string;
  input: Record<string, unknown> & { offlineAt: string };
};
type OutboxModule = {
  addToOutbox: (sale: OfflineSale) => Promise<void>;
  countOutbox: () => Promise<number>;
};
type SyncModule = {
  syncOutbox: (deps: {
    fetch: typeof fetch;
    token: () => string | undefined;
  }) => Promise<{ state: string; sent?: number; refused?: number; stopped?: string | null }>;
};

const load = <T>(path: string) => import(new URL(path, import.meta.url).href) as Promise<T>;

export async function benchOfflineSync(opts: {
  server: ServerProcess;
  runs: number;
  log: (line: string) => void;
}): Promise<Figure[]> {
  const outbox = await load<OutboxModule>("../apps/web/src/lib/offline/outbox.ts");
  const { syncOutbox } = await load<SyncModule>("../apps/web/src/lib/offline/sync.ts");
  const owner = await registerOwner(opts.server.base, "Bench Offline Duka");
  const products: string[] = [];
  for (const [name, price] of [
    ["Unga 2kg", 21000],
    ["Sukari 1kg", 17500],
  ] as const) {
    const res = await fetch(`${opts.server.base}/api/products`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${owner.token}` },
      body: JSON.stringify({ businessId: owner.businessId, name, sellingprice: price, quantity: 900_000_000 }),
    });
    if (res.status !== 201) throw new Error(`creating a product answered ${res.status}: ${await res.text()}`);
    products.push(((await res.json()) as { _id: string })._id);
  }
  // Relative URLs, as in the browser.
  const base = opts.server.base;
  const send: typeof fetch = (input, init) => fetch(new URL(String(input), base), init);

  const seconds: number[] = [];
  const perSale: number[] = [];
  for (let run = 0; run < opts.runs; run++) {
    const started = Date.now() - 60 * 60 * 1000;
    for (let i = 0; i < OFFLINE_SALES; i++) {
      await outbox.addToOutbox({
        id: randomUUID(),
        idempotencyKey: randomBytes(16).toString("hex"),
        channel: "retail",
        businessId: owner.businessId,
        input: {
          businessId: owner.businessId,
          products: [
            { productId: products[0]!, quantity: 1 },
            { productId: products[1]!, quantity: 2 },
          ],
          payments: [{ method: "Cash", amount: 56_000, tendered: 60_000 }],
          expectedTotal: 56_000,
          offlineAt: new Date(started + i * 1000).toISOString(),
        },
      });
    }
    const t0 = performance.now();
    const result = await syncOutbox({ fetch: send, token: () => owner.token });
    const ms = performance.now() - t0;
    if (result.state !== "done" || result.sent !== OFFLINE_SALES || (await outbox.countOutbox()) !== 0)
      throw new Error(`the sync did not send every sale: ${JSON.stringify(result)}`);
    seconds.push(ms / 1000);
    perSale.push(ms / OFFLINE_SALES);
    opts.log(`offline sync run ${run + 1}: ${OFFLINE_SALES} sales in ${(ms / 1000).toFixed(2)} s`);
  }
  return [
    figure(
      "offline sync",
      `time to sync ${OFFLINE_SALES.toLocaleString("en")} offline sales (one tab, in order)`,
      seconds,
      "s",
    ),
    figure("offline sync", "time per synced sale", perSale, "ms"),
  ];
}
