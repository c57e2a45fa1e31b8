import { sql } from "drizzle-orm";
import {
  bigint,
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
import {
  CORRECTIONS,
  DIRECTIONS,
  MANUAL_KINDS,
  MONEY_METHODS,
  MOVEMENT_KINDS,
} from "@app/shared/transactions/transaction";
import { businesses } from "../businesses/businesses.table.ts";
import { now } from "../../platform/clock.ts";

const cents = (name: string) => bigint(name, { mode: "number" }).notNull().default(0);
const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * The money ledger: one row for every movement of money in or out of the business, written by
 * the area the money belongs to (its source) inside that area's own transaction, through
 * `recordMoneyMovement` (transactions.public.ts). Append-only: a trigger (migration
 * transactions_extra) refuses UPDATE and DELETE, so a change to a source (an edited or voided
 * sale, a deleted expense) is recorded as new rows in the other direction. Totals anywhere
 * (the cash book, the cash-up, the Z report) are sums over these rows.
 */
export const moneyMovements = pgTable(
  "money_movements",
  {
    businessId: uuid("business_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    /** Orders movements recorded in the same instant. */
    seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity(),
    kind: text("kind", { enum: MOVEMENT_KINDS }).notNull(),
    direction: text("direction", { enum: DIRECTIONS }).notNull(),
    method: text("method", { enum: MONEY_METHODS }).notNull(),
    /** Cents, always above 0; the direction gives the sign. */
    amount: cents("amount"),
    /** When the money moved (a payment's date); recording time is created_at. */
    occurredAt: at("occurred_at").notNull(),
    reference: text("reference"),
    description: text("description").notNull(),
    /** The area (CODE_AREAS) and record the money belongs to: a sale, an expense, an invoice... */
    sourceArea: text("source_area").notNull(),
    sourceId: uuid("source_id").notNull(),
    /** A part of the source, when it has several payments: a credit payment, an invoice payment. */
    sourceItemId: uuid("source_item_id"),
    correction: text("correction", { enum: CORRECTIONS }),
    actorKind: text("actor_kind").notNull(),
    actorId: uuid("actor_id"),
    actorName: text("actor_name").notNull(),
    createdAt: at("created_at")
      .notNull()
      .default(sql`clock_timestamp()`)
      .$defaultFn(now),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    foreignKey({ columns: [t.businessId], foreignColumns: [businesses.id] }),
    check("money_movements_amount_positive", sql`${t.amount} > 0`),
    index("money_movements_id_idx").on(t.id),
    // The cash book, newest first.
    index("money_movements_business_time_idx").on(t.businessId, t.occurredAt, t.seq),
    // A source's movements (edits and voids read them to reverse them).
    index("money_movements_source_idx").on(t.businessId, t.sourceArea, t.sourceId),
    // A till's movements (cash-up per user).
    index("money_movements_actor_idx").on(t.businessId, t.actorId, t.createdAt),
  ],
);

/** Transactions entered by hand on /transactions (drawings, capital, bank deposits); their movements are in the ledger. */
export const manualTransactions = pgTable(
  "manual_transactions",
  {
    businessId: uuid("business_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    kind: text("kind", { enum: MANUAL_KINDS }).notNull(),
    method: text("method", { enum: MONEY_METHODS }).notNull(),
    amount: cents("amount"),
    occurredAt: at("occurred_at").notNull(),
    reference: text("reference"),
    note: text("note").notNull().default(""),
    recordedBy: text("recorded_by").notNull(),
    deletedAt: at("deleted_at"),
    deletedBy: text("deleted_by"),
    createdAt: at("created_at")
      .notNull()
      .default(sql`clock_timestamp()`)
      .$defaultFn(now),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    foreignKey({ columns: [t.businessId], foreignColumns: [businesses.id] }),
    check("manual_transactions_amount_positive", sql`${t.amount} > 0`),
    index("manual_transactions_id_idx").on(t.id),
  ],
);

/**
 * End-of-day cash-ups (Z reports): per till (a user) or for every till of the business. The
 * figures are sums of the movements it covers (cash_up_items), frozen when it is recorded.
 */
export const cashUps = pgTable(
  "cash_ups",
  {
    businessId: uuid("business_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    zNumber: integer("z_number").notNull(),
    /** The till's user; null: every till. */
    userId: uuid("user_id"),
    userName: text("user_name"),
    periodStart: at("period_start"),
    periodEnd: at("period_end").notNull(),
    movementCount: integer("movement_count").notNull(),
    openingFloat: cents("opening_float"),
    cashIn: cents("cash_in"),
    cashOut: cents("cash_out"),
    expectedCash: cents("expected_cash"),
    countedCash: cents("counted_cash"),
    difference: cents("difference"),
    mpesaIn: cents("mpesa_in"),
    mpesaOut: cents("mpesa_out"),
    bankIn: cents("bank_in"),
    bankOut: cents("bank_out"),
    note: text("note").notNull().default(""),
    closedBy: text("closed_by").notNull(),
    closedById: uuid("closed_by_id"),
    createdAt: at("created_at")
      .notNull()
      .default(sql`clock_timestamp()`)
      .$defaultFn(now),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    foreignKey({ columns: [t.businessId], foreignColumns: [businesses.id] }),
    uniqueIndex("cash_ups_business_z_key").on(t.businessId, t.zNumber),
    index("cash_ups_id_idx").on(t.id),
  ],
);

/**
 * Which movements each cash-up counted, per scope ('all' or a user's id): a movement is counted
 * once per scope. A movement whose transaction commits just after a cash-up read the ledger is
 * simply counted by the next one, never lost between two.
 */
export const cashUpItems = pgTable(
  "cash_up_items",
  {
    businessId: uuid("business_id").notNull(),
    scope: text("scope").notNull(),
    movementId: uuid("movement_id").notNull(),
    cashUpId: uuid("cash_up_id").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.scope, t.movementId] }),
    foreignKey({ columns: [t.businessId, t.cashUpId], foreignColumns: [cashUps.businessId, cashUps.id] }),
    foreignKey({
      columns: [t.businessId, t.movementId],
      foreignColumns: [moneyMovements.businessId, moneyMovements.id],
    }),
    index("cash_up_items_cash_up_idx").on(t.businessId, t.cashUpId),
  ],
);
