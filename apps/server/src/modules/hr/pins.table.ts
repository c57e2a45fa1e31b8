import { foreignKey, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { now } from "../../platform/clock.ts";
import { employees } from "./employees.table.ts";

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
