import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The rate limits' counts (platform/rate-limit-store.ts), kept in the database so that every
 * server process on it counts the same attempts: one row per limited key (a route or limiter and
 * an address, and for sign-in a username; stored as its SHA-256, so no address or username is
 * kept), its count in the current window and when that ends.
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    count: integer("count").notNull(),
    windowEnds: timestamp("window_ends", { withTimezone: true }).notNull(),
  },
  // The clean-up deletes ended windows.
  (t) => [index("rate_limits_window_ends_idx").on(t.windowEnds)],
);
