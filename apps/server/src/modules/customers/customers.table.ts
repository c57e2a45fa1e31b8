import { sql } from "drizzle-orm";
import {
  bigint,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { businesses } from "../businesses/businesses.table.ts";
import { now } from "../../platform/clock.ts";

/**
 * The customers of a business (spec section 7: /api/customers). Phones are stored normalised
 * (2547XXXXXXXX / 2541XXXXXXXX) and shown in the 10-digit form people type. A customer with
 * sales is archived, never deleted, so their statement stays whole.
 */
export const customers = pgTable(
  "customers",
  {
    businessId: uuid("business_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    name: text("name").notNull(),
    phone: text("phone").notNull(),
    email: text("email"),
    address: text("address"),
    notes: text("notes").notNull().default(""),
    /** The most the customer may owe on credit (cents); null: no limit set. */
    creditLimit: bigint("credit_limit", { mode: "number" }),
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    createdBy: text("created_by").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow().$defaultFn(now),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow().$defaultFn(now),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    foreignKey({ columns: [t.businessId], foreignColumns: [businesses.id] }),
    index("customers_id_idx").on(t.id),
    // One live customer per phone number in a business: the till finds them by it.
    uniqueIndex("customers_business_phone_key")
      .on(t.businessId, t.phone)
      .where(sql`${t.archivedAt} IS NULL`),
    index("customers_business_name_idx").on(t.businessId, sql`lower(${t.name})`, t.id),
  ],
);
