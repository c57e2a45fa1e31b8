/**
 * A fresh Idempotency-Key for one attempt at a write (32 hex digits), so a retried request never
 * moves money or stock twice. crypto.getRandomValues works on plain-http shop networks too, where
 * crypto.randomUUID (secure contexts only) does not exist.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
