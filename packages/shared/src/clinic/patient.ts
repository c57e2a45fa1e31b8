import { z } from "zod";
import { kenyanPhoneSchema } from "../phone/phone.ts";
import { pageQueryFields, pageSchemaOf } from "../paging.ts";

/** Patients of a clinic: demographics (reception) and allergies (clinical), spec sections 2 and 7. */
export const SEXES = ["female", "male", "other"] as const;
export type Sex = (typeof SEXES)[number];

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isRealDate = (s: string) => {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};

/** A calendar date "yyyy-MM-dd" that exists. */
export const calendarDateSchema = z
  .string()
  .trim()
  .regex(DATE, "Use the form yyyy-MM-dd")
  .refine(isRealDate, "No such date");

/** Born on a real date, not in the future and not more than 130 years ago. */
export const birthDateSchema = calendarDateSchema.refine((s) => {
  const today = new Date().toISOString().slice(0, 10);
  const year = Number(s.slice(0, 4));
  return s <= today && year >= new Date().getUTCFullYear() - 130;
}, "Enter a birth date in the past");

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((v) => v || null)
    .nullable()
    .optional();

/** A patient's phone, however it is typed (kenyanPhoneSchema), or none: "" is none. */
const phone = z
  .string()
  .trim()
  .transform((v) => v || null)
  .pipe(kenyanPhoneSchema.nullable())
  .nullable()
  .optional();

/** What reception records of a patient. */
const demographicsShape = {
  fullName: z.string().trim().min(2, "At least 2 characters").max(120),
  sex: z.enum(SEXES),
  birthDate: birthDateSchema.nullable().optional(),
  phone,
  /** National ID, passport or birth certificate number. */
  idNumber: optionalText(40),
  residence: optionalText(120),
  nextOfKin: optionalText(120),
  /** Insurance or SHA member number, used when the bill is claimed. */
  memberNumber: optionalText(40),
};

export const createPatientInputSchema = z.object({
  businessId: z.uuid(),
  ...demographicsShape,
  /** Known allergies (clinical staff only: others may not send them). */
  allergies: optionalText(500),
});
export type CreatePatientInput = z.infer<typeof createPatientInputSchema>;

export const updatePatientInputSchema = z
  .object({ ...demographicsShape, allergies: optionalText(500) })
  .partial()
  .refine((v) => Object.keys(v).length > 0, { message: "Nothing to update" });
export type UpdatePatientInput = z.infer<typeof updatePatientInputSchema>;

export const listPatientsQuerySchema = z.object({
  businessId: z.uuid(),
  /** Name, phone, ID number, patient number or birth date (yyyy-MM-dd). */
  q: z.string().trim().max(100).optional(),
  archived: z
    .enum(["true", "false"])
    .transform((v) => v === "true")
    .optional(),
  ...pageQueryFields({ maxPage: 10_000 }),
});
export type ListPatientsQuery = z.infer<typeof listPatientsQuerySchema>;
export type ListPatientsParams = z.input<typeof listPatientsQuerySchema>;

export const patientSchema = z.object({
  _id: z.uuid(),
  businessId: z.uuid(),
  patientNumber: z.number().int(),
  fullName: z.string(),
  sex: z.enum(SEXES),
  birthDate: z.string().nullable(),
  phone: z.string().nullable(),
  idNumber: z.string().nullable(),
  residence: z.string().nullable(),
  nextOfKin: z.string().nullable(),
  memberNumber: z.string().nullable(),
  /** Null when the caller may not read allergies (reception); "" when none are recorded. */
  allergies: z.string().nullable(),
  archived: z.boolean(),
  createdAt: z.string(),
});
export type Patient = z.infer<typeof patientSchema>;

export const patientPageSchema = pageSchemaOf(patientSchema);
export type PatientPage = z.infer<typeof patientPageSchema>;

/** DELETE /patients/{id}: a patient with visits is archived (kept), one without is erased. */
export const patientRemovalSchema = z.object({ outcome: z.enum(["archived", "deleted"]), patient: patientSchema });
export type PatientRemoval = z.infer<typeof patientRemovalSchema>;

/** A patient's number as shown: P-000123. */
export const patientNumberLabel = (n: number) => `P-${String(n).padStart(6, "0")}`;

/** Whole years between a birth date and a day ("yyyy-MM-dd"), or null without a birth date. */
export function ageOn(birthDate: string | null, day: string): number | null {
  if (!birthDate) return null;
  const [by, bm, bd] = birthDate.split("-").map(Number) as [number, number, number];
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  let age = y - by;
  if (m < bm || (m === bm && d < bd)) age--;
  return Math.max(0, age);
}
