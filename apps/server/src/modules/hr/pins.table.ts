import { foreignKey, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { now } from "../../platform/clock.ts";
import { employees } from "./employees.table.ts";
import { businesses } from "../businesses/businesses.table.ts";

/**
 * The quick cashier switch: an employee's till PIN (argon2id, like passwords), the wrong tries
 * in a row and, after too many, until when it is locked.
 */
export const employeePins = pgTable(
  "employee_pins",
  {
    businessId: uuid("business_id").notNull(),
    employeeId: uuid("employee_id").notNull(),
    pinHash: text("pin_hash").notNull(),
    failures: integer("failures").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow().$defaultFn(now),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.employeeId] }),
    foreignKey({
      columns: [t.businessId, t.employeeId],
      foreignColumns: [employees.businessId, employees.id],
    }).onDelete("cascade"),
  ],
);

/**
 * The owner's till PIN (issue 31): typed at a till to approve what staff may not do alone (a
 * discount beyond their limit). One per business, hashed and locked after wrong tries like staff PINs.
 */
export const ownerPins = pgTable(
  "owner_pins",
  {
    businessId: uuid("business_id").notNull().primaryKey(),
    pinHash: text("pin_hash").notNull(),
    failures: integer("failures").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow().$defaultFn(now),
  },
  (t) => [foreignKey({ columns: [t.businessId], foreignColumns: [businesses.id] }).onDelete("cascade")],
);
