import { sql } from "drizzle-orm";
import {
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
import { businesses } from "../businesses/businesses.table.ts";
import { now } from "../../platform/clock.ts";

/** Restaurant sections (a floor, the terrace) of a business. */
export const sections = pgTable(
  "sections",
  {
    businessId: uuid("business_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    name: text("name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow().$defaultFn(now),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    foreignKey({ columns: [t.businessId], foreignColumns: [businesses.id] }),
    index("sections_id_idx").on(t.id),
  ],
);

/** The tables of a section, in the order they were added. */
export const sectionTables = pgTable(
  "section_tables",
  {
    businessId: uuid("business_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    sectionId: uuid("section_id").notNull(),
    name: text("name").notNull(),
    position: integer("position").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    foreignKey({ columns: [t.businessId, t.sectionId], foreignColumns: [sections.businessId, sections.id] }).onDelete(
      "cascade",
    ),
    index("section_tables_section_idx").on(t.businessId, t.sectionId, t.position),
    uniqueIndex("section_tables_section_name_key").on(t.businessId, t.sectionId, sql`lower(${t.name})`),
    index("section_tables_id_idx").on(t.id),
  ],
);
