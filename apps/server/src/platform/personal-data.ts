/**
 * What the provider's support reads of a business without the owner's support access (issue 28):
 * counts, sums and the shape of the records, never a person's name, phone or identity, nor any
 * clinical or free text about them. Applied to every answer of a read route inside a business
 * area (rooms, clinic, sales, ...) that support sends while no support access is in force; under
 * the access, support reads as the owner it helps. Reports, which carry no one's name, are the same
 * for everyone.
 */
export const HIDDEN = "[hidden]";

/** Text naming or reaching a person (guests, organisers, patients, customers, next of kin). */
const PERSONAL_TEXT = new Set([
  "guestName",
  "guestPhone",
  "customerName",
  "customerPhone",
  "organiser",
  "organiserPhone",
  "fullName",
  "patientName",
  "phone",
  "email",
  "idNumber",
  "nextOfKin",
  "residence",
  "memberNumber",
  // Free text about a person: clinical notes, a guest's message, a booking's notes.
  "complaint",
  "history",
  "examination",
  "diagnosis",
  "plan",
  "result",
  "comment",
  "instructions",
  "dose",
  "frequency",
  "allergies",
  "message",
  "note",
  "notes",
]);
/** Clinical parts of a record, already null for staff without the right: null for support too. */
const CLINICAL_PARTS = new Set(["vitals", "allergies", "labRequests", "prescriptions"]);

/** A copy of a JSON answer with every personal value hidden (text) or dropped (clinical parts). */
export function hidePersonal(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(hidePersonal);
  if (!value || typeof value !== "object" || value instanceof Date) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    if (PERSONAL_TEXT.has(key) && typeof v === "string" && v !== "") out[key] = HIDDEN;
    else if (CLINICAL_PARTS.has(key) && v !== null && typeof v === "object") out[key] = null;
    else out[key] = hidePersonal(v);
  }
  return out;
}
