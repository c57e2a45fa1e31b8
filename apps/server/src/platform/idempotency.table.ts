import { foreignKey, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { businesses } from "../modules/businesses/businesses.table.ts";
import { now } from "./clock.ts";

/** Results of writes sent with an Idempotency-Key, so a retried request returns the first result. */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    businessId: uuid("business_id").notNull(),
    key: text("key").notNull(),
    /** The operation the key was used for; reusing a key for another one is refused. */
    scope: text("scope").notNull(),
    /** A hash of the request body; the same key with another body is refused (422). */
    fingerprint: text("fingerprint"),
    response: jsonb("response"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow().$defaultFn(now),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.key] }),
    foreignKey({ columns: [t.businessId], foreignColumns: [businesses.id] }),
  ],
);
