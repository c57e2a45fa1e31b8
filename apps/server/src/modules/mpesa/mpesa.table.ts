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
import { MPESA_PAYMENT_SOURCES, MPESA_PAYMENT_STATUSES, MPESA_SHORTCODE_KINDS } from "@app/shared/mpesa/mpesa";
import { businesses } from "../businesses/businesses.table.ts";
import { now } from "../../platform/clock.ts";

/**
 * A business's own Daraja credentials (shortcode, passkey, consumer key and secret), sealed with
 * the server's credentials key (platform/secret-box.ts) and bound to the business id.
 */
export const mpesaCredentials = pgTable(
  "mpesa_credentials",
  {
    businessId: uuid("business_id").primaryKey(),
    kind: text("kind", { enum: MPESA_SHORTCODE_KINDS }).notNull(),
    sealed: text("sealed").notNull(),
    updatedBy: text("updated_by").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow().$defaultFn(now),
    c2bRegisteredAt: timestamp("c2b_registered_at", { withTimezone: true }),
    /**
     * The secret segment of this business's C2B URLs (48 hex characters; the owner rotates it).
     * Null for credentials registered before each business had its own: their URLs carry the
     * installation's token until they are registered again or the token is rotated.
     */
    c2bToken: text("c2b_token"),
  },
  (t) => [foreignKey({ columns: [t.businessId], foreignColumns: [businesses.id] })],
);

/**
 * Every M-Pesa payment of the till: STK pushes the checkout sent (pending until Daraja confirms)
 * and C2B confirmations customers made to the till or paybill (raw payload kept). A payment is
 * attached to at most one sale (sale_id set once, by a conditional UPDATE), and one M-Pesa code
 * is stored once per business.
 */
export const mpesaPayments = pgTable(
  "mpesa_payments",
  {
    businessId: uuid("business_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    source: text("source", { enum: MPESA_PAYMENT_SOURCES }).notNull(),
    status: text("status", { enum: MPESA_PAYMENT_STATUSES }).notNull(),
    /** Cents; M-Pesa moves whole shillings. */
    amount: bigint("amount", { mode: "number" }).notNull(),
    /** STK: the phone typed (254...); C2B: Daraja's masked MSISDN. */
    phone: text("phone"),
    firstName: text("first_name"),
    /** MpesaReceiptNumber (STK) or TransID (C2B). */
    receipt: text("receipt"),
    accountNumber: text("account_number"),
    paidAt: timestamp("paid_at", { withTimezone: true }).notNull().defaultNow().$defaultFn(now),
    checkoutRequestId: text("checkout_request_id"),
    merchantRequestId: text("merchant_request_id"),
    resultCode: integer("result_code"),
    resultDesc: text("result_desc"),
    /** The C2B confirmation or the STK callback, as Daraja sent it. */
    raw: jsonb("raw"),
    matchedKind: text("matched_kind", { enum: ["sale", "invoice", "customer"] }),
    matchedId: uuid("matched_id"),
    matchedLabel: text("matched_label"),
    saleId: uuid("sale_id"),
    claimedBy: text("claimed_by"),
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    createdBy: text("created_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow().$defaultFn(now),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow().$defaultFn(now),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    foreignKey({ columns: [t.businessId], foreignColumns: [businesses.id] }),
    uniqueIndex("mpesa_payments_receipt_key")
      .on(t.businessId, t.receipt)
      .where(sql`${t.receipt} IS NOT NULL`),
    uniqueIndex("mpesa_payments_checkout_key")
      .on(t.checkoutRequestId)
      .where(sql`${t.checkoutRequestId} IS NOT NULL`),
    index("mpesa_payments_sale_idx").on(t.businessId, t.saleId),
    index("mpesa_payments_unclaimed_idx")
      .on(t.businessId, t.amount, t.paidAt)
      .where(sql`${t.saleId} IS NULL AND ${t.status} = 'confirmed'`),
  ],
);
