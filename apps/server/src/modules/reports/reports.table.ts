import {
  bigint,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { businesses } from "../businesses/businesses.table.ts";

const cents = (name: string) => bigint(name, { mode: "number" }).notNull().default(0);

/**
 * The business days whose rollups are out of date: a marker per change. Database triggers on
 * sales and credit_payments add one in the writing transaction and notify `report_dirty_days` at
 * commit: a job then rebuilds those days (reports.jobs.ts, rollups.ts) and deletes the markers it
 * saw, and only those. A marker is a row of its own (migration 0041), never one row per day shared
 * by every sale of the day: a sale never waits for a rebuild that holds the day's row. No sales
 * code writes here.
 */
export const reportDirtyDays = pgTable(
  "report_dirty_days",
  {
    // A uuid, not a sequence: a business's markers move with it to another server (business-data import).
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: uuid("business_id").notNull(),
    day: date("day", { mode: "string" }).notNull(),
  },
  (t) => [
    index("report_dirty_days_business_day_idx").on(t.businessId, t.day),
    foreignKey({ columns: [t.businessId], foreignColumns: [businesses.id] }),
  ],
);

/**
 * The unit cost (the product's weighted average cost, products.buying_price) of each product
 * of a sale when it was first sold on that sale: written by a trigger on sale_lines in the
 * sale's transaction; an edit that re-adds the product keeps the first cost.
 */
export const reportLineCosts = pgTable(
  "report_line_costs",
  {
    businessId: uuid("business_id").notNull(),
    saleId: uuid("sale_id").notNull(),
    productId: uuid("product_id").notNull(),
    unitCost: cents("unit_cost"),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.saleId, t.productId] }),
    foreignKey({ columns: [t.businessId], foreignColumns: [businesses.id] }),
  ],
);

/** One business day's totals: completed sales, their cost of goods, voids, credit collected. */
export const reportDays = pgTable(
  "report_days",
  {
    businessId: uuid("business_id").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    salesCount: integer("sales_count").notNull().default(0),
    salesTotal: cents("sales_total"),
    costTotal: cents("cost_total"),
    items: cents("items"),
    voidedCount: integer("voided_count").notNull().default(0),
    voidedTotal: cents("voided_total"),
    creditCollected: cents("credit_collected"),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.day] }),
    foreignKey({ columns: [t.businessId], foreignColumns: [businesses.id] }),
  ],
);

/**
 * One business day split by a dimension (ROLLUP_DIMENSIONS: hour, product, payment, employee,
 * channel, category, collected): how many sales, their amount, cost and units.
 */
export const reportDayParts = pgTable(
  "report_day_parts",
  {
    businessId: uuid("business_id").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    dim: text("dim").notNull(),
    key: text("key").notNull(),
    label: text("label").notNull(),
    count: integer("count").notNull().default(0),
    amount: cents("amount"),
    cost: cents("cost"),
    quantity: cents("quantity"),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.dim, t.day, t.key] }),
    foreignKey({ columns: [t.businessId], foreignColumns: [businesses.id] }),
  ],
);

/**
 * The day parts summed by calendar month (month: its first day), rebuilt with the days of that
 * month: a year's summary reads twelve months of parts, not 365 days of them.
 */
export const reportMonthParts = pgTable(
  "report_month_parts",
  {
    businessId: uuid("business_id").notNull(),
    month: date("month", { mode: "string" }).notNull(),
    dim: text("dim").notNull(),
    key: text("key").notNull(),
    label: text("label").notNull(),
    count: integer("count").notNull().default(0),
    amount: cents("amount"),
    cost: cents("cost"),
    quantity: cents("quantity"),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.dim, t.month, t.key] }),
    foreignKey({ columns: [t.businessId], foreignColumns: [businesses.id] }),
  ],
);

/**
 * A business's rebuild in progress: the dirty days rebuilt since it had none (reports say
 * "updating" with done / (done + days still dirty)); the row goes when no dirty day is left.
 */
export const reportRebuilds = pgTable(
  "report_rebuilds",
  {
    businessId: uuid("business_id").primaryKey(),
    done: integer("done").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [foreignKey({ columns: [t.businessId], foreignColumns: [businesses.id] })],
);
