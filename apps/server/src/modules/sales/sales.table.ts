import { sql } from "drizzle-orm";
import {
  bigint,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { CHANNELS } from "@app/shared/pos/cart";
import { CREDIT_PAYMENT_METHODS, CREDIT_STATUSES } from "@app/shared/sales/credit";
import { PAYMENT_STATUSES, type PaymentInput, type RecordedPaymentMethod } from "@app/shared/sales/payments";
import { SALE_STATUSES, type StockShortfall } from "@app/shared/sales/sale";
import { SALE_HISTORY_ACTIONS, type SaleSnapshot } from "@app/shared/sales/sale-history";
import type { EtimsProof } from "@app/shared/etims/proof";
import { ETIMS_STATES, TAX_TYPES, type VatBand } from "@app/shared/tax/vat";
import { businesses } from "../businesses/businesses.table.ts";
import { customers } from "../customers/customers.table.ts";
import { now } from "../../platform/clock.ts";

const cents = (name: string) => bigint(name, { mode: "number" }).notNull().default(0);
const at = (name: string) => timestamp(name, { withTimezone: true });

/** A checkout payment as stored on its sale. */
export type StoredPayment = Pick<PaymentInput, "amount"> & {
  method: RecordedPaymentMethod;
  tendered: number | null;
  reference: string | null;
};

/**
 * Sales (channel retail, /sales) and wholesale orders (channel wholesale, /orders). A voided
 * sale keeps its row (status voided) so it can be listed and restored.
 */
export const sales = pgTable(
  "sales",
  {
    businessId: uuid("business_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    saleNumber: integer("sale_number").notNull(),
    channel: text("channel", { enum: CHANNELS }).notNull(),
    status: text("status", { enum: SALE_STATUSES }).notNull().default("completed"),
    paymentStatus: text("payment_status", { enum: PAYMENT_STATUSES }).notNull(),
    paymentMethod: text("payment_method").notNull(),
    payments: jsonb("payments").$type<StoredPayment[]>().notNull(),
    total: cents("total"),
    change: cents("change"),
    /** The part of the total put on credit at checkout. */
    creditAmount: cents("credit_amount"),
    /** What is still owed; changed only by credit payments (and edits). */
    balance: cents("balance"),
    creditStatus: text("credit_status", { enum: CREDIT_STATUSES }),
    creditPaymentMethod: text("credit_payment_method"),
    customerName: text("customer_name"),
    customerPhone: text("customer_phone"),
    /** The customer record the sale is linked to (credit sales always are, when their phone is a Kenyan mobile number). */
    customerId: uuid("customer_id"),
    clearedBy: text("cleared_by"),
    servedBy: text("served_by").notNull(),
    servedById: uuid("served_by_id"),
    sectionId: uuid("section_id"),
    sectionName: text("section_name"),
    tableId: uuid("table_id"),
    tableName: text("table_name"),
    ticketId: uuid("ticket_id"),
    voidedAt: at("voided_at"),
    voidedBy: text("voided_by"),
    voidReason: text("void_reason"),
    /** Removed from the void sales (DELETE /voidsales/{id}): the row and its records are kept. */
    hiddenAt: at("hidden_at"),
    hiddenBy: text("hidden_by"),
    /** The VAT per band as sold (tax/vat.ts), and where the sale stands with eTIMS. */
    vatBands: jsonb("vat_bands").$type<VatBand[]>().notNull().default([]),
    etimsState: text("etims_state", { enum: ETIMS_STATES }).notNull().default("not_required"),
    /** What KRA returned when it signed the sale (etims/proof.ts); null until signed. */
    etimsProof: jsonb("etims_proof").$type<EtimsProof>(),
    /** Why KRA refused the sale (its result code and message in plain words); null otherwise. */
    etimsError: text("etims_error"),
    /**
     * KRA's refund reason (code class 32) chosen when the sale was voided: migration 0042's trigger
     * puts it on the credit note that cancels KRA's receipt; null: 06 "Refund".
     */
    etimsRefundReason: text("etims_refund_reason"),
    /** Made offline at this device time (the till's outbox); null for a sale made online. */
    offlineAt: at("offline_at"),
    /** An offline sale that found too little stock on arrival: what was missing (for the owner to review). */
    stockShortfall: jsonb("stock_shortfall").$type<StockShortfall[]>(),
    /** Discounts and overrides (issue 31): the whole discount (list total - total), the ticket's part, who allowed it. */
    discount: bigint("discount", { mode: "number" }).notNull().default(0),
    ticketDiscount: bigint("ticket_discount", { mode: "number" }).notNull().default(0),
    discountApprovedBy: text("discount_approved_by"),
    /** The part of `discount` the owner's promotions gave (issue 31 item 2): not the cashier's, so /summary leaves it out. */
    promotionDiscount: bigint("promotion_discount", { mode: "number" }).notNull().default(0),
    /** A cash sale's rounding (issue 31 item 5): paid in cash beside the total, never part of it or its VAT. */
    cashRounding: bigint("cash_rounding", { mode: "number" }).notNull().default(0),
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
    foreignKey({ columns: [t.businessId], foreignColumns: [businesses.id] }),
    uniqueIndex("sales_business_number_key").on(t.businessId, t.saleNumber),
    foreignKey({ columns: [t.businessId, t.customerId], foreignColumns: [customers.businessId, customers.id] }),
    // A customer's sales: what they owe, their last purchase, their statement.
    index("sales_business_customer_idx")
      .on(t.businessId, t.customerId, t.createdAt)
      .where(sql`${t.customerId} IS NOT NULL`),
    index("sales_id_idx").on(t.id),
    // Date ranges (Older Sales).
    index("sales_business_list_idx").on(t.businessId, t.channel, t.status, t.createdAt),
    // The lists, newest first and paged by sale number.
    index("sales_business_number_list_idx").on(t.businessId, t.channel, t.status, t.saleNumber),
    // The owner's "stock to review" list: few rows, so a partial index.
    index("sales_business_stock_review_idx")
      .on(t.businessId, t.channel, t.saleNumber)
      .where(sql`${t.stockShortfall} IS NOT NULL`),
    // Open and settled credit, for the credit pages and /debts.
    index("sales_business_credit_idx")
      .on(t.businessId, t.createdAt)
      .where(sql`${t.creditAmount} > 0`),
    // What is still owed, oldest first (the open-credit pages).
    index("sales_business_open_credit_idx")
      .on(t.businessId, t.saleNumber)
      .where(sql`${t.creditAmount} > 0 AND ${t.balance} > 0`),
  ],
);

/** The lines of a sale, priced when it was made. */
export const saleLines = pgTable(
  "sale_lines",
  {
    businessId: uuid("business_id").notNull(),
    saleId: uuid("sale_id").notNull(),
    lineNo: integer("line_no").notNull(),
    productId: uuid("product_id").notNull(),
    name: text("name").notNull(),
    unitPrice: cents("unit_price"),
    quantity: integer("quantity").notNull(),
    totalPrice: cents("total_price"),
    taxType: text("tax_type", { enum: TAX_TYPES }).notNull().default("D"),
    /** The list unit price when the line was discounted or overridden (null: sold at unit_price, the list price). */
    listPrice: bigint("list_price", { mode: "number" }),
    /** list price x quantity - total_price: the line's own discount and its share of the ticket's. */
    discount: bigint("discount", { mode: "number" }).notNull().default(0),
    discountReason: text("discount_reason"),
    /** Who allowed the discount: the cashier within their limit, or the owner by PIN. */
    approvedBy: text("approved_by"),
    /** The owner's promotion the line was sold under (issue 31 item 2), as it was named then. */
    promotionId: uuid("promotion_id"),
    promotionName: text("promotion_name"),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.saleId, t.lineNo] }),
    foreignKey({ columns: [t.businessId, t.saleId], foreignColumns: [sales.businessId, sales.id] }).onDelete("cascade"),
    index("sale_lines_product_idx").on(t.businessId, t.productId),
  ],
);

