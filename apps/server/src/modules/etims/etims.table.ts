import { foreignKey, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { businesses } from "../businesses/businesses.table.ts";
import { now } from "../../platform/clock.ts";

/**
 * A business's eTIMS device (OSCU), as KRA initialised it (selectInitOsdcInfo): the PIN, branch
 * and serial number the owner entered, the control unit id (sdcId) and MRC number KRA returned,
 * and KRA's communication key (cmcKey), sealed with the server's credentials key
 * (platform/secret-box.ts) and bound to the business id. One device per business for now (the
 * head office or one branch).
 */
export const etimsDevices = pgTable(
  "etims_devices",
  {
    businessId: uuid("business_id").primaryKey(),
    kraPin: text("kra_pin").notNull(),
    bhfId: text("bhf_id").notNull(),
    deviceSerial: text("device_serial").notNull(),
    taxpayerName: text("taxpayer_name"),
    branchName: text("branch_name"),
    sdcId: text("sdc_id").notNull(),
    mrcNo: text("mrc_no").notNull(),
    /** The CMC key, sealed ("v1.<iv>.<tag>.<data>"); never returned by the API. */
    sealedCmcKey: text("sealed_cmc_key").notNull(),
    /** KRA's base address the device was initialised against (sandbox or production). */
    baseUrl: text("base_url").notNull(),
    initialisedBy: text("initialised_by").notNull(),
    initialisedAt: timestamp("initialised_at", { withTimezone: true }).notNull().defaultNow().$defaultFn(now),
    /** When KRA's code lists and item classifications were last fetched (null: never). */
    codeListsFetchedAt: timestamp("code_lists_fetched_at", { withTimezone: true }),
    itemClassesFetchedAt: timestamp("item_classes_fetched_at", { withTimezone: true }),
  },
  (t) => [foreignKey({ columns: [t.businessId], foreignColumns: [businesses.id] })],
);

/** KRA's code lists (selectCodeList), cached per business: one row per code of a class. */
export const etimsCodes = pgTable(
  "etims_codes",
  {
    businessId: uuid("business_id").notNull(),
    /** The code class (cdCls): "04" tax types, "10" quantity units, "17" packaging units... */
    codeClass: text("code_class").notNull(),
    className: text("class_name").notNull(),
    code: text("code").notNull(),
    name: text("name").notNull(),
    description: text("description"),
    /** KRA's first user-defined value (the tax rate of a tax type). */
    extra: text("extra"),
    sortOrder: integer("sort_order"),
    inUse: text("in_use", { enum: ["Y", "N"] }).notNull(),
    fetchedAt: timestamp("fetched_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.codeClass, t.code] }),
    foreignKey({ columns: [t.businessId], foreignColumns: [businesses.id] }),
  ],
);

/** KRA's item classifications (selectItemClsList), cached per business. */
export const etimsItemClasses = pgTable(
  "etims_item_classes",
  {
    businessId: uuid("business_id").notNull(),
    code: text("code").notNull(),
    name: text("name").notNull(),
    level: integer("level"),
    taxType: text("tax_type"),
    major: text("major"),
    inUse: text("in_use", { enum: ["Y", "N"] }).notNull(),
    fetchedAt: timestamp("fetched_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.code] }),
    foreignKey({ columns: [t.businessId], foreignColumns: [businesses.id] }),
  ],
);
