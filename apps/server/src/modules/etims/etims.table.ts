import { sql } from "drizzle-orm";
import {
  bigint,
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
import { businesses } from "../businesses/businesses.table.ts";
import type { EtimsProof } from "@app/shared/etims/proof";
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
    /** When the suppliers' invoices to this business were last fetched (selectTrnsPurchaseSalesList; null: never). */
    purchasesFetchedAt: timestamp("purchases_fetched_at", { withTimezone: true }),
    /** Our next invoice number (invcNo) for KRA: gapless per branch, taken only by the queue's head. */
    nextInvcNo: integer("next_invc_no").notNull().default(1),
    /** The next 7-digit sequence of KRA item codes (itemCd) given to a product. */
    nextItemSeq: integer("next_item_seq").notNull().default(1),
    /** Our next stored/released number (sarNo) of a stock movement report (insertStockIO). */
    nextSarNo: integer("next_sar_no").notNull().default(1),
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

export const ETIMS_OUTBOX_KINDS = ["sale", "document", "item", "stock", "credit", "resend"] as const;
export const ETIMS_OUTBOX_STATES = ["queued", "sending", "failed", "done"] as const;

/**
 * The eTIMS outbox: what is to be sent to KRA, written by the database in the transaction that
 * records it (migration 0034's triggers on sales, sales_documents and products, 0038's on
 * stock_movements, for a business with an eTIMS device), sent in `id` order per business by the
 * queue (flows/etims-queue.ts). One row per sale, document or stock movement (idempotent by its
 * id); a product's row is queued again when its eTIMS details change.
 */
export const etimsOutbox = pgTable(
  "etims_outbox",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    businessId: uuid("business_id").notNull(),
    kind: text("kind", { enum: ETIMS_OUTBOX_KINDS }).notNull(),
    refId: uuid("ref_id").notNull(),
    state: text("state", { enum: ETIMS_OUTBOX_STATES }).notNull().default("queued"),
    /** Our invoice number for KRA, taken when the row reaches the head of its queue; kept across retries. */
    invcNo: integer("invc_no"),
    /**
     * A stock movement's report (insertStockIO) number: the rows of one report share it, given
     * when the first reaches the head and kept across retries (KRA answers 994 to a number it holds).
     */
    sarNo: integer("sar_no"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
    /** While "sending": a sender that died mid-send is taken over after this. */
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    /** KRA's result code, or ours ("details": a product lacks its eTIMS details; "network"). */
    errorCode: text("error_code"),
    error: text("error"),
    queuedAt: timestamp("queued_at", { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
    doneAt: timestamp("done_at", { withTimezone: true }),
    /**
     * What KRA signed (a sale's or a re-signed sale's saveTrnsSalesOsdc input, lines and all),
     * kept when it is done: a credit note later cancels exactly that, even after the sale changed.
     */
    sent: jsonb("sent").$type<Record<string, unknown>>(),
  },
  (t) => [
    foreignKey({ columns: [t.businessId], foreignColumns: [businesses.id] }),
    uniqueIndex("etims_outbox_ref_key").on(t.businessId, t.kind, t.refId),
    // The queue's head per business, and the owner's "Not yet signed by KRA" list.
    index("etims_outbox_open_idx")
      .on(t.businessId, t.id)
      .where(sql`${t.state} <> 'done'`),
  ],
);

export const ETIMS_CORRECTION_KINDS = ["credit", "resend"] as const;

/**
 * What a change to a sale KRA signed asks of KRA (migration 0039's trigger on sales): a credit
 * note (R) cancelling the receipt KRA signed (`orgOutboxId`, the outbox row that signed it) when
 * the sale is voided or edited, and a new receipt (S) for the sale as it now is when it is edited
 * or restored. Each is queued in the outbox under its own id (kind "credit" or "resend"), so a
 * sale may be corrected any number of times and each correction is still sent once.
 */
export const etimsCorrections = pgTable(
  "etims_corrections",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: uuid("business_id").notNull(),
    saleId: uuid("sale_id").notNull(),
    kind: text("kind", { enum: ETIMS_CORRECTION_KINDS }).notNull(),
    /** A credit note's: the outbox row whose signed receipt it cancels. */
    orgOutboxId: bigint("org_outbox_id", { mode: "number" }),
    /** A credit note's KRA refund reason (code class 32). */
    refundReasonCd: text("refund_reason_cd"),
    /** What KRA answered, once signed. */
    proof: jsonb("proof").$type<EtimsProof>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    foreignKey({ columns: [t.businessId], foreignColumns: [businesses.id] }),
    index("etims_corrections_sale_idx").on(t.businessId, t.saleId),
    // One credit note per signed receipt.
    uniqueIndex("etims_corrections_org_key")
      .on(t.orgOutboxId)
      .where(sql`${t.kind} = 'credit'`),
  ],
);
