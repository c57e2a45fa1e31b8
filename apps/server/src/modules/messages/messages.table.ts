import {
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { businesses } from "../businesses/businesses.table.ts";
import { sales } from "../sales/sales.table.ts";
import { now } from "../../platform/clock.ts";

/**
 * A sale's public receipt link: a random token (32 bytes, base64url) made the first time the
 * receipt is shared, kept so the same link is sent each time. The token alone opens the receipt
 * (GET /api/public/receipts/:token); it names nothing else of the business.
 */
export const receiptLinks = pgTable(
  "receipt_links",
  {
    businessId: uuid("business_id").notNull(),
    saleId: uuid("sale_id").notNull(),
    token: text("token").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow().$defaultFn(now),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.saleId] }),
    foreignKey({ columns: [t.businessId, t.saleId], foreignColumns: [sales.businessId, sales.id] }).onDelete("cascade"),
    uniqueIndex("receipt_links_token_key").on(t.token),
  ],
);

/**
 * What was sent (or tried) to whom: one row per message, written queued by the route and brought
 * to sent or failed by the send job (with the provider's id and cost, or the reason it failed).
 * The text is kept so a retry sends exactly what was queued.
 */
export const messages = pgTable(
  "messages",
  {
    businessId: uuid("business_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    channel: text("channel", { enum: ["sms", "email", "whatsapp"] }).notNull(),
    kind: text("kind", { enum: ["receipt", "statement", "reminder"] }).notNull(),
    recipient: text("recipient").notNull(),
    /** The sale (receipt) or customer (statement, reminder) the message is about. */
    ref: uuid("ref"),
    subject: text("subject"),
    body: text("body").notNull(),
    status: text("status", { enum: ["queued", "sent", "failed"] })
      .notNull()
      .default("queued"),
    providerId: text("provider_id"),
    /** As the provider reported it ("KES 0.8000"); null when it reported none. */
    cost: text("cost"),
    error: text("error"),
    attempts: integer("attempts").notNull().default(0),
    createdBy: text("created_by").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow().$defaultFn(now),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow().$defaultFn(now),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    foreignKey({ columns: [t.businessId], foreignColumns: [businesses.id] }).onDelete("cascade"),
    index("messages_id_idx").on(t.id),
    index("messages_business_created_idx").on(t.businessId, t.createdAt),
  ],
);
