import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
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
import {
  BILLING_CYCLES,
  PAYMENT_STATUSES,
  PLAN_CURRENCIES,
  REFUND_REASONS,
  SUBSCRIPTION_PAYMENT_METHODS,
  SUBSCRIPTION_STATUSES,
} from "@app/shared/subscriptions/constants";
import { businesses } from "../businesses/businesses.table.ts";
import { now } from "../../platform/clock.ts";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow().$defaultFn(now);

/** The provider's price list. Platform data: no business owns a plan. */
export const subscriptionPlans = pgTable("subscription_plans", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  description: text("description").notNull(),
  /** Cents of `currency`. */
  price: bigint("price", { mode: "number" }).notNull(),
  currency: text("currency", { enum: PLAN_CURRENCIES }).notNull(),
  billingCycle: text("billing_cycle", { enum: BILLING_CYCLES }).notNull(),
  isActive: boolean("is_active").notNull().default(true),
  maxUsers: integer("max_users").notNull(),
  maxProducts: integer("max_products").notNull(),
  inventoryManagement: boolean("inventory_management").notNull(),
  analytics: boolean("analytics").notNull(),
  multiBranch: boolean("multi_branch").notNull(),
  apiAccess: boolean("api_access").notNull(),
  prioritySupport: boolean("priority_support").notNull(),
  customReports: boolean("custom_reports").notNull(),
  createdAt: createdAt(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow().$defaultFn(now),
});

/**
 * A business's subscription to a plan. Its schedule is counted from start_date in whole
 * cycles (cycles_paid), so billing days never drift. At most one is live (pending, active or
 * past due) per business.
 */
export const subscriptions = pgTable(
  "subscriptions",
  {
    businessId: uuid("business_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    planId: uuid("plan_id")
      .notNull()
      .references(() => subscriptionPlans.id),
    status: text("status", { enum: SUBSCRIPTION_STATUSES }).notNull(),
    billingCycle: text("billing_cycle", { enum: BILLING_CYCLES }).notNull(),
    startDate: timestamp("start_date", { withTimezone: true }).notNull(),
    cyclesPaid: integer("cycles_paid").notNull().default(0),
    nextBillingDate: timestamp("next_billing_date", { withTimezone: true }).notNull(),
    autoRenew: boolean("auto_renew").notNull().default(true),
    paymentMethod: text("payment_method", { enum: SUBSCRIPTION_PAYMENT_METHODS }).notNull(),
    mpesaPhone: text("mpesa_phone"),
    createdBy: text("created_by").notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow().$defaultFn(now),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    foreignKey({ columns: [t.businessId], foreignColumns: [businesses.id] }),
    index("subscriptions_id_idx").on(t.id),
    index("subscriptions_plan_idx").on(t.planId),
    index("subscriptions_due_idx").on(t.status, t.nextBillingDate),
    uniqueIndex("subscriptions_one_live_per_business")
      .on(t.businessId)
      .where(sql`status IN ('pending', 'active', 'past_due')`),
  ],
);

/**
 * Every payment attempt on a subscription, exactly as the provider settled it. A payment is
 * bound to the plan, cycle and amount it was asked for: it activates its subscription only while
 * the subscription still has that plan and cycle and the amount covers the plan's price.
 */
export const subscriptionPayments = pgTable(
  "subscription_payments",
  {
    businessId: uuid("business_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    subscriptionId: uuid("subscription_id").notNull(),
    /** The plan this payment was asked for. */
    planId: uuid("plan_id")
      .notNull()
      .references(() => subscriptionPlans.id),
    billingCycle: text("billing_cycle", { enum: BILLING_CYCLES }).notNull(),
    /** Cents of `currency`. */
    amount: bigint("amount", { mode: "number" }).notNull(),
    currency: text("currency", { enum: PLAN_CURRENCIES }).notNull(),
    paymentMethod: text("payment_method", { enum: SUBSCRIPTION_PAYMENT_METHODS }).notNull(),
    status: text("status", { enum: PAYMENT_STATUSES }).notNull(),
    /** PayPal capture id, or M-Pesa receipt number. */
    transactionId: text("transaction_id"),
    /** PayPal: the order the capture belongs to, which the server reads to verify it (Orders API). */
    providerOrderId: text("provider_order_id"),
    phone: text("phone"),
    resultCode: integer("result_code"),
    resultDesc: text("result_desc"),
    createdBy: text("created_by").notNull(),
    createdAt: createdAt(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    /** Money that arrived but was not applied (see REFUND_REASONS): due back until support marks it refunded. */
    refundReason: text("refund_reason", { enum: REFUND_REASONS }),
    refundFlaggedAt: timestamp("refund_flagged_at", { withTimezone: true }),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
    refundedBy: text("refunded_by"),
    refundNote: text("refund_note"),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    check("subscription_payments_refund_flagged", sql`(refund_reason IS NULL) = (refund_flagged_at IS NULL)`),
    index("subscription_payments_refund_idx")
      .on(t.refundFlaggedAt)
      .where(sql`refund_reason IS NOT NULL`),
    foreignKey({
      columns: [t.businessId, t.subscriptionId],
      foreignColumns: [subscriptions.businessId, subscriptions.id],
    }),
    index("subscription_payments_id_idx").on(t.id),
    index("subscription_payments_subscription_idx").on(t.businessId, t.subscriptionId, t.createdAt),
    index("subscription_payments_pending_idx").on(t.status, t.createdAt),
    // One provider transaction is one payment: a capture id replayed cannot be recorded twice.
    uniqueIndex("subscription_payments_transaction_key").on(t.businessId, t.paymentMethod, t.transactionId),
  ],
);

/**
 * The STK pushes sent to Daraja, keyed by CheckoutRequestID: the only thing a callback names.
 * Also keeps the last callback received, as Daraja sent it.
 */
export const mpesaStkRequests = pgTable(
  "mpesa_stk_requests",
  {
    checkoutRequestId: text("checkout_request_id").primaryKey(),
    merchantRequestId: text("merchant_request_id").notNull(),
    businessId: uuid("business_id").notNull(),
    paymentId: uuid("payment_id").notNull(),
    createdAt: createdAt(),
    callbackAt: timestamp("callback_at", { withTimezone: true }),
    callback: jsonb("callback"),
  },
  (t) => [
    foreignKey({
      columns: [t.businessId, t.paymentId],
      foreignColumns: [subscriptionPayments.businessId, subscriptionPayments.id],
    }).onDelete("cascade"),
    uniqueIndex("mpesa_stk_requests_payment_key").on(t.businessId, t.paymentId),
  ],
);
