import { createHash, timingSafeEqual } from "node:crypto";

/** Is this the installation's callback token? (Compared in constant time.) */
export function isCallbackTokenOf(sent: string | null, token: string): boolean {
  if (!sent || !token) return false;
  const digest = (v: string) => createHash("sha256").update(v).digest();
  return timingSafeEqual(digest(sent), digest(token));
}
