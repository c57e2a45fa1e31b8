import { migrate } from "drizzle-orm/node-postgres/migrator";
import { drizzle } from "drizzle-orm/node-postgres";
import type pg from "pg";
import { MIGRATIONS_DIR } from "../platform/paths.ts";

// Any fixed 64-bit number; every server process takes the same lock before migrating.
const MIGRATION_LOCK = 7_461_338_213;

/**
 * Applies pending drizzle-kit migrations under a session advisory lock, so several
 * server processes starting together migrate once and the others wait.
 */
export async function runMigrations(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
    try {
      await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR });
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}
