import { z } from "zod";
import { centsSchema } from "../money/limits.ts";
import { SEXES } from "./patient.ts";

/**
 * A visit (the API's "consultation", spec section 7): a patient's journey through the clinic on
 * one day, from reception to the cashier. Its stage is where the patient is now.
 */
export const VISIT_STAGES = ["waiting", "triage", "consultation", "lab", "pharmacy", "billing", "done"] as const;
export type VisitStage = (typeof VISIT_STAGES)[number];

/** The stages still in the queue (done visits leave it). */
export const OPEN_STAGES = VISIT_STAGES.filter((s) => s !== "done");

/**
 * Vitals a person can have: outside these bounds a number is a typing error (temperature 80,
 * weight -3) and is refused with 400 naming the field.
 */
export const VITAL_LIMITS = {
  temperature: { min: 25, max: 45, unit: "°C", step: 0.1 },
  systolic: { min: 40, max: 300, unit: "mmHg", step: 1 },
  diastolic: { min: 20, max: 200, unit: "mmHg", step: 1 },
  pulse: { min: 20, max: 250, unit: "/min", step: 1 },
  weight: { min: 0.3, max: 400, unit: "kg", step: 0.1 },
  height: { min: 20, max: 250, unit: "cm", step: 0.1 },
} as const;
export type Vital = keyof typeof VITAL_LIMITS;
export const VITALS = Object.keys(VITAL_LIMITS) as Vital[];

const vital = (name: Vital, integer = false) => {
  const { min, max, unit } = VITAL_LIMITS[name];
  const base = z
    .number({ error: "Enter a number" })
    .min(min, `Must be between ${min} and ${max} ${unit}`)
    .max(max, `Must be between ${min} and ${max} ${unit}`);
  return (integer ? base.int("Whole numbers only") : base).nullable().optional();
};

export const vitalsSchema = z
  .object({
    temperature: vital("temperature"),
    systolic: vital("systolic", true),
    diastolic: vital("diastolic", true),
    pulse: vital("pulse", true),
    weight: vital("weight"),
    height: vital("height"),
  })
  .refine((v) => v.systolic == null || v.diastolic == null || v.systolic > v.diastolic, {
    message: "Systolic pressure must be above diastolic",
    path: ["diastolic"],
  });
export type Vitals = z.infer<typeof vitalsSchema>;
export type VitalsRecord = { [K in Vital]: number | null };

/** Body mass index to one decimal, or null without both weight and height. */
export function bmiOf(v: Pick<VitalsRecord, "weight" | "height">): number | null {
  if (!v.weight || !v.height) return null;
  const m = v.height / 100;
  return Math.round((v.weight / (m * m)) * 10) / 10;
}

const noteText = z.string().trim().max(4000);

/** POST /consultations: reception starts a visit (queued at "waiting"), charging a consultation service. */
export const createConsultationInputSchema = z.object({
  businessId: z.uuid(),
  patientId: z.uuid(),
  /** A consultation service of the price list; the fee goes on the bill. Without it, no fee. */
  serviceId: z.uuid().nullable().optional(),
});
export type CreateConsultationInput = z.infer<typeof createConsultationInputSchema>;

/** PUT /consultations/{id}: the stage, vitals (triage) and the consultation's notes and diagnosis. */
export const updateConsultationInputSchema = z
  .object({
    stage: z.enum(VISIT_STAGES),
    vitals: vitalsSchema,
    complaint: noteText,
    history: noteText,
    examination: noteText,
    /** Free text, beside the ICD-10 code picked from the list shipped with the app. */
    diagnosis: noteText,
    icd10Code: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]\d{2}(\.\d{1,2})?$/, "Pick a code from the list")
      .nullable(),
    plan: noteText,
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, { message: "Nothing to update" });
export type UpdateConsultationInput = z.infer<typeof updateConsultationInputSchema>;

export const listConsultationsQuerySchema = z.object({
  businessId: z.uuid(),
  /** today: visits started today (the queue, with done ones); open: every visit not done. */
  scope: z.enum(["today", "open"]).default("today"),
  stage: z.enum(VISIT_STAGES).optional(),
  patientId: z.uuid().optional(),
});
export type ListConsultationsQuery = z.infer<typeof listConsultationsQuerySchema>;
export type ListConsultationsParams = z.input<typeof listConsultationsQuerySchema>;

export const visitPatientSchema = z.object({
  _id: z.uuid(),
  patientNumber: z.number().int(),
  fullName: z.string(),
  sex: z.enum(SEXES),
  birthDate: z.string().nullable(),
  phone: z.string().nullable(),
  /** Null when the caller may not read allergies. */
  allergies: z.string().nullable(),
});

