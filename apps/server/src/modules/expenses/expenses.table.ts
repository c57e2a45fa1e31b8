import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { MONEY_METHODS } from "@app/shared/transactions/transaction";
import { businesses } from "../businesses/businesses.table.ts";
import { now } from "../../platform/clock.ts";

const at = (name: string) => timestamp(name, { withTimezone: true });

/** The business's own expense categories (seeded with the defaults on first use). */
export const expenseCategories = pgTable(
  "expense_categories",
  {
    businessId: uuid("business_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    name: text("name").notNull(),
    createdAt: at("created_at").notNull().defaultNow().$defaultFn(now),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    foreignKey({ columns: [t.businessId], foreignColumns: [businesses.id] }),
    uniqueIndex("expense_categories_business_name_key").on(t.businessId, sql`lower(${t.name})`),
    index("expense_categories_id_idx").on(t.id),
  ],
);

/**
 * Money spent by the business. Each live expense has its movement out in the money ledger; an
 * edit or delete appends the correcting movements. A deleted expense keeps its row (deleted_at).
 */
export const expenses = pgTable(
  "expenses",
  {
    businessId: uuid("business_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    spentAt: at("spent_at").notNull(),
    categoryId: uuid("category_id").notNull(),
    amount: bigint("amount", { mode: "number" }).notNull(),
    method: text("method", { enum: MONEY_METHODS }).notNull(),
    paidTo: text("paid_to").notNull(),
    reference: text("reference"),
    note: text("note").notNull().default(""),
    /** Backed by an eTIMS invoice (else not tax-deductible in Kenya). */
    hasEtimsInvoice: boolean("has_etims_invoice").notNull().default(false),
    /**
     * The supplier's KRA eTIMS invoice it was confirmed from (etims_purchases; no foreign key across
     * areas): its eTIMS invoice is KRA's, not a box the owner ticked, so it stays ticked.
     */
    etimsPurchaseId: uuid("etims_purchase_id"),
    /** Cash taken out of a till during a shift (the POS cash-out). */
    fromTill: boolean("from_till").notNull().default(false),
    receiptImage: text("receipt_image"),
    recordedBy: text("recorded_by").notNull(),
    recordedById: uuid("recorded_by_id"),
    createdAt: at("created_at")
      .notNull()
      .default(sql`clock_timestamp()`)
      .$defaultFn(now),
    updatedAt: at("updated_at")
      .notNull()
      .default(sql`clock_timestamp()`)
      .$defaultFn(now),
    deletedAt: at("deleted_at"),
    deletedBy: text("deleted_by"),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    foreignKey({ columns: [t.businessId], foreignColumns: [businesses.id] }),
    foreignKey({
      columns: [t.businessId, t.categoryId],
      foreignColumns: [expenseCategories.businessId, expenseCategories.id],
    }),
    check("expenses_amount_positive", sql`${t.amount} > 0`),
    index("expenses_id_idx").on(t.id),
    index("expenses_business_time_idx")
      .on(t.businessId, t.spentAt)
      .where(sql`${t.deletedAt} IS NULL`),
  ],
);
