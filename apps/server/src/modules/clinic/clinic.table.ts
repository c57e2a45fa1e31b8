import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { BatchTaken } from "@app/shared/clinic/visit";
import { CHARGE_KINDS, VISIT_PAYMENT_METHODS } from "@app/shared/clinic/bill";
import { ACCESS_KINDS } from "@app/shared/clinic/access-log";
import { SEXES } from "@app/shared/clinic/patient";
import { SERVICE_KINDS } from "@app/shared/clinic/services";
import { LAB_FLAGS, LAB_STATUSES, PRESCRIPTION_STATUSES, VISIT_STAGES } from "@app/shared/clinic/visit";
import { businesses } from "../businesses/businesses.table.ts";
import { products } from "../inventory/products.table.ts";
import { now } from "../../platform/clock.ts";

const cents = (name: string) => bigint(name, { mode: "number" }).notNull();
const at = (name: string) => timestamp(name, { withTimezone: true });
/** Vitals keep one decimal (37.5 °C, 64.2 kg) and come back as numbers. */
const decimal = (name: string) => numeric(name, { precision: 5, scale: 1, mode: "number" });

/** Per-business numbers of patients and visits (P-000001, visit 1, 2, ...). */
export const clinicCounters = pgTable(
  "clinic_counters",
  {
    businessId: uuid("business_id").notNull(),
    name: text("name").notNull(),
    value: integer("value").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.name] }),
    foreignKey({ columns: [t.businessId], foreignColumns: [businesses.id] }),
  ],
);

