import { migrate } from "drizzle-orm/node-postgres/migrator";
import { drizzle } from "drizzle-orm/node-postgres";
import type pg from "pg";
import { MIGRATIONS_DIR } from "../platform/paths.ts";

// Any fixed 64-bit number; every server process takes the same lock before migrating.
export const MIGRATION_LOCK = 7_461_338_213;

/**
 * Applies pending drizzle-kit migrations under a session advisory lock, so several
 * server processes starting together migrate once and the others wait. Neither the wait nor a
 * long migration is cut short by the pool's statement timeout: it is lifted for this session.
 */
export async function runMigrations(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  let done = false;
  try {
    await client.query("SET statement_timeout = 0");
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
    try {
      await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR });
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]);
    }
    // Back to the connection's own timeout before it returns to the pool.
    await client.query("RESET statement_timeout");
    done = true;
  } finally {
    // After a failure the connection may still have no timeout: closed, not returned to the pool.
    client.release(!done);
  }
}
