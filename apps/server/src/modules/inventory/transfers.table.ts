import { foreignKey, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { TRANSFER_KINDS } from "@app/shared/inventory/transfer";
import { businesses } from "../businesses/businesses.table.ts";
import { now } from "../../platform/clock.ts";

export type TransferLine = { productId: string; toProductId: string; name: string; quantity: number };

/**
 * A move (or catalog copy) between two businesses of one owner. It is recorded twice with
 * one id, once in each business ("out" at the source, "in" at the destination), so each
 * business reads its transfer log from its own rows.
 */
export const stockTransfers = pgTable(
  "stock_transfers",
  {
    businessId: uuid("business_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    kind: text("kind", { enum: TRANSFER_KINDS }).notNull(),
    direction: text("direction", { enum: ["out", "in"] }).notNull(),
    counterpartBusinessId: uuid("counterpart_business_id").notNull(),
    lines: jsonb("lines").$type<TransferLine[]>().notNull(),
    note: text("note").notNull().default(""),
    createdBy: text("created_by").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow().$defaultFn(now),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    foreignKey({ columns: [t.businessId], foreignColumns: [businesses.id] }),
    index("stock_transfers_business_time_idx").on(t.businessId, t.createdAt),
    index("stock_transfers_id_idx").on(t.id),
  ],
);
