/**
 * A random version-4 UUID. crypto.randomUUID exists in secure contexts only (https, localhost),
 * and a till reached over the shop's LAN by its IP is plain http: there the UUID is built from
 * crypto.getRandomValues, which every context has.
 */
export function newUuid(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40; // version 4
  b[8] = (b[8]! & 0x3f) | 0x80; // variant 10xx
  const h = Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/**
 * A fresh Idempotency-Key for one write that moves money or stock (a payment, a sale, an
 * expense, a transfer), so a retried request never records it twice. Chosen once per attempt.
 */
export const newIdempotencyKey = (): string => newUuid();

/** Query parameters without the empty ones. */
export const paramsOf = (q: object) =>
  Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== "" && v !== null));
