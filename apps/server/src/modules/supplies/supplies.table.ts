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
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { CREDIT_PAYMENT_METHODS, CREDIT_STATUSES } from "@app/shared/sales/credit";
import { businesses } from "../businesses/businesses.table.ts";
import { now } from "../../platform/clock.ts";

const cents = (name: string) => bigint(name, { mode: "number" }).notNull().default(0);
const at = (name: string) => timestamp(name, { withTimezone: true });

/** Who a business buys from. A supplier with supplies is archived, never deleted. */
export const suppliers = pgTable(
  "suppliers",
  {
    businessId: uuid("business_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    name: text("name").notNull(),
    /** Stored as 2547... / 2541...; shown as typed. */
    phone: text("phone"),
    email: text("email"),
    address: text("address"),
    kraPin: text("kra_pin"),
    contactPerson: text("contact_person"),
    notes: text("notes").notNull().default(""),
    archivedAt: at("archived_at"),
    createdBy: text("created_by").notNull(),
    createdAt: at("created_at").notNull().defaultNow().$defaultFn(now),
    updatedAt: at("updated_at").notNull().defaultNow().$defaultFn(now),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    foreignKey({ columns: [t.businessId], foreignColumns: [businesses.id] }),
    index("suppliers_id_idx").on(t.id),
    // Two live suppliers of one business never share a name (deliveries are picked by it).
    uniqueIndex("suppliers_business_name_key")
      .on(t.businessId, sql`lower(${t.name})`)
      .where(sql`${t.archivedAt} IS NULL`),
  ],
);

/**
 * A delivery from one supplier (supply record). `total` is its lines added up; `balance` is
 * what is still owed, changed only by payments and line edits under a row lock.
 */
export const supplyRecords = pgTable(
  "supply_records",
  {
    businessId: uuid("business_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    supplyNumber: integer("supply_number").notNull(),
    supplierId: uuid("supplier_id").notNull(),
    suppliedAt: at("supplied_at").notNull(),
    total: cents("total"),
    /** The part of the total left owing at delivery. */
    creditAmount: cents("credit_amount"),
    balance: cents("balance"),
    creditStatus: text("credit_status", { enum: CREDIT_STATUSES }),
    /** How it was paid at delivery; null when nothing was. */
    paymentMethod: text("payment_method", { enum: CREDIT_PAYMENT_METHODS }),
    receivedBy: text("received_by").notNull(),
    notes: text("notes").notNull().default(""),
    createdBy: text("created_by").notNull(),
    createdAt: at("created_at")
      .notNull()
      .default(sql`clock_timestamp()`)
      .$defaultFn(now),
    updatedAt: at("updated_at")
      .notNull()
      .default(sql`clock_timestamp()`)
      .$defaultFn(now),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    foreignKey({ columns: [t.businessId, t.supplierId], foreignColumns: [suppliers.businessId, suppliers.id] }),
    uniqueIndex("supply_records_business_number_key").on(t.businessId, t.supplyNumber),
    index("supply_records_id_idx").on(t.id),
    index("supply_records_supplier_idx").on(t.businessId, t.supplierId, t.suppliedAt),
    index("supply_records_time_idx").on(t.businessId, t.suppliedAt),
    check("supply_records_balance_range", sql`${t.balance} >= 0 AND ${t.balance} <= ${t.total}`),
  ],
);

/** A product line of a supply: received into the supply store, moved into stock in parts. */
export const supplyProducts = pgTable(
  "supply_products",
  {
    businessId: uuid("business_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    supplyId: uuid("supply_id").notNull(),
    /** An inventory product (no foreign key, as sale lines: the line keeps its name if the product goes). */
    productId: uuid("product_id").notNull(),
    name: text("name").notNull(),
    unit: text("unit").notNull(),
    quantity: integer("quantity").notNull(),
    unitCost: cents("unit_cost"),
    /** Units already moved into stock; never more than were received. */
    transferred: integer("transferred").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    foreignKey({
      columns: [t.businessId, t.supplyId],
      foreignColumns: [supplyRecords.businessId, supplyRecords.id],
    }).onDelete("cascade"),
    uniqueIndex("supply_products_supply_product_key").on(t.businessId, t.supplyId, t.productId),
    index("supply_products_product_idx").on(t.businessId, t.productId),
    check("supply_products_transferred_range", sql`${t.transferred} >= 0 AND ${t.transferred} <= ${t.quantity}`),
  ],
);

/** Things bought that are not for sale (fuel, packaging, ingredients): they never enter stock. */
export const supplyCommodities = pgTable(
  "supply_commodities",
  {
    businessId: uuid("business_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    supplyId: uuid("supply_id").notNull(),
    name: text("name").notNull(),
    unit: text("unit").notNull(),
    quantity: integer("quantity").notNull(),
    unitCost: cents("unit_cost"),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    foreignKey({
      columns: [t.businessId, t.supplyId],
      foreignColumns: [supplyRecords.businessId, supplyRecords.id],
    }).onDelete("cascade"),
    index("supply_commodities_supply_idx").on(t.businessId, t.supplyId),
  ],
);

/** Each move of a supply's units into stock (the transfer log), with the cost price it set. */
export const supplyTransfers = pgTable(
  "supply_transfers",
  {
    businessId: uuid("business_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    supplyId: uuid("supply_id").notNull(),
    lineId: uuid("line_id").notNull(),
    productId: uuid("product_id").notNull(),
    name: text("name").notNull(),
    quantity: integer("quantity").notNull(),
    unitCost: cents("unit_cost"),
    costBefore: cents("cost_before"),
    costAfter: cents("cost_after"),
    quantityAfter: integer("quantity_after").notNull(),
    note: text("note").notNull().default(""),
    transferredBy: text("transferred_by").notNull(),
    createdAt: at("created_at")
      .notNull()
      .default(sql`clock_timestamp()`)
      .$defaultFn(now),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    foreignKey({ columns: [t.businessId, t.supplyId], foreignColumns: [supplyRecords.businessId, supplyRecords.id] }),
    foreignKey({ columns: [t.businessId, t.lineId], foreignColumns: [supplyProducts.businessId, supplyProducts.id] }),
    index("supply_transfers_supply_idx").on(t.businessId, t.supplyId, t.createdAt),
  ],
);

/** Money paid to a supplier for a supply: at delivery, or later in parts. */
export const supplierPayments = pgTable(
  "supplier_payments",
  {
    businessId: uuid("business_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    supplyId: uuid("supply_id").notNull(),
    supplierId: uuid("supplier_id").notNull(),
    amount: cents("amount"),
    method: text("method", { enum: CREDIT_PAYMENT_METHODS }).notNull(),
    paidAt: at("paid_at").notNull(),
    atDelivery: boolean("at_delivery").notNull().default(false),
    recordedBy: text("recorded_by").notNull(),
    createdAt: at("created_at")
      .notNull()
      .default(sql`clock_timestamp()`)
      .$defaultFn(now),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    foreignKey({
      columns: [t.businessId, t.supplyId],
      foreignColumns: [supplyRecords.businessId, supplyRecords.id],
    }).onDelete("cascade"),
    index("supplier_payments_supply_idx").on(t.businessId, t.supplyId, t.paidAt),
    index("supplier_payments_time_idx").on(t.businessId, t.paidAt),
    check("supplier_payments_amount_positive", sql`${t.amount} > 0`),
  ],
);
