import { getDeviceKey } from "./device-key.ts";

/** Persistence version of spec section 9; a stored value of another version is not read. */
export const PERSIST_VERSION = 1;
export const STORAGE_KEY = "duka-state";

export type Envelope = { v: number; iv: string; data: string };

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/** A JSON value encrypted with the device key (AES-GCM, fresh IV): the session's envelope. */
export async function encryptJson(value: unknown): Promise<Envelope> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const plain = new TextEncoder().encode(JSON.stringify(value));
  const cipher = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv }, await getDeviceKey(), plain));
  return { v: PERSIST_VERSION, iv: toBase64(iv), data: toBase64(cipher) };
}

/** The value of an envelope from encryptJson; throws when it cannot be decrypted or has another version. */
export async function decryptJson<T>(envelope: Envelope): Promise<T> {
  if (envelope.v !== PERSIST_VERSION)
    throw new Error(`stored state has version ${String(envelope.v)}, expected ${PERSIST_VERSION}`);
  const plain = await crypto.subtle.decrypt(
    { name: "AES-GCM", iv: fromBase64(envelope.iv) },
    await getDeviceKey(),
    fromBase64(envelope.data),
  );
  return JSON.parse(new TextDecoder().decode(plain)) as T;
}

/** Encrypts a JSON value with the device key (AES-GCM, fresh IV) into localStorage. */
export async function saveEncrypted(value: unknown, storageKey = STORAGE_KEY): Promise<void> {
  localStorage.setItem(storageKey, JSON.stringify(await encryptJson(value)));
}

/**
 * Reads and decrypts the stored value. Nothing stored: null. Anything that cannot be
 * decrypted (another device's key, tampering, another version): logged, and null, so the
 * app starts from an empty state (spec sections 3 and 8).
 */
export async function loadEncrypted<T>(storageKey = STORAGE_KEY): Promise<T | null> {
  const raw = localStorage.getItem(storageKey);
  if (!raw) return null;
  try {
    return await decryptJson<T>(JSON.parse(raw) as Envelope);
  } catch (err) {
    console.error("Stored data could not be decrypted; starting from an empty state.", err);
    localStorage.removeItem(storageKey);
    return null;
  }
}
