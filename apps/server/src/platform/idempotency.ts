import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db, Tx } from "../db/client.ts";
import { AppError, isUniqueViolation } from "./errors.ts";
import { idempotencyKeys } from "./idempotency.table.ts";

/** The optional header of money- and stock-moving writes. */
export const idempotencyHeadersSchema = z.object({ "idempotency-key": z.string().trim().min(8).max(200).optional() });

async function storedResult<T>(db: Db, businessId: string, key: string, scope: string): Promise<{ found: true; value: T } | { found: false }> {
  const [row] = await db.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.businessId, businessId), eq(idempotencyKeys.key, key)));
  if (!row) return { found: false };
  if (row.scope !== scope) throw new AppError("CONFLICT", "This Idempotency-Key was already used for another request");
  return { found: true, value: row.response as T };
}

/**
 * Runs a write in one transaction. With a key, the key is recorded in that same transaction
 * with the result: a retry returns the first result, and a duplicate sent at the same time
 * waits on the key's unique index until the first commits, then returns its result too.
 * The result must be plain JSON (what the route returns).
 */
export async function runIdempotent<T>(db: Db, businessId: string, key: string | undefined, scope: string, work: (tx: Tx) => Promise<T>): Promise<T> {
  if (!key) return db.transaction(work);
  const earlier = await storedResult<T>(db, businessId, key, scope);
  if (earlier.found) return earlier.value;
  try {
    return await db.transaction(async (tx) => {
      await tx.insert(idempotencyKeys).values({ businessId, key, scope });
      const result = await work(tx);
      await tx
        .update(idempotencyKeys)
        .set({ response: result as object })
        .where(and(eq(idempotencyKeys.businessId, businessId), eq(idempotencyKeys.key, key)));
      return result;
    });
  } catch (err) {
    if (!isUniqueViolation(err, "idempotency_keys_pkey")) throw err;
    const first = await storedResult<T>(db, businessId, key, scope);
    if (first.found) return first.value;
    throw err;
  }
}
