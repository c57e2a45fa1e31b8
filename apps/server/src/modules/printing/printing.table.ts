import { foreignKey, index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { DRAWER_REASONS, PRINTER_KINDS, PRINTER_ROLES } from "@app/shared/printing/printer";
import { businesses } from "../businesses/businesses.table.ts";
import { now } from "../../platform/clock.ts";

export const printers = pgTable(
  "printers",
  {
    businessId: uuid("business_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    name: text("name").notNull(),
    kind: text("kind", { enum: PRINTER_KINDS }).notNull(),
    role: text("role", { enum: PRINTER_ROLES }).notNull(),
    host: text("host"),
    port: integer("port"),
    paperWidth: integer("paper_width").notNull().default(80),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow().$defaultFn(now),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    foreignKey({ columns: [t.businessId], foreignColumns: [businesses.id] }),
    index("printers_id_idx").on(t.id),
  ],
);

/** Every opening of the cash drawer from the till (issue 31 item 6): a cash sale or "No sale", who and when. */
export const drawerOpenings = pgTable(
  "drawer_openings",
  {
    businessId: uuid("business_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    reason: text("reason", { enum: DRAWER_REASONS }).notNull(),
    saleId: uuid("sale_id"),
    openedBy: text("opened_by").notNull(),
    openedById: uuid("opened_by_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow().$defaultFn(now),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    foreignKey({ columns: [t.businessId], foreignColumns: [businesses.id] }),
    index("drawer_openings_business_idx").on(t.businessId, t.createdAt),
  ],
);
