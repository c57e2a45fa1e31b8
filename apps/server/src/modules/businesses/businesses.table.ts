import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { BUSINESS_TYPES, DEFAULT_TIME_ZONE, INACTIVE_REASONS } from "@app/shared/businesses/business";
import { users } from "../accounts/accounts.table.ts";
import { now } from "../../platform/clock.ts";

/** A business (tenant). Its id is the business_id every tenant row carries. */
export const businesses = pgTable(
  "businesses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: uuid("owner_id")
      .notNull()
      .references(() => users.id),
    name: text("name").notNull(),
    businessType: text("business_type", { enum: BUSINESS_TYPES }).notNull(),
    accountActive: boolean("account_active").notNull().default(true),
    /** Why the account is inactive (null while active): lapsed (a payment lifts it) or suspended by support. */
    inactiveReason: text("inactive_reason", { enum: INACTIVE_REASONS }),
    staffAccessCode: text("staff_access_code").notNull(),
    timeZone: text("time_zone").notNull().default(DEFAULT_TIME_ZONE),
    /** eTIMS: the KRA PIN its documents are issued under, its VAT registration, its address. */
    kraPin: text("kra_pin"),
    vatRegistered: boolean("vat_registered").notNull().default(false),
    address: text("address"),
    /** Cash rounding at the till (issue 31): 0 none, else the nearest 1, 5 or 10 shillings (pos/discounts.ts). */
    cashRounding: integer("cash_rounding").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow().$defaultFn(now),
    /**
     * The owner deleted it (DELETE /api/businesses/{id}): hidden at once (not listed, not usable,
     * its staff's sessions refused), erased for good 30 days later (eraseDueBusinesses); support
     * may restore it until then. Null: not deleted.
     */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [
    index("businesses_owner_idx").on(t.ownerId),
    uniqueIndex("businesses_staff_access_code_key").on(t.staffAccessCode),
    check("businesses_inactive_reason", sql`account_active = (inactive_reason IS NULL)`),
    check("businesses_cash_rounding", sql`cash_rounding IN (0, 1, 5, 10)`),
  ],
);
