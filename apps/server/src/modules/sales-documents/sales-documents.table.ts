import type { EtimsProof } from "@app/shared/etims/proof";
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
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
import { DOCUMENT_TYPES } from "@app/shared/sales-documents/document";
import { PAYMENT_DETAIL_METHODS } from "@app/shared/sales-documents/payment-detail";
import { ETIMS_STATES, TAX_TYPES, type VatBand } from "@app/shared/tax/vat";
import { MONEY_METHODS } from "@app/shared/transactions/transaction";
import { businesses } from "../businesses/businesses.table.ts";
import { now } from "../../platform/clock.ts";

const cents = (name: string) => bigint(name, { mode: "number" }).notNull().default(0);
const at = (name: string) => timestamp(name, { withTimezone: true });

/** Business clients invoices and quotations are made out to. Deleting one archives it (documents keep their copy). */
export const clients = pgTable(
  "clients",
  {
    businessId: uuid("business_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    companyName: text("company_name").notNull(),
    kraPin: text("kra_pin"),
    contactName: text("contact_name"),
    phone: text("phone"),
    email: text("email"),
    address: text("address"),
    archivedAt: at("archived_at"),
    createdAt: at("created_at").notNull().defaultNow().$defaultFn(now),
    updatedAt: at("updated_at").notNull().defaultNow().$defaultFn(now),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    foreignKey({ columns: [t.businessId], foreignColumns: [businesses.id] }),
    index("clients_id_idx").on(t.id),
    index("clients_business_name_idx").on(t.businessId, sql`lower(${t.companyName})`),
  ],
);

/** How clients pay the business (paybill, till, bank account): printed on invoices and receipts. */
export const paymentDetails = pgTable(
  "payment_details",
  {
    businessId: uuid("business_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    method: text("method", { enum: PAYMENT_DETAIL_METHODS }).notNull(),
    details: text("details").notNull(),
    createdAt: at("created_at")
      .notNull()
      .default(sql`clock_timestamp()`)
      .$defaultFn(now),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    foreignKey({ columns: [t.businessId], foreignColumns: [businesses.id] }),
    index("payment_details_id_idx").on(t.id),
  ],
);

/** The next number of each document type, per business: taken in the creating transaction, so numbers have no gaps. */
export const documentCounters = pgTable(
  "document_counters",
  {
    businessId: uuid("business_id").notNull(),
    type: text("type", { enum: DOCUMENT_TYPES }).notNull(),
    value: integer("value").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.type] }),
    foreignKey({ columns: [t.businessId], foreignColumns: [businesses.id] }),
  ],
);

/**
 * Invoices, quotations and credit notes. Who it is made out to is copied in when issued (party_*).
 * What was paid, refunded and credited is never stored here: it is summed from
 * document_payments and the credit notes (related_id), so a balance cannot drift.
 * `state`: quotations open / converted / cancelled; invoices open / cancelled; credit notes issued.
 */
export const salesDocuments = pgTable(
  "sales_documents",
  {
    businessId: uuid("business_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    type: text("type", { enum: DOCUMENT_TYPES }).notNull(),
    seq: integer("seq").notNull(),
    state: text("state", { enum: ["open", "converted", "cancelled", "issued"] }).notNull(),
    clientId: uuid("client_id"),
    partyName: text("party_name").notNull(),
    partyKraPin: text("party_kra_pin"),
    partyContact: text("party_contact"),
    partyAddress: text("party_address"),
    issuedAt: at("issued_at").notNull(),
    dueDate: date("due_date", { mode: "string" }),
    validUntil: date("valid_until", { mode: "string" }),
    total: cents("total"),
    tax: cents("tax"),
    vatBands: jsonb("vat_bands").$type<VatBand[]>().notNull(),
    /** Credit note -> its invoice; invoice -> its quotation; quotation -> the invoice it became. */
    relatedId: uuid("related_id"),
    reason: text("reason"),
    notes: text("notes").notNull().default(""),
    etimsState: text("etims_state", { enum: ETIMS_STATES }).notNull(),
    etimsError: text("etims_error"),
    /** What KRA returned when it signed the invoice or credit note (etims/proof.ts); null until signed. */
    etimsProof: jsonb("etims_proof").$type<EtimsProof>(),
    /** A credit note's reason as KRA codes it (code class 32: 01 missing quantity ... 06 refund). */
    etimsRefundReason: text("etims_refund_reason"),
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
    foreignKey({ columns: [t.businessId], foreignColumns: [businesses.id] }),
    foreignKey({ columns: [t.businessId, t.clientId], foreignColumns: [clients.businessId, clients.id] }),
    uniqueIndex("sales_documents_number_key").on(t.businessId, t.type, t.seq),
    index("sales_documents_id_idx").on(t.id),
    index("sales_documents_related_idx").on(t.businessId, t.relatedId),
    check("sales_documents_total_non_negative", sql`${t.total} >= 0`),
  ],
);

/** The lines of a document; a credit note's lines name the invoice line they credit. */
export const documentLines = pgTable(
  "document_lines",
  {
    businessId: uuid("business_id").notNull(),
    documentId: uuid("document_id").notNull(),
    lineNo: integer("line_no").notNull(),
    productId: uuid("product_id"),
    description: text("description").notNull(),
    quantity: integer("quantity").notNull(),
    unitPrice: cents("unit_price"),
    total: cents("total"),
    taxType: text("tax_type", { enum: TAX_TYPES }).notNull(),
    taxable: cents("taxable"),
    tax: cents("tax"),
    invoiceLineNo: integer("invoice_line_no"),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.documentId, t.lineNo] }),
    foreignKey({
      columns: [t.businessId, t.documentId],
      foreignColumns: [salesDocuments.businessId, salesDocuments.id],
    }).onDelete("cascade"),
  ],
);

/** Payments received on an invoice, and refunds paid out for a credit note (refund = true). */
export const documentPayments = pgTable(
  "document_payments",
  {
    businessId: uuid("business_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    documentId: uuid("document_id").notNull(),
    amount: cents("amount"),
    method: text("method", { enum: MONEY_METHODS }).notNull(),
    paidAt: at("paid_at").notNull(),
    reference: text("reference"),
    refund: boolean("refund").notNull().default(false),
    /** The credit note a refund was paid for. */
    creditNoteId: uuid("credit_note_id"),
    recordedBy: text("recorded_by").notNull(),
    createdAt: at("created_at")
      .notNull()
      .default(sql`clock_timestamp()`)
      .$defaultFn(now),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    foreignKey({
      columns: [t.businessId, t.documentId],
      foreignColumns: [salesDocuments.businessId, salesDocuments.id],
    }),
    check("document_payments_amount_positive", sql`${t.amount} > 0`),
    index("document_payments_document_idx").on(t.businessId, t.documentId),
  ],
);
