import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { ETIMS_PURCHASE_OUTCOMES, ETIMS_PURCHASE_STATES, type EtimsPurchaseBand } from "@app/shared/etims/purchases";
import { businesses } from "../businesses/businesses.table.ts";
import { now } from "../../platform/clock.ts";

const cents = (name: string) => bigint(name, { mode: "number" }).notNull();
const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * The invoices suppliers issued to this business, as KRA holds them (selectTrnsPurchaseSalesList),
 * one row per supplier invoice (a second fetch adds nothing), and the owner's answer: new,
 * confirmed (into a supply or an expense, told to KRA with insertTrnsPurchase) or rejected (also
 * told to KRA). Amounts in cents, VAT included, as on the supplier's invoice.
 */
export const etimsPurchases = pgTable(
  "etims_purchases",
  {
    businessId: uuid("business_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    supplierPin: text("supplier_pin").notNull(),
    supplierName: text("supplier_name").notNull(),
    /** The supplier's KRA branch ("00" the head office; "" when KRA sent none). */
    supplierBranch: text("supplier_branch").notNull().default(""),
    supplierInvoiceNo: bigint("supplier_invoice_no", { mode: "number" }).notNull(),
    /** S an invoice, R a credit note (rcptTyCd). */
    receiptType: text("receipt_type").notNull(),
    paymentType: text("payment_type"),
    saleDate: text("sale_date"),
    totalTaxable: cents("total_taxable"),
    totalTax: cents("total_tax"),
    total: cents("total"),
    /** The five bands A-E: rate (percent), taxable and tax in cents. */
    bands: jsonb("bands").$type<EtimsPurchaseBand[]>().notNull(),
    remark: text("remark"),
    /** Our purchase number for KRA (invcNo of insertTrnsPurchase): given when fetched, kept if sent again. */
    invcNo: integer("invc_no").notNull(),
    state: text("state", { enum: ETIMS_PURCHASE_STATES }).notNull().default("new"),
    /** While the owner's confirmation is with KRA: another confirmation waits until then (409). */
    claimedUntil: at("claimed_until"),
    confirmedAs: text("confirmed_as", { enum: ETIMS_PURCHASE_OUTCOMES }),
    /** The supply or expense it became (the supplies' and expenses' own rows; no foreign key across areas). */
    supplyId: uuid("supply_id"),
    supplyNumber: integer("supply_number"),
    expenseId: uuid("expense_id"),
    decidedBy: text("decided_by"),
    decidedAt: at("decided_at"),
    fetchedAt: at("fetched_at").notNull().defaultNow().$defaultFn(now),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    foreignKey({ columns: [t.businessId], foreignColumns: [businesses.id] }),
    uniqueIndex("etims_purchases_invoice_key").on(
      t.businessId,
      t.supplierPin,
      t.supplierBranch,
      t.supplierInvoiceNo,
      t.receiptType,
    ),
    uniqueIndex("etims_purchases_invc_no_key").on(t.businessId, t.invcNo),
    index("etims_purchases_id_idx").on(t.id),
    index("etims_purchases_state_idx").on(t.businessId, t.state, t.fetchedAt),
    check(
      "etims_purchases_outcome",
      sql`(${t.state} = 'confirmed') = (${t.confirmedAs} IS NOT NULL) AND (${t.state} = 'new') = (${t.decidedAt} IS NULL)`,
    ),
  ],
);

/** The lines of a supplier's invoice, numbered 1, 2, 3 as KRA listed them. */
export const etimsPurchaseLines = pgTable(
  "etims_purchase_lines",
  {
    businessId: uuid("business_id").notNull(),
    purchaseId: uuid("purchase_id").notNull(),
    seq: integer("seq").notNull(),
    itemCode: text("item_code"),
    itemClass: text("item_class"),
    name: text("name").notNull(),
    barcode: text("barcode"),
    packagingUnit: text("packaging_unit"),
    packages: numeric("packages", { precision: 13, scale: 2, mode: "number" }).notNull(),
    quantityUnit: text("quantity_unit"),
    quantity: numeric("quantity", { precision: 13, scale: 2, mode: "number" }).notNull(),
    unitPrice: cents("unit_price"),
    supplyAmount: cents("supply_amount"),
    discountRate: numeric("discount_rate", { precision: 5, scale: 2, mode: "number" }).notNull(),
    discount: cents("discount"),
    taxType: text("tax_type").notNull(),
    taxable: cents("taxable"),
    tax: cents("tax"),
    total: cents("total"),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.purchaseId, t.seq] }),
    foreignKey({
      columns: [t.businessId, t.purchaseId],
      foreignColumns: [etimsPurchases.businessId, etimsPurchases.id],
    }).onDelete("cascade"),
  ],
);
