// The device's AES-GCM key: made once per device as a NON-extractable CryptoKey and kept in
// IndexedDB (which stores CryptoKey objects as they are), so it never appears in the bundle
// or in localStorage, and script can use it but never read it out.
const DB_NAME = "duka-device";
const STORE = "keys";
const KEY_ID = "persistence-v1";

function openDb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

function request<T>(
  db: IDBDatabase,
  mode: IDBTransactionMode,
  run: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const req = run(db.transaction(STORE, mode).objectStore(STORE));
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

let cached: Promise<CryptoKey> | null = null;

/** The device key, created on first use. */
export function getDeviceKey(): Promise<CryptoKey> {
  cached ??= (async () => {
    const db = await openDb();
    const existing = await request<CryptoKey | undefined>(
      db,
      "readonly",
      (s) => s.get(KEY_ID) as IDBRequest<CryptoKey | undefined>,
    );
    if (existing) return existing;
    const key = await crypto.subtle.generateKey({ name: "AES-GCM", length: 256 }, false, ["encrypt", "decrypt"]);
    await request(db, "readwrite", (s) => s.put(key, KEY_ID));
    return key;
  })();
  return cached;
}

/** For tests: forget the in-memory handle (the stored key stays). */
export function resetDeviceKeyCache(): void {
  cached = null;
}
