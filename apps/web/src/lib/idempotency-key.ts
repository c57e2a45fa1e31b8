/**
 * A fresh Idempotency-Key for one money write (a payment, an expense, a cash-up), so a retried
 * request never records the money twice. crypto.getRandomValues works on plain-http shop
 * networks too, where crypto.randomUUID (secure contexts only) does not exist. (The inventory
 * feature has its own copy from before this one.)
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Query parameters without the empty ones. */
export const paramsOf = (q: object) =>
  Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== "" && v !== null));
