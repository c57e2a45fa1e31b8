import { sql } from "drizzle-orm";
import { foreignKey, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { businesses } from "../businesses/businesses.table.ts";
import { now } from "../../platform/clock.ts";

export const categories = pgTable(
  "categories",
  {
    businessId: uuid("business_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    name: text("name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow().$defaultFn(now),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    foreignKey({ columns: [t.businessId], foreignColumns: [businesses.id] }),
    uniqueIndex("categories_business_name_key").on(t.businessId, sql`lower(${t.name})`),
    index("categories_id_idx").on(t.id),
  ],
);

export const subcategories = pgTable(
  "subcategories",
  {
    businessId: uuid("business_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    categoryId: uuid("category_id").notNull(),
    name: text("name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow().$defaultFn(now),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    foreignKey({
      columns: [t.businessId, t.categoryId],
      foreignColumns: [categories.businessId, categories.id],
    }).onDelete("cascade"),
    uniqueIndex("subcategories_category_name_key").on(t.businessId, t.categoryId, sql`lower(${t.name})`),
    index("subcategories_id_idx").on(t.id),
  ],
);
