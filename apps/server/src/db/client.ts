import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import pg from "pg";
import * as schema from "./schema.ts";

/** Drizzle over the pool; `$client` is the pool itself (for session-level locks). */
export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };
/** A transaction handle; repositories accept either. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type DbOrTx = Db | Tx;

export type Database = { db: Db; pool: pg.Pool; close: () => Promise<void> };

// bigint (int8) columns hold cents and counts; they stay exact as numbers up to 2^53.
pg.types.setTypeParser(20, (v) => Number(v));

/** Opens a pooled connection to PostgreSQL and wraps it in Drizzle. */
export function openDatabase(url: string, poolSize = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, idleTimeoutMillis: 30_000 });
  pool.on("error", () => undefined); // an idle client's error is reported on its next use
  const db = drizzle(pool, { schema });
  return { db, pool, close: () => pool.end() };
}
