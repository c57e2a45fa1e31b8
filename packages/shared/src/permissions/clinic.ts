import type { Actor } from "./areas.ts";

/**
 * What each person may do and read in the clinic (issue 15). The Clinic and Pharmacy menu areas
 * let a member of staff of a clinic in; these rights decide, inside them, which parts of a
 * patient's record they read. The server applies them in its services (a part the caller may
 * not read is left out of every answer, as null); the web uses the same function to hide what
 * would be refused.
 *
 * - patients.read: demographics and the queue (name, number, age, phone, stage, waiting time).
 * - patients.write: register and edit patients, start visits, move a visit along the queue.
 * - vitals.write: record vitals and allergies (triage).
 * - notes.read: clinical notes, vitals, diagnoses (the consultation) and lab results.
 * - notes.write: the consultation form, diagnoses, lab requests and prescriptions.
 * - lab.read / lab.write: the lab worklist (what was requested for whom) / entering results.
 * - results.read: lab result values.
 * - prescriptions.read: prescriptions and the patient's allergies.
 * - dispense: take medicines from stock for a prescription.
 * - billing: a visit's bill and its payments.
 * - reports: clinic reports (counts and sums, no one's record).
 * - accessLog: who read which patient's record.
 */
export const CLINIC_RIGHTS = [
  "patients.read",
  "patients.write",
  "vitals.write",
  "notes.read",
  "notes.write",
  "lab.read",
  "lab.write",
  "results.read",
  "prescriptions.read",
  "dispense",
  "billing",
  "reports",
  "accessLog",
] as const;
export type ClinicRight = (typeof CLINIC_RIGHTS)[number];

/** The clinic's occupations (the others of OCCUPATIONS have clinic rights too where they need them). */
export const DOCTOR = "Doctor";
export const NURSE = "Nurse";
export const LAB_TECHNICIAN = "Lab Technician";
export const PHARMACIST = "Pharmacist";
export const RECEPTIONIST = "Receptionist";

/** The rights of each occupation; an occupation not listed has none. The owner has all. */
const BY_OCCUPATION: Record<string, readonly ClinicRight[]> = {
  [DOCTOR]: [
    "patients.read",
    "patients.write",
    "vitals.write",
    "notes.read",
    "notes.write",
    "lab.read",
    "results.read",
    "prescriptions.read",
  ],
  [NURSE]: [
    "patients.read",
    "patients.write",
    "vitals.write",
    "notes.read",
    "lab.read",
    "results.read",
    "prescriptions.read",
  ],
  // The lab sees what was asked of it and the results it enters, not the consultation.
  [LAB_TECHNICIAN]: ["patients.read", "lab.read", "lab.write", "results.read"],
  // The pharmacist sees prescriptions and allergies, not notes or results.
  [PHARMACIST]: ["patients.read", "prescriptions.read", "dispense", "billing"],
  // Reception: demographics and the queue, and taking payment; nothing clinical.
  [RECEPTIONIST]: ["patients.read", "patients.write", "billing"],
  Cashier: ["billing"],
  Manager: ["patients.read", "billing", "reports"],
};

/** Occupations whose work is clinical (they read notes, results or prescriptions). */
export const CLINICAL_OCCUPATIONS = [DOCTOR, NURSE, LAB_TECHNICIAN, PHARMACIST] as const;

/**
 * The clinic rights of a signed-in user: the owner all, staff by occupation. The provider's
 * support acts for any business but is no one's clinician: it sees the reports, no patient.
 */
export function clinicRightsOf(actor: Actor): ReadonlySet<ClinicRight> {
  if (actor.details.isSupportUser) return new Set<ClinicRight>(["reports"]);
  if (actor.isAdmin) return new Set(CLINIC_RIGHTS);
  return new Set(BY_OCCUPATION[actor.details.occupation] ?? []);
}

export function hasClinicRight(actor: Actor, right: ClinicRight): boolean {
  return clinicRightsOf(actor).has(right);
}

/** May this user read the allergies on a patient's record (clinical notes or prescriptions)? */
export function mayReadAllergies(rights: ReadonlySet<ClinicRight>): boolean {
  return rights.has("notes.read") || rights.has("prescriptions.read");
}