/** One line of the queue: who, where, since when. Nothing clinical. */
export const queueEntrySchema = z.object({
  _id: z.uuid(),
  visitNumber: z.number().int(),
  patient: visitPatientSchema,
  stage: z.enum(VISIT_STAGES),
  queuedAt: z.string(),
  stageChangedAt: z.string(),
  clinicianName: z.string().nullable(),
  serviceName: z.string().nullable(),
  /** Lab requests still waiting for a result, and prescriptions still to dispense (counts only). */
  pendingLab: z.number().int(),
  pendingPrescriptions: z.number().int(),
  balance: centsSchema,
});
export type QueueEntry = z.infer<typeof queueEntrySchema>;

export const LAB_FLAGS = ["normal", "low", "high", "abnormal", "critical"] as const;
export type LabFlag = (typeof LAB_FLAGS)[number];
export const LAB_STATUSES = ["requested", "completed", "cancelled"] as const;
export type LabStatus = (typeof LAB_STATUSES)[number];

export const labResultSchema = z.object({
  value: z.string(),
  unit: z.string(),
  referenceRange: z.string(),
  flag: z.enum(LAB_FLAGS),
  comment: z.string(),
  resultedBy: z.string(),
  resultedAt: z.string(),
});
export type LabResult = z.infer<typeof labResultSchema>;

export const labRequestSchema = z.object({
  _id: z.uuid(),
  visitId: z.uuid(),
  visitNumber: z.number().int(),
  patient: visitPatientSchema,
  testName: z.string(),
  price: centsSchema,
  /** Why the test is asked for, from the clinician to the lab. */
  note: z.string(),
  status: z.enum(LAB_STATUSES),
  requestedBy: z.string(),
  requestedAt: z.string(),
  /** Null until entered, and for callers who may not read results. */
  result: labResultSchema.nullable(),
});
export type LabRequest = z.infer<typeof labRequestSchema>;

export const PRESCRIPTION_STATUSES = ["pending", "dispensed", "cancelled"] as const;
export type PrescriptionStatus = (typeof PRESCRIPTION_STATUSES)[number];

export const batchTakenSchema = z.object({
  batchId: z.uuid(),
  batchNumber: z.string(),
  expiryDate: z.string(),
  quantity: z.number().int(),
});
export type BatchTaken = z.infer<typeof batchTakenSchema>;

export const prescriptionSchema = z.object({
  _id: z.uuid(),
  visitId: z.uuid(),
  visitNumber: z.number().int(),
  patient: visitPatientSchema,
  productId: z.uuid(),
  medicine: z.string(),
  unit: z.string(),
  dose: z.string(),
  frequency: z.string(),
  durationDays: z.number().int().nullable(),
  quantity: z.number().int(),
  instructions: z.string(),
  status: z.enum(PRESCRIPTION_STATUSES),
  prescribedBy: z.string(),
  prescribedAt: z.string(),
  dispensedBy: z.string().nullable(),
  dispensedAt: z.string().nullable(),
  /** What the dispensing charged, and the batches it took (first to expire first). */
  amount: centsSchema.nullable(),
  batches: z.array(batchTakenSchema),
  /** Who confirmed dispensing despite a recorded allergy, if anyone. */
  allergyOverrideBy: z.string().nullable(),
});
export type Prescription = z.infer<typeof prescriptionSchema>;

export const notesSchema = z.object({
  complaint: z.string(),
  history: z.string(),
  examination: z.string(),
  diagnosis: z.string(),
  icd10Code: z.string().nullable(),
  icd10Title: z.string().nullable(),
  plan: z.string(),
});
export type ClinicalNotes = z.infer<typeof notesSchema>;

export const vitalsRecordSchema = z.object({
  temperature: z.number().nullable(),
  systolic: z.number().int().nullable(),
  diastolic: z.number().int().nullable(),
  pulse: z.number().int().nullable(),
  weight: z.number().nullable(),
  height: z.number().nullable(),
  recordedBy: z.string().nullable(),
  recordedAt: z.string().nullable(),
});

/**
 * A whole visit as one person may see it: each part the caller may not read is null
 * (permissions/clinic.ts), never an empty value that could be mistaken for "nothing recorded".
 */
export const consultationSchema = queueEntrySchema.extend({
  clinicianId: z.uuid().nullable(),
  vitals: vitalsRecordSchema.nullable(),
  notes: notesSchema.nullable(),
  labRequests: z.array(labRequestSchema).nullable(),
  prescriptions: z.array(prescriptionSchema).nullable(),
  closedAt: z.string().nullable(),
});
export type Consultation = z.infer<typeof consultationSchema>;

/** How long ago, in whole minutes, from an ISO instant to now (the queue's waiting times). */
export function minutesSince(iso: string, now: Date = new Date()): number {
  return Math.max(0, Math.floor((now.getTime() - new Date(iso).getTime()) / 60_000));
}

/** "1 h 05 min" / "12 min". */
export function formatWaiting(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, "0")} min`;
}
