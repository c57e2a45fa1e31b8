import { foreignKey, index, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { REQUEST_STATUSES } from "@app/shared/requests/request";
import { businesses } from "../businesses/businesses.table.ts";
import { now } from "../../platform/clock.ts";

/** Support requests a business owner sends to the provider, and support's answer. */
export const supportRequests = pgTable(
  "support_requests",
  {
    businessId: uuid("business_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    status: text("status", { enum: REQUEST_STATUSES }).notNull().default("open"),
    answer: text("answer"),
    answeredBy: text("answered_by"),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    createdBy: text("created_by").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow().$defaultFn(now),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    foreignKey({ columns: [t.businessId], foreignColumns: [businesses.id] }),
    index("support_requests_id_idx").on(t.id),
    index("support_requests_time_idx").on(t.createdAt),
  ],
);
