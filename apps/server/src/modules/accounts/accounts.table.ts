import { sql } from "drizzle-orm";
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { now } from "../../platform/clock.ts";

/** People who sign in through /adminaccounts: business owners and the provider's support users. */
export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    username: text("username").notNull(),
    email: text("email"),
    phone: text("phone"),
    passwordHash: text("password_hash").notNull(),
    image: text("image"),
    isSupportUser: boolean("is_support_user").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow().$defaultFn(now),
  },
  (t) => [
    uniqueIndex("users_username_key").on(sql`lower(${t.username})`),
    uniqueIndex("users_email_key").on(sql`lower(${t.email})`),
  ],
);

/**
 * One row per sign-in. The JWT carries only the session id, so logout and deactivation
 * revoke it here, and idle sessions expire by last_seen_at.
 */
export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind", { enum: ["admin", "employee"] }).notNull(),
    userId: uuid("user_id").notNull(),
    /** The employee's business; null for owners and support users. */
    businessId: uuid("business_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow().$defaultFn(now),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow().$defaultFn(now),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [index("sessions_user_idx").on(t.kind, t.userId)],
);
