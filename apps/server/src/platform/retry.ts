import type { DbOrTx, Tx } from "../db/client.ts";
import { conflict } from "./errors.ts";

/** PostgreSQL's deadlock_detected and serialization_failure: the transaction may simply run again. */
const RETRYABLE = new Set(["40P01", "40001"]);

/** A deadlock or serialisation failure (the driver's error, or one wrapping it as its cause). */
export function isRetryableConflict(err: unknown): boolean {
  const e = err as { code?: string; cause?: unknown } | undefined;
  if (e?.code && RETRYABLE.has(e.code)) return true;
  return e?.cause ? isRetryableConflict(e.cause) : false;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `fn` (a whole transaction: each attempt is a fresh one) again when PostgreSQL aborts it
 * with a deadlock or a serialisation failure, at most `attempts` times in all, after a short
 * jittered pause. Still failing: 409 (the client may try again), never 500. Any other error
 * passes through at once. `fn` must be safe to run again: its earlier attempt was rolled back
 * whole, so only work outside the database (none in our writes) would be repeated.
 */
export async function retryOnConflict<T>(fn: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      if (!isRetryableConflict(err)) throw err;
      if (attempt >= attempts) throw conflict("Another change to the same records was being saved: please try again");
      await pause(Math.random() * 20 * 2 ** attempt);
    }
  }
}

/**
 * One write transaction, run again on a deadlock or serialisation failure (409 when it still
 * conflicts). Every money- or stock-moving write without an Idempotency-Key runs through this or
 * `runIdempotent` (which uses the same retry), never a bare `db.transaction` (issue 28).
 */
export function transact<T>(db: DbOrTx, work: (tx: Tx) => Promise<T>): Promise<T> {
  return retryOnConflict(() => db.transaction(work));
}
