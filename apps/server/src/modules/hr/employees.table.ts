import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  integer,
  foreignKey,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  index,
} from "drizzle-orm/pg-core";
import { businesses } from "../businesses/businesses.table.ts";
import { now } from "../../platform/clock.ts";

/** Staff of one business, signing in through /normalaccounts with the business's access key. */
export const employees = pgTable(
  "employees",
  {
    businessId: uuid("business_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    username: text("username").notNull(),
    passwordHash: text("password_hash").notNull(),
    occupation: text("occupation").notNull(),
    image: text("image"),
    active: boolean("active").notNull().default(true),
    handleStock: boolean("handle_stock").notNull().default(false),
    handleTransfer: boolean("handle_transfer").notNull().default(false),
    reviewStock: boolean("review_stock").notNull().default(false),
    viewPayroll: boolean("view_payroll").notNull().default(false),
    viewBooking: boolean("view_booking").notNull().default(false),
    viewEmployee: boolean("view_employee").notNull().default(false),
    viewSupplies: boolean("view_supplies").notNull().default(false),
    viewExpenses: boolean("view_expenses").notNull().default(false),
    /** The largest discount (whole percent of a line's list price) they may give without the owner's PIN (issue 31). */
    maxDiscountPercent: integer("max_discount_percent").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow().$defaultFn(now),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    foreignKey({ columns: [t.businessId], foreignColumns: [businesses.id] }),
    uniqueIndex("employees_business_username_key").on(t.businessId, sql`lower(${t.username})`),
    index("employees_id_idx").on(t.id),
    check("employees_max_discount_percent", sql`max_discount_percent BETWEEN 0 AND 100`),
  ],
);
