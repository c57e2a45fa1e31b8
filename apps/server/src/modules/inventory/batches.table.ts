import { sql } from "drizzle-orm";
import {
  check,
  date,
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
import { products } from "./products.table.ts";
import { now } from "../../platform/clock.ts";

/**
 * Batches of a product (medicines): the units received under one batch number and expiry date,
 * and how many of them are still on the shelf. The product's quantity stays the stock; a batch
 * says which units expire when. Changed only by batches.ts, beside a stock ledger row.
 */
export const productBatches = pgTable(
  "product_batches",
  {
    businessId: uuid("business_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    productId: uuid("product_id").notNull(),
    batchNumber: text("batch_number").notNull(),
    expiryDate: date("expiry_date", { mode: "string" }).notNull(),
    quantity: integer("quantity").notNull(),
    received: integer("received").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow().$defaultFn(now),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow().$defaultFn(now),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    foreignKey({ columns: [t.businessId, t.productId], foreignColumns: [products.businessId, products.id] }).onDelete(
      "cascade",
    ),
    check("product_batches_quantity_range", sql`${t.quantity} >= 0 AND ${t.quantity} <= ${t.received}`),
    uniqueIndex("product_batches_number_key").on(t.businessId, t.productId, t.batchNumber),
    index("product_batches_expiry_idx").on(t.businessId, t.productId, t.expiryDate),
    index("product_batches_id_idx").on(t.id),
  ],
);
