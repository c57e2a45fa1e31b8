import { sql } from "drizzle-orm";
import { foreignKey, index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "../accounts/accounts.table.ts";
import { businesses } from "./businesses.table.ts";
import { now } from "../../platform/clock.ts";

/**
 * Support access an owner grants for a few hours (Settings): while one is in force, provider
 * support may change data inside the business. A new grant revokes the one before; at most one
 * is in force at a time.
 */
export const supportAccessGrants = pgTable(
  "support_access_grants",
  {
    businessId: uuid("business_id")
      .notNull()
      .references(() => businesses.id),
    id: uuid("id").notNull().defaultRandom(),
    grantedBy: uuid("granted_by")
      .notNull()
      .references(() => users.id),
    /** The owner's username, as the owner's log shows it. */
    grantedByName: text("granted_by_name").notNull(),
    grantedAt: timestamp("granted_at", { withTimezone: true }).notNull().defaultNow().$defaultFn(now),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    index("support_access_grants_open_idx")
      .on(t.businessId, t.expiresAt)
      .where(sql`revoked_at IS NULL`),
  ],
);

/**
 * Every change provider support made inside a business (any non-read request the access guard
 * let through, with its answer's status), for the owner to read. Reads and refusals are not logged.
 */
export const supportActions = pgTable(
  "support_actions",
  {
    businessId: uuid("business_id")
      .notNull()
      .references(() => businesses.id),
    id: uuid("id").notNull().defaultRandom(),
    /** The support access it was made under; null for what support may do without one. */
    grantId: uuid("grant_id"),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    username: text("username").notNull(),
    method: text("method").notNull(),
    path: text("path").notNull(),
    summary: text("summary").notNull(),
    statusCode: integer("status_code").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow().$defaultFn(now),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    foreignKey({
      columns: [t.businessId, t.grantId],
      foreignColumns: [supportAccessGrants.businessId, supportAccessGrants.id],
    }),
    index("support_actions_business_at_idx").on(t.businessId, t.at),
  ],
);
