import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
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
import { STOCK_REASONS } from "@app/shared/inventory/stock";
import { TAX_TYPES } from "@app/shared/tax/vat";
import { businesses } from "../businesses/businesses.table.ts";
import { now } from "../../platform/clock.ts";

/** The text a product search matches against; products.service.ts searches this same expression. */
export const productSearchText = (t: { name: AnyPgColumn; sku: AnyPgColumn; barcode: AnyPgColumn }) =>
  sql`lower(${t.name} || ' ' || coalesce(${t.sku}, '') || ' ' || coalesce(${t.barcode}, ''))`;

const cents = (name: string) => bigint(name, { mode: "number" }).notNull().default(0);

/**
 * A transaction id (PostgreSQL's xid8, read as text): the transaction that last wrote a catalog
 * row. Set by trigger on every insert and update (migration 0037), so every writer is covered.
 */
const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => "xid8" });
const changeXid = () =>
  xid8("change_xid")
    .notNull()
    .default(sql`pg_current_xact_id()`);

export const products = pgTable(
  "products",
  {
    businessId: uuid("business_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    name: text("name").notNull(),
    sku: text("sku"),
    barcode: text("barcode"),
    categoryId: uuid("category_id"),
    subcategoryId: uuid("subcategory_id"),
    unit: text("unit").notNull().default("pcs"),
    buyingPrice: cents("buying_price"),
    sellingPrice: cents("selling_price"),
    wholesalePrice: cents("wholesale_price"),
    /** Changed only together with a stock_movements row (the ledger). */
    quantity: integer("quantity").notNull().default(0),
    reorderLevel: integer("reorder_level").notNull().default(0),
    image: text("image"),
    description: text("description").notNull().default(""),
    /** eTIMS tax type A-E; null follows the business (B when VAT-registered, else D). */
    taxType: text("tax_type", { enum: TAX_TYPES }),
    /**
     * What KRA eTIMS needs of the product (saveItem; KRA's code lists, cached per business):
     * item classification (itemClsCd), item type (itemTyCd, class 24), country of origin
     * (orgnNatCd, class 05), packaging unit (pkgUnitCd, class 17), quantity unit (qtyUnitCd,
     * class 10). Optional until the business connects eTIMS.
     */
    etimsItemClass: text("etims_item_class"),
    etimsItemType: text("etims_item_type"),
    etimsOrigin: text("etims_origin"),
    etimsPackagingUnit: text("etims_packaging_unit"),
    etimsQuantityUnit: text("etims_quantity_unit"),
    /** KRA's item code (origin + type + packaging + unit + this 7-digit sequence), once registered. */
    etimsItemSeq: integer("etims_item_seq"),
    etimsItemCode: text("etims_item_code"),
    /** When KRA last accepted the product (saveItem); cleared when its eTIMS details change (migration 0034). */
    etimsRegisteredAt: timestamp("etims_registered_at", { withTimezone: true }),
    /** Why KRA refused to register it, in plain words; null otherwise. */
    etimsError: text("etims_error"),
    active: boolean("active").notNull().default(true),
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow().$defaultFn(now),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow().$defaultFn(now),
    /** The transaction that last wrote this product: the till's catalog delta reads it (catalog.service.ts). */
    changeXid: changeXid(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    foreignKey({ columns: [t.businessId], foreignColumns: [businesses.id] }),
    check("products_quantity_non_negative", sql`${t.quantity} >= 0`),
    uniqueIndex("products_business_sku_key")
      .on(t.businessId, t.sku)
      .where(sql`${t.sku} IS NOT NULL`),
    uniqueIndex("products_business_barcode_key")
      .on(t.businessId, t.barcode)
      .where(sql`${t.barcode} IS NOT NULL`),
    index("products_id_idx").on(t.id),
    index("products_business_name_idx").on(t.businessId, sql`lower(${t.name})`, t.id),
    // One trigram index answers "contains" searches over name, SKU and barcode together.
    index("products_search_trgm_idx").using("gin", sql`${productSearchText(t)} gin_trgm_ops`),
    index("products_business_category_idx").on(t.businessId, t.categoryId),
    // The till's catalog delta: a business's products written since a transaction id.
    index("products_business_change_idx").on(t.businessId, t.changeXid),
    // Counts a business's live products with an index-only scan (list totals).
    index("products_business_live_idx")
      .on(t.businessId)
      .where(sql`${t.archivedAt} IS NULL`),
  ],
);

/**
 * The stock ledger: one row for every change of a product's quantity, written in the same
 * transaction. For each product, the sum of delta equals its quantity.
 */
export const stockMovements = pgTable(
  "stock_movements",
  {
    businessId: uuid("business_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    /** Orders movements made in the same instant. */
    seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity(),
    productId: uuid("product_id").notNull(),
    delta: integer("delta").notNull(),
    quantityAfter: integer("quantity_after").notNull(),
    reason: text("reason", { enum: STOCK_REASONS }).notNull(),
    refType: text("ref_type"),
    refId: text("ref_id"),
    note: text("note").notNull().default(""),
    actorKind: text("actor_kind").notNull(),
    actorId: uuid("actor_id"),
    actorName: text("actor_name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`)
      .$defaultFn(now),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    foreignKey({ columns: [t.businessId, t.productId], foreignColumns: [products.businessId, products.id] }).onDelete(
      "cascade",
    ),
    index("stock_movements_product_time_idx").on(t.businessId, t.productId, t.createdAt, t.seq),
    index("stock_movements_business_time_idx").on(t.businessId, t.createdAt),
    // What a sale holds (stockHeldBy, at every void, edit and restore): migration 0031.
    index("stock_movements_ref_idx").on(t.businessId, t.refType, t.refId),
  ],
);

/**
 * Products deleted for good (a product never sold; archived ones stay in `products`): the till's
 * catalog delta tells devices to drop them. Written by trigger on DELETE (migration 0037).
 */
export const productTombstones = pgTable(
  "product_tombstones",
  {
    businessId: uuid("business_id").notNull(),
    productId: uuid("product_id").notNull(),
    changeXid: changeXid(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.productId] }),
    foreignKey({ columns: [t.businessId], foreignColumns: [businesses.id] }),
    index("product_tombstones_business_change_idx").on(t.businessId, t.changeXid),
  ],
);
