import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { getTableConfig } from "drizzle-orm/pg-core";
import { z } from "zod";
import type { Db, Tx } from "../db/client.ts";
import { ERROR_CODES } from "@app/shared/errors/errors";
import { AppError, isUniqueViolation } from "./errors.ts";
import { idempotencyKeys } from "./idempotency.table.ts";
import { retryOnConflict } from "./retry.ts";

/** The optional header of money- and stock-moving writes. */
export const idempotencyHeadersSchema = z.object({ "idempotency-key": z.string().trim().min(8).max(200).optional() });

/** A stable hash of a request body (object keys sorted), to tell a true retry from a reused key. */
export function fingerprintOf(body: unknown): string {
  const canonical = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(canonical)
      : v && typeof v === "object"
        ? Object.fromEntries(
            Object.entries(v)
              .sort(([a], [b]) => a.localeCompare(b))
              .map(([k, x]) => [k, canonical(x)]),
          )
        : v;
  return createHash("sha256")
    .update(JSON.stringify(canonical(body) ?? null))
    .digest("base64url");
}

/** The primary key a duplicate sent at the same moment runs into (named by drizzle-kit, so read from the table). */
const KEY_CONSTRAINT = getTableConfig(idempotencyKeys).primaryKeys[0]!.getName();

const reused = () =>
  new AppError(ERROR_CODES.IDEMPOTENCY_KEY_REUSED, "This Idempotency-Key was already used for a different request");

async function storedResult<T>(
  db: Db,
  businessId: string,
  key: string,
  scope: string,
  fingerprint: string | undefined,
): Promise<{ found: true; value: T } | { found: false }> {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.businessId, businessId), eq(idempotencyKeys.key, key)));
  if (!row) return { found: false };
  if (row.scope !== scope || (fingerprint && row.fingerprint && row.fingerprint !== fingerprint)) throw reused();
  return { found: true, value: row.response as T };
}

/**
 * A result kept by reference: the key row stores `ref` (e.g. the id of the sale about to be
 * made) from its first statement, and a retry rebuilds the result with `replay(ref)`. The write
 * then needs no statement after its work to store the result, which matters where the work
 * ends holding a hot lock (the per-business sale counter) until COMMIT.
 */
export type ByReference<T> = { ref: Record<string, unknown>; replay: (ref: Record<string, unknown>) => Promise<T> };

/**
 * Runs a write in one transaction (again, a bounded number of times, on a deadlock or
 * serialisation failure: platform/retry.ts). With a key, the key is recorded in that same transaction
 * with the result: a retry returns the first result (its INSERT of the key fails on the key's
 * unique index, and the stored result is read), and a duplicate sent at the same time waits on
 * that index until the first commits, then returns its result too.
 * The same key with another operation or body (fingerprint) is refused with 422.
 * The result must be plain JSON (what the route returns), unless it is kept by reference.
 */
export type IdempotencyOptions<T> = {
  businessId: string;
  /** The client's Idempotency-Key; without one the work simply runs in a transaction. */
  key: string | undefined;
  /** What the key is for (e.g. `sale:retail`): the same key for another operation is refused. */
  scope: string;
  /** A hash of the request body: the same key with another body is refused. */
  fingerprint?: string;
  byReference?: ByReference<T>;
};

export async function runIdempotent<T>(
  db: Db,
  { businessId, key, scope, fingerprint, byReference }: IdempotencyOptions<T>,
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  // A deadlock or serialisation failure runs the whole transaction again (platform/retry.ts): the
  // failed attempt was rolled back with its key row, so the retry is the first write of the key.
  if (!key) return retryOnConflict(() => db.transaction(work));
  const firstResult = async (): Promise<{ found: true; value: T } | { found: false }> => {
    const stored = await storedResult<T>(db, businessId, key, scope, fingerprint);
    if (!stored.found || !byReference) return stored;
    return { found: true, value: await byReference.replay(stored.value as Record<string, unknown>) };
  };
  // No look-up before the transaction: the first write is the key's INSERT, and a retry runs into
  // its primary key (after the first commits, if it is still running) and is answered from the
  // stored result below. A look-up first cost every write one more round trip to the database
  // (one of the 8 statements of a sale) to save work only on retries, which are rare.
  try {
    return await retryOnConflict(() =>
      db.transaction(async (tx) => {
        await tx
          .insert(idempotencyKeys)
          .values({ businessId, key, scope, fingerprint, response: byReference?.ref ?? null });
        const result = await work(tx);
        if (byReference) return result;
        await tx
          .update(idempotencyKeys)
          .set({ response: result as object })
          .where(and(eq(idempotencyKeys.businessId, businessId), eq(idempotencyKeys.key, key)));
        return result;
      }),
    );
  } catch (err) {
    if (!isUniqueViolation(err, KEY_CONSTRAINT)) throw err;
    const first = await firstResult();
    if (first.found) return first.value;
    throw err;
  }
}

/** A key of a write done in steps (see `storedAnswer`). */
export type KeyedWrite = { businessId: string; key: string; scope: string; fingerprint?: string };

/**
 * For a write that cannot run in one transaction (it calls another system between its own, as
 * answering a supplier's KRA invoice does): the answer stored under its key by an earlier request
 * that succeeded, if any (the same key for another operation or body: 422). The write then stores
 * its answer with `recordAnswer` in its last transaction, so a retry after success gets the first
 * answer; a retry while the first is still running is the write's own business (it holds a claim).
 */
export function storedAnswer<T>(db: Db, k: KeyedWrite): Promise<{ found: true; value: T } | { found: false }> {
  return storedResult<T>(db, k.businessId, k.key, k.scope, k.fingerprint);
}

/** Stores a write's answer under its key, in the write's last transaction (see `storedAnswer`). */
export async function recordAnswer(tx: Tx, k: KeyedWrite, answer: unknown): Promise<void> {
  try {
    await tx.insert(idempotencyKeys).values({
      businessId: k.businessId,
      key: k.key,
      scope: k.scope,
      fingerprint: k.fingerprint,
      response: answer as object,
    });
  } catch (err) {
    // The key was taken meanwhile by another request: refused, and the write rolls back with it.
    if (isUniqueViolation(err, KEY_CONSTRAINT)) throw reused();
    throw err;
  }
}

/** What a service takes of a request for `runIdempotent`: its Idempotency-Key and the fingerprint of what it asks. */
export type Idempotency = { key?: string; fingerprint?: string };

/** The Idempotency-Key of a request and the fingerprint of what it asks (path and body). */
export function idempotencyOf(req: { headers: Record<string, unknown>; params?: unknown; body?: unknown }): {
  key?: string;
  fingerprint: string;
} {
  const key = req.headers["idempotency-key"];
  return {
    key: typeof key === "string" ? key : undefined,
    fingerprint: fingerprintOf({ params: req.params ?? null, body: req.body ?? null }),
  };
}
