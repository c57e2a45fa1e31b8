import { createHash } from "node:crypto";
import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { now } from "./clock.ts";
import { rateLimits } from "./rate-limits.table.ts";

/** How often one process deletes ended windows: cheap (an index on window_ends), and rare. */
export const RATE_LIMIT_SWEEP_EVERY_MS = 60_000;

type Result = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Result) => void;
type Sweeper = { lastSweep: number };
/** What the plugin passes the store (its merged options; the types leave some out). */
type StoreOptions = FastifyRateLimitOptions & { continueExceeding?: boolean; exponentialBackoff?: boolean };

/**
 * The rate-limit plugin's store, counting in the database (rate_limits) instead of each process's
 * memory, so several servers on one database allow a limit's attempts once between them, not once
 * each. One atomic upsert per hit: a new key or an ended window starts at 1, otherwise the count
 * goes up by one; the count and the window's end come back in the same statement. Moments come
 * from the server's clock (platform/clock.ts), never the database's.
 *
 * Each limiter has its own keys, as each had its own memory before: a route's limit is prefixed
 * with its method and URL, a limiter of app.createRateLimit with "limit|" (their key generators
 * name them: "sign-in|address", "register|address").
 */
export function databaseRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  const sweeper: Sweeper = { lastSweep: 0 };
  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    private readonly continueExceeding: boolean;

    constructor(
      options: StoreOptions,
      private readonly prefix = "",
    ) {
      if (options.exponentialBackoff) throw new Error("The database rate-limit store has no exponential backoff");
      this.continueExceeding = options.continueExceeding === true;
    }

    child(routeOptions: StoreOptions & { routeInfo?: { method?: unknown; url?: string } }) {
      const route = routeOptions.routeInfo;
      const prefix = route?.url ? `${String(route.method)} ${route.url}|` : "limit|";
      return new DatabaseRateLimitStore(routeOptions, prefix);
    }

    incr(key: string, callback: Callback, timeWindow: number, max: number): void {
      increment(db, this.storedKey(key), timeWindow, max, this.continueExceeding).then(
        (result) => callback(null, result),
        (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
      );
      sweep(db, sweeper);
    }

    /** The count without counting (the plugin's `{ increment: false }`). */
    read(key: string, callback: Callback): void {
      const at = now();
      db.execute<{ count: number; window_ends: Date }>(
        sql`SELECT count, window_ends FROM ${rateLimits} WHERE key = ${this.storedKey(key)} AND window_ends > ${at}`,
      ).then(
        ({ rows: [row] }) =>
          callback(null, row ? { current: row.count, ttl: ttlOf(row.window_ends, at) } : { current: 0, ttl: 0 }),
        (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
      );
    }

    /** Hashed: the table (and every backup) keeps no client address or tried username. */
    private storedKey(key: string): string {
      return rateLimitKey(this.prefix + key);
    }
  };
}

/** The stored key of a limiter's key (its prefix included): its SHA-256, in hex. */
export function rateLimitKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

async function increment(
  db: Db,
  key: string,
  timeWindow: number,
  max: number,
  continueExceeding: boolean,
): Promise<Result> {
  const at = now();
  const ends = new Date(at.getTime() + timeWindow);
  const ended = sql`${rateLimits}.window_ends <= ${at}`;
  // continueExceeding: every attempt over the limit starts the window again.
  const restart = continueExceeding ? sql`(${ended} OR ${rateLimits}.count + 1 > ${max})` : ended;
  const { rows } = await db.execute<{ count: number; window_ends: Date }>(sql`
    INSERT INTO ${rateLimits} (key, count, window_ends) VALUES (${key}, 1, ${ends})
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN ${ended} THEN 1 ELSE ${rateLimits}.count + 1 END,
      window_ends = CASE WHEN ${restart} THEN excluded.window_ends ELSE ${rateLimits}.window_ends END
    RETURNING count, window_ends`);
  const row = rows[0]!;
  return { current: row.count, ttl: ttlOf(row.window_ends, at) };
}

function ttlOf(windowEnds: Date | string, at: Date): number {
  return Math.max(0, new Date(windowEnds).getTime() - at.getTime());
}

/** Deletes ended windows, at most once a minute per process, in the background. */
function sweep(db: Db, sweeper: Sweeper): void {
  const at = now();
  if (at.getTime() - sweeper.lastSweep < RATE_LIMIT_SWEEP_EVERY_MS) return;
  sweeper.lastSweep = at.getTime();
  db.execute(sql`DELETE FROM ${rateLimits} WHERE window_ends <= ${at}`).catch(() => undefined);
}
