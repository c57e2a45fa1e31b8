import { sql } from "drizzle-orm";
import {
  check,
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
import { now } from "../../platform/clock.ts";
import { products } from "./products.table.ts";

/**
 * The wholesale catalogue (issue 33): the products the wholesale till sells, one row each, with
 * the fewest units a wholesale line may hold. The wholesale price is the product's
 * (products.wholesale_price), and a trigger keeps the two in step (migration 0045): a product
 * given a wholesale price joins the catalogue, one whose wholesale price is cleared leaves it.
 * So the till's catalog (which carries wholesale prices) needs nothing more to know what to sell.
 */
export const wholesaleProducts = pgTable(
  "wholesale_products",
  {
    businessId: uuid("business_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    productId: uuid("product_id").notNull(),
    minQuantity: integer("min_quantity").notNull().default(1),
    createdBy: text("created_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow().$defaultFn(now),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow().$defaultFn(now),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    foreignKey({ columns: [t.businessId], foreignColumns: [businesses.id] }),
    foreignKey({ columns: [t.businessId, t.productId], foreignColumns: [products.businessId, products.id] }).onDelete(
      "cascade",
    ),
    uniqueIndex("wholesale_products_business_product_key").on(t.businessId, t.productId),
    index("wholesale_products_id_idx").on(t.id),
    check("wholesale_products_min_quantity_check", sql`${t.minQuantity} >= 1`),
  ],
);
