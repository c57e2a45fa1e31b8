import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import pg from "pg";
import { trackPool } from "../platform/metrics.ts";

/** Drizzle over the pool; `$client` is the pool itself (for session-level locks). */
export type Db = NodePgDatabase & { $client: pg.Pool };
/** A transaction handle; repositories accept either. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type DbOrTx = Db | Tx;

export type Database = { db: Db; pool: pg.Pool; close: () => Promise<void> };

// bigint (int8) columns hold cents and counts; they stay exact as numbers up to 2^53.
pg.types.setTypeParser(20, (v) => Number(v));

/**
 * How long one statement may run on the server's connections before PostgreSQL cancels it
 * (STATEMENT_TIMEOUT_MS), so a slow or blocked query cannot hold a pool connection forever; the
 * request then gets 503 (platform/errors.ts). Far above any query a till or report should need.
 */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 15_000;

/**
 * Opens a pooled connection to PostgreSQL and wraps it in Drizzle. `statementTimeoutMs` is every
 * connection's statement_timeout (0: none, as the command-line tools use: backups, restores);
 * migrations lift it for their own session (db/migrate.ts).
 */
export function openDatabase(url: string, poolSize = 10, statementTimeoutMs = DEFAULT_STATEMENT_TIMEOUT_MS): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    // Sent when each connection starts, so it holds for every query on it without a round trip.
    ...(statementTimeoutMs > 0 ? { statement_timeout: statementTimeoutMs } : {}),
    idleTimeoutMillis: 30_000,
    // A database that accepts the socket but never answers (hung, stopped) would otherwise hold a
    // request forever; after this the request fails with 503 DATABASE_UNAVAILABLE instead.
    connectionTimeoutMillis: 10_000,
  });
  // An idle client whose server went away is dropped from the pool, which then emits 'error':
  // nothing to do, the next request connects afresh.
  pool.on("error", () => undefined);
  // A client that is checked out (in a transaction, holding a lock) when its server dies emits
  // 'error' with no pool listener attached, which would crash the process. Its queries fail
  // instead, and the pool discards it on release because it is no longer queryable.
  pool.on("connect", (client) => client.on("error", () => undefined));
  const db = drizzle(pool);
  const untrack = trackPool(pool);
  return {
    db,
    pool,
    close: () => {
      untrack();
      return pool.end();
    },
  };
}
