import type { Channel } from "@app/shared/pos/cart";
import type { CreateSaleInput } from "@app/shared/sales/sale";
import { decryptJson, encryptJson, type Envelope } from "../encrypted-storage.ts";

/**
 * The offline till's outbox: sales made while the server could not be reached, kept in
 * IndexedDB (it survives a closed tab and a reboot) until the sync worker has sent them.
 * What was sold and paid is encrypted with the device key, as the saved session is
 * (lib/encrypted-storage.ts); only what the worker needs to order and count them is in clear.
 * Entries are kept in the order they were made (an auto-increment key) and sent in that order.
 */
const DB_NAME = "duka-outbox";
const STORE = "sales";
const CHANNEL_NAME = "duka-outbox";

/** A sale as recorded on the device: its own id, its Idempotency-Key and the request to send. */
export type OfflineSale = {
  /** Made on the device; names the sale on the not-yet-synced receipt. */
  id: string;
  /** Made on the device; the server records the sale once however often it is sent. */
  idempotencyKey: string;
  channel: Channel;
  businessId: string;
  /** What POST /api/sales (or /api/orders) takes, with offlineAt set to the device's time of sale. */
  input: CreateSaleInput & { offlineAt: string };
  /**
   * What the till showed, for the device's list of unsynced sales (never sent: the server prices
   * the sale itself). Absent on sales kept before it was added.
   */
  shown?: { total: number; servedBy: string; lines: { name: string; quantity: number }[] };
};

type StoredEntry = {
  seq?: number;
  id: string;
  businessId: string;
  /** Set when the server refused the sale for good (4xx); it stays here for the owner to see. */
  refused: string | null;
  payload: Envelope;
};

/** An outbox entry as read back: the sale, its place in line and whether the server refused it. */
export type OutboxEntry = { seq: number; refused: string | null; sale: OfflineSale };

let opening: Promise<IDBDatabase> | null = null;

function openOutbox(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE, { keyPath: "seq", autoIncrement: true });
    req.onsuccess = () => {
      const db = req.result;
      // Another tab upgrading (a later version) or the data being deleted: let go, reopen next time.
      db.onversionchange = () => {
        db.close();
        opening = null;
      };
      resolve(db);
    };
    req.onerror = () => reject(req.error ?? new Error("The outbox could not be opened"));
  }).catch((err: unknown) => {
    opening = null;
    throw err;
  });
  return opening;
}

function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  return openOutbox().then(
    (db) =>
      new Promise<T>((resolve, reject) => {
        const tx = db.transaction(STORE, mode);
        const req = work(tx.objectStore(STORE));
        // Resolved once the transaction is durable, not when the request succeeds.
        tx.oncomplete = () => resolve(req.result);
        tx.onerror = () => reject(tx.error ?? req.error ?? new Error("The outbox could not be written"));
        tx.onabort = () => reject(tx.error ?? new Error("The outbox write was aborted"));
      }),
  );
}

// Listeners in this tab, and other tabs through a BroadcastChannel, hear of every change.
const listeners = new Set<() => void>();
let channel: BroadcastChannel | null = null;
function broadcast() {
  for (const l of listeners) l();
  try {
    channel ??= new BroadcastChannel(CHANNEL_NAME);
    channel.postMessage("changed");
  } catch {
    // No BroadcastChannel (old browser): other tabs catch up on their next poll.
  }
}

/** Calls `listener` whenever the outbox changes, in this tab or another; returns the unsubscribe. */
export function subscribeOutbox(listener: () => void): () => void {
  listeners.add(listener);
  let incoming: BroadcastChannel | null = null;
  try {
    incoming = new BroadcastChannel(CHANNEL_NAME);
    incoming.onmessage = () => listener();
  } catch {
    incoming = null;
  }
  return () => {
    listeners.delete(listener);
    incoming?.close();
  };
}

/** Adds a sale at the end of the outbox; resolves once it is stored for good. */
export async function addToOutbox(sale: OfflineSale): Promise<void> {
  const entry: StoredEntry = {
    id: sale.id,
    businessId: sale.businessId,
    refused: null,
    payload: await encryptJson(sale),
  };
  await run("readwrite", (s) => s.add(entry));
  broadcast();
}

/** Every sale in the outbox, oldest first, decrypted. One that cannot be decrypted is left out and logged. */
export async function readOutbox(): Promise<OutboxEntry[]> {
  const stored = await run("readonly", (s) => s.getAll() as IDBRequest<StoredEntry[]>);
  const out: OutboxEntry[] = [];
  for (const e of stored) {
    try {
      out.push({ seq: e.seq!, refused: e.refused, sale: await decryptJson<OfflineSale>(e.payload) });
    } catch (err) {
      // Never deleted here: a sale someone paid for is only removed once the server has it.
      console.error(`Outbox sale ${e.id} could not be decrypted`, err);
    }
  }
  return out.sort((a, b) => a.seq - b.seq);
}

/** How many sales wait in the outbox (refused ones too): all of them, or one business's. */
export async function countOutbox(businessId?: string): Promise<number> {
  if (!businessId) return run("readonly", (s) => s.count());
  const stored = await run("readonly", (s) => s.getAll() as IDBRequest<StoredEntry[]>);
  return stored.filter((e) => e.businessId === businessId).length;
}

/** The server has the sale: it leaves the outbox. */
export async function removeFromOutbox(seq: number): Promise<void> {
  await run("readwrite", (s) => s.delete(seq));
  broadcast();
}

function setRefused(seq: number, refused: string | null): Promise<void> {
  return openOutbox().then(
    (db) =>
      new Promise<void>((resolve, reject) => {
        const tx = db.transaction(STORE, "readwrite");
        const store = tx.objectStore(STORE);
        const req = store.get(seq) as IDBRequest<StoredEntry | undefined>;
        req.onsuccess = () => {
          if (req.result) store.put({ ...req.result, refused });
        };
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error ?? new Error("The outbox could not be written"));
      }),
  );
}

/** The server refused the sale for good: it stays, marked, and the worker passes it by. */
export async function markRefused(seq: number, message: string): Promise<void> {
  await setRefused(seq, message);
  broadcast();
}

/** Sends a refused sale again on the next sync (after the owner fixed the cause, e.g. the product). */
export async function retryRefused(seq: number): Promise<void> {
  await setRefused(seq, null);
  broadcast();
}

/** Asks the sync worker (in this tab or another) to try the server now, not at its next retry. */
export function nudgeOutbox(): void {
  broadcast();
}

/** For tests: close and forget the open database. */
export async function closeOutboxForTests(): Promise<void> {
  const db = await opening?.catch(() => null);
  db?.close();
  opening = null;
}

/** The quantities a business's unsynced sales took, by product (the till's stock view takes them off). */
export async function pendingStock(businessId: string): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const { sale } of await readOutbox()) {
    if (sale.businessId !== businessId) continue;
    for (const l of sale.input.products) out.set(l.productId, (out.get(l.productId) ?? 0) + l.quantity);
  }
  return out;
}