/**
 * Payments received later against a credit sale (paymentTransactions). Money records are never
 * erased: a sale with payments cannot be deleted (the foreign key restricts it).
 */
export const creditPayments = pgTable(
  "credit_payments",
  {
    businessId: uuid("business_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    saleId: uuid("sale_id").notNull(),
    amount: cents("amount"),
    method: text("method", { enum: CREDIT_PAYMENT_METHODS }).notNull(),
    paidAt: at("paid_at").notNull(),
    recordedBy: text("recorded_by").notNull(),
    createdAt: at("created_at")
      .notNull()
      .default(sql`clock_timestamp()`)
      .$defaultFn(now),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    foreignKey({ columns: [t.businessId, t.saleId], foreignColumns: [sales.businessId, sales.id] }).onDelete(
      "restrict",
    ),
    index("credit_payments_sale_idx").on(t.businessId, t.saleId, t.paidAt),
  ],
);

/**
 * The audit trail of a sale: one row for every edit, void, restore, correction of the void
 * reason, credit payment and removal from the void sales, with who, when, and the sale before
 * and after. Written in the change's own transaction; never updated or deleted.
 */
export const saleHistory = pgTable(
  "sale_history",
  {
    businessId: uuid("business_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    saleId: uuid("sale_id").notNull(),
    action: text("action", { enum: SALE_HISTORY_ACTIONS }).notNull(),
    actorKind: text("actor_kind", { enum: ["admin", "employee"] }).notNull(),
    actorId: uuid("actor_id").notNull(),
    actorName: text("actor_name").notNull(),
    before: jsonb("before").$type<SaleSnapshot>(),
    after: jsonb("after").$type<SaleSnapshot>(),
    /** The credit payment a `credit_payment` row records. */
    creditPaymentId: uuid("credit_payment_id"),
    note: text("note"),
    createdAt: at("created_at")
      .notNull()
      .default(sql`clock_timestamp()`)
      .$defaultFn(now),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    foreignKey({ columns: [t.businessId, t.saleId], foreignColumns: [sales.businessId, sales.id] }).onDelete(
      "restrict",
    ),
    index("sale_history_sale_idx").on(t.businessId, t.saleId, t.createdAt),
  ],
);

/** Per-business counters (sale numbers): one row per business and name. */
export const businessCounters = pgTable(
  "business_counters",
  {
    businessId: uuid("business_id").notNull(),
    name: text("name").notNull(),
    value: bigint("value", { mode: "number" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.name] }),
    foreignKey({ columns: [t.businessId], foreignColumns: [businesses.id] }),
  ],
);
