import { sql } from "drizzle-orm";
import {
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
import { PRINT_STATUSES, type KitchenChange, type KitchenLine } from "@app/shared/restaurant/kitchen";
import { businesses } from "../businesses/businesses.table.ts";
import { now } from "../../platform/clock.ts";

/**
 * Captain order prints (kitchen tickets). Each holds only the changes it printed, and the
 * kitchen's view of the ticket after it (`state`), which the next print is compared with.
 */
export const captainOrderPrints = pgTable(
  "captain_order_prints",
  {
    businessId: uuid("business_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    ticketId: uuid("ticket_id").notNull(),
    printNumber: integer("print_number").notNull(),
    saleId: uuid("sale_id"),
    sectionId: uuid("section_id"),
    sectionName: text("section_name"),
    tableId: uuid("table_id"),
    tableName: text("table_name"),
    changes: jsonb("changes").$type<KitchenChange[]>().notNull(),
    state: jsonb("state").$type<KitchenLine[]>().notNull(),
    note: text("note").notNull().default(""),
    printedBy: text("printed_by").notNull(),
    printStatus: text("print_status", { enum: PRINT_STATUSES }).notNull(),
    printerError: text("printer_error"),
    createdAt: timestamp("created_at", { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`)
      .$defaultFn(now),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    foreignKey({ columns: [t.businessId], foreignColumns: [businesses.id] }),
    uniqueIndex("captain_order_prints_ticket_key").on(t.businessId, t.ticketId, t.printNumber),
    index("captain_order_prints_sale_idx").on(t.businessId, t.saleId),
    index("captain_order_prints_id_idx").on(t.id),
  ],
);
