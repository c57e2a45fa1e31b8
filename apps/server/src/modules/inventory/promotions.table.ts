import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { PROMOTION_KINDS } from "@app/shared/pos/promotion-schema";
import { businesses } from "../businesses/businesses.table.ts";
import { now } from "../../platform/clock.ts";

/**
 * Promotions the owner defines (issue 31 item 2; rules in packages/shared/src/pos/promotions.ts).
 * Only the fields of its kind are set. Product ids are checked against the business's products
 * when written; a product removed later simply matches no line.
 */
export const promotions = pgTable(
  "promotions",
  {
    businessId: uuid("business_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    name: text("name").notNull(),
    kind: text("kind", { enum: PROMOTION_KINDS }).notNull(),
    productIds: uuid("product_ids").array().notNull(),
    unitPrice: bigint("unit_price", { mode: "number" }),
    buyQuantity: integer("buy_quantity"),
    freeQuantity: integer("free_quantity"),
    breakQuantity: integer("break_quantity"),
    breakAmount: bigint("break_amount", { mode: "number" }),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    /** ISO days of the week, 1 = Monday ... 7 = Sunday; empty: every day. */
    days: integer("days")
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** The daily window "HH:mm" to "HH:mm" in the business's time zone (both or neither). */
    dailyFrom: text("daily_from"),
    dailyTo: text("daily_to"),
    active: boolean("active").notNull().default(true),
    createdBy: text("created_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow().$defaultFn(now),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow().$defaultFn(now),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    foreignKey({ columns: [t.businessId], foreignColumns: [businesses.id] }),
    index("promotions_id_idx").on(t.id),
    check("promotions_kind_check", sql`${t.kind} IN ('price', 'buyXgetY', 'quantityBreak')`),
  ],
);