/** The price list: consultation services (the visit's fee) and lab tests. */
export const clinicServices = pgTable(
  "clinic_services",
  {
    businessId: uuid("business_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    kind: text("kind", { enum: SERVICE_KINDS }).notNull(),
    name: text("name").notNull(),
    price: cents("price"),
    active: boolean("active").notNull().default(true),
    createdAt: at("created_at").notNull().defaultNow().$defaultFn(now),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    foreignKey({ columns: [t.businessId], foreignColumns: [businesses.id] }),
    uniqueIndex("clinic_services_name_key").on(t.businessId, t.kind, sql`lower(${t.name})`),
    index("clinic_services_id_idx").on(t.id),
  ],
);

export const patients = pgTable(
  "patients",
  {
    businessId: uuid("business_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    patientNumber: integer("patient_number").notNull(),
    fullName: text("full_name").notNull(),
    sex: text("sex", { enum: SEXES }).notNull(),
    birthDate: date("birth_date", { mode: "string" }),
    phone: text("phone"),
    idNumber: text("id_number"),
    residence: text("residence"),
    nextOfKin: text("next_of_kin"),
    memberNumber: text("member_number"),
    allergies: text("allergies").notNull().default(""),
    archivedAt: at("archived_at"),
    createdAt: at("created_at").notNull().defaultNow().$defaultFn(now),
    updatedAt: at("updated_at").notNull().defaultNow().$defaultFn(now),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    foreignKey({ columns: [t.businessId], foreignColumns: [businesses.id] }),
    uniqueIndex("patients_number_key").on(t.businessId, t.patientNumber),
    index("patients_id_idx").on(t.id),
    index("patients_name_idx").on(t.businessId, sql`lower(${t.fullName})`),
  ],
);

/** A visit (the API's consultation): the patient's journey through the clinic, with the consultation's notes. */
export const visits = pgTable(
  "visits",
  {
    businessId: uuid("business_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    visitNumber: integer("visit_number").notNull(),
    patientId: uuid("patient_id").notNull(),
    stage: text("stage", { enum: VISIT_STAGES }).notNull().default("waiting"),
    serviceName: text("service_name"),
    queuedAt: at("queued_at").notNull().defaultNow().$defaultFn(now),
    stageChangedAt: at("stage_changed_at").notNull().defaultNow().$defaultFn(now),
    closedAt: at("closed_at"),
    clinicianId: uuid("clinician_id"),
    clinicianName: text("clinician_name"),
    temperature: decimal("temperature"),
    systolic: integer("systolic"),
    diastolic: integer("diastolic"),
    pulse: integer("pulse"),
    weight: decimal("weight"),
    height: decimal("height"),
    vitalsBy: text("vitals_by"),
    vitalsAt: at("vitals_at"),
    complaint: text("complaint").notNull().default(""),
    history: text("history").notNull().default(""),
    examination: text("examination").notNull().default(""),
    diagnosis: text("diagnosis").notNull().default(""),
    icd10Code: text("icd10_code"),
    icd10Title: text("icd10_title"),
    plan: text("plan").notNull().default(""),
    createdBy: text("created_by").notNull(),
    createdAt: at("created_at").notNull().defaultNow().$defaultFn(now),
    updatedAt: at("updated_at").notNull().defaultNow().$defaultFn(now),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    foreignKey({ columns: [t.businessId, t.patientId], foreignColumns: [patients.businessId, patients.id] }),
    uniqueIndex("visits_number_key").on(t.businessId, t.visitNumber),
    index("visits_id_idx").on(t.id),
    index("visits_patient_idx").on(t.businessId, t.patientId, t.queuedAt),
    index("visits_queue_idx").on(t.businessId, t.queuedAt),
    index("visits_open_idx")
      .on(t.businessId, t.stage)
      .where(sql`${t.stage} <> 'done'`),
  ],
);

export const labRequests = pgTable(
  "lab_requests",
  {
    businessId: uuid("business_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    visitId: uuid("visit_id").notNull(),
    serviceId: uuid("service_id"),
    testName: text("test_name").notNull(),
    price: cents("price"),
    note: text("note").notNull().default(""),
    status: text("status", { enum: LAB_STATUSES }).notNull().default("requested"),
    requestedBy: text("requested_by").notNull(),
    requestedAt: at("requested_at")
      .notNull()
      .default(sql`clock_timestamp()`)
      .$defaultFn(now),
    value: text("value"),
    unit: text("unit"),
    referenceRange: text("reference_range"),
    flag: text("flag", { enum: LAB_FLAGS }),
    comment: text("comment"),
    resultedBy: text("resulted_by"),
    resultedAt: at("resulted_at"),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    foreignKey({ columns: [t.businessId, t.visitId], foreignColumns: [visits.businessId, visits.id] }).onDelete(
      "cascade",
    ),
    index("lab_requests_id_idx").on(t.id),
    index("lab_requests_visit_idx").on(t.businessId, t.visitId),
    index("lab_requests_status_idx").on(t.businessId, t.status, t.requestedAt),
  ],
);

export const prescriptions = pgTable(
  "prescriptions",
  {
    businessId: uuid("business_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    visitId: uuid("visit_id").notNull(),
    productId: uuid("product_id").notNull(),
    medicine: text("medicine").notNull(),
    unit: text("unit").notNull(),
    dose: text("dose").notNull(),
    frequency: text("frequency").notNull(),
    durationDays: integer("duration_days"),
    quantity: integer("quantity").notNull(),
    instructions: text("instructions").notNull().default(""),
    status: text("status", { enum: PRESCRIPTION_STATUSES }).notNull().default("pending"),
    prescribedBy: text("prescribed_by").notNull(),
    prescribedAt: at("prescribed_at")
      .notNull()
      .default(sql`clock_timestamp()`)
      .$defaultFn(now),
    dispensedBy: text("dispensed_by"),
    dispensedAt: at("dispensed_at"),
    amount: bigint("amount", { mode: "number" }),
    batches: jsonb("batches").$type<BatchTaken[]>().notNull().default([]),
    allergyOverrideBy: text("allergy_override_by"),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    foreignKey({ columns: [t.businessId, t.visitId], foreignColumns: [visits.businessId, visits.id] }).onDelete(
      "cascade",
    ),
    foreignKey({ columns: [t.businessId, t.productId], foreignColumns: [products.businessId, products.id] }),
    check("prescriptions_quantity_positive", sql`${t.quantity} > 0`),
    index("prescriptions_id_idx").on(t.id),
    index("prescriptions_visit_idx").on(t.businessId, t.visitId),
    index("prescriptions_status_idx").on(t.businessId, t.status, t.prescribedAt),
  ],
);

/** The lines of a visit's bill: its consultation fee, lab tests and dispensed medicines. */
export const visitCharges = pgTable(
  "visit_charges",
  {
    businessId: uuid("business_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    visitId: uuid("visit_id").notNull(),
    kind: text("kind", { enum: CHARGE_KINDS }).notNull(),
    /** The lab request or prescription it charges for (null: the consultation fee). */
    refId: uuid("ref_id"),
    description: text("description").notNull(),
    quantity: integer("quantity").notNull(),
    unitPrice: cents("unit_price"),
    amount: cents("amount"),
    createdAt: at("created_at")
      .notNull()
      .default(sql`clock_timestamp()`)
      .$defaultFn(now),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    foreignKey({ columns: [t.businessId, t.visitId], foreignColumns: [visits.businessId, visits.id] }).onDelete(
      "cascade",
    ),
    check("visit_charges_amount_non_negative", sql`${t.amount} >= 0`),
    uniqueIndex("visit_charges_ref_key")
      .on(t.businessId, t.refId)
      .where(sql`${t.refId} IS NOT NULL`),
    index("visit_charges_visit_idx").on(t.businessId, t.visitId),
    index("visit_charges_time_idx").on(t.businessId, t.createdAt),
  ],
);

/** Payments of visit bills: Cash, M-Pesa, Bank, or an insurance/SHA claim. */
export const visitPayments = pgTable(
  "visit_payments",
  {
    businessId: uuid("business_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    visitId: uuid("visit_id").notNull(),
    method: text("method", { enum: VISIT_PAYMENT_METHODS }).notNull(),
    amount: cents("amount"),
    reference: text("reference"),
    insurer: text("insurer"),
    memberNumber: text("member_number"),
    preauthReference: text("preauth_reference"),
    recordedBy: text("recorded_by").notNull(),
    recordedById: uuid("recorded_by_id"),
    createdAt: at("created_at").notNull().defaultNow().$defaultFn(now),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    foreignKey({ columns: [t.businessId, t.visitId], foreignColumns: [visits.businessId, visits.id] }),
    check("visit_payments_amount_positive", sql`${t.amount} > 0`),
    index("visit_payments_visit_idx").on(t.businessId, t.visitId),
    index("visit_payments_time_idx").on(t.businessId, t.createdAt),
  ],
);

/** Every read of a patient's record: who, when, what. Written in the read's own request. */
export const patientAccessLog = pgTable(
  "patient_access_log",
  {
    businessId: uuid("business_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    patientId: uuid("patient_id").notNull(),
    userKind: text("user_kind").notNull(),
    userId: uuid("user_id").notNull(),
    userName: text("user_name").notNull(),
    occupation: text("occupation").notNull(),
    kind: text("kind", { enum: ACCESS_KINDS }).notNull(),
    at: at("at")
      .notNull()
      .default(sql`clock_timestamp()`)
      .$defaultFn(now),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    foreignKey({ columns: [t.businessId, t.patientId], foreignColumns: [patients.businessId, patients.id] }).onDelete(
      "cascade",
    ),
    index("patient_access_log_patient_idx").on(t.businessId, t.patientId, t.at),
    index("patient_access_log_time_idx").on(t.businessId, t.at),
  ],
);
