import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Consultation, LabRequest, Prescription, QueueEntry } from "@app/shared/clinic/visit";
import { mayReadAllergies } from "@app/shared/permissions/clinic";
import type { DbOrTx } from "../../db/client.ts";
import type { Rights } from "./clinic-access.ts";
import { labRequests, patients, prescriptions, visits } from "./clinic.table.ts";

type VisitRow = typeof visits.$inferSelect;
type PatientRow = typeof patients.$inferSelect;
type LabRow = typeof labRequests.$inferSelect;
type RxRow = typeof prescriptions.$inferSelect;

/** The patient as shown on a visit, a lab request or a prescription. */
export function visitPatient(p: PatientRow, rights: Rights) {
  return {
    _id: p.id,
    patientNumber: p.patientNumber,
    fullName: p.fullName,
    sex: p.sex,
    birthDate: p.birthDate,
    phone: p.phone,
    allergies: mayReadAllergies(rights) ? p.allergies : null,
  };
}

/** Lab requests still waiting, prescriptions still to dispense, and the bill's balance, per visit (SQL). */
const counts = {
  pendingLab: sql<number>`(SELECT count(*)::int FROM lab_requests l WHERE l.business_id = ${visits.businessId} AND l.visit_id = ${visits.id} AND l.status = 'requested')`,
  pendingPrescriptions: sql<number>`(SELECT count(*)::int FROM prescriptions r WHERE r.business_id = ${visits.businessId} AND r.visit_id = ${visits.id} AND r.status = 'pending')`,
  balance: sql<string>`((SELECT coalesce(sum(c.amount), 0) FROM visit_charges c WHERE c.business_id = ${visits.businessId} AND c.visit_id = ${visits.id})
    - (SELECT coalesce(sum(p.amount), 0) FROM visit_payments p WHERE p.business_id = ${visits.businessId} AND p.visit_id = ${visits.id}))::bigint`,
};

function toQueueEntry(
  v: VisitRow,
  p: PatientRow,
  c: { pendingLab: number; pendingPrescriptions: number; balance: string },
  rights: Rights,
): QueueEntry {
  return {
    _id: v.id,
    visitNumber: v.visitNumber,
    patient: visitPatient(p, rights),
    stage: v.stage,
    queuedAt: v.queuedAt.toISOString(),
    stageChangedAt: v.stageChangedAt.toISOString(),
    clinicianName: v.clinicianName,
    serviceName: v.serviceName,
    pendingLab: Number(c.pendingLab),
    pendingPrescriptions: Number(c.pendingPrescriptions),
    balance: Number(c.balance),
  };
}

/** Queue entries (nothing clinical) for visits matching `where`, oldest first. */
export async function readQueue(db: DbOrTx, rights: Rights, where: SQL | undefined): Promise<QueueEntry[]> {
  const rows = await db
    .select({ v: visits, p: patients, ...counts })
    .from(visits)
    .innerJoin(patients, and(eq(patients.businessId, visits.businessId), eq(patients.id, visits.patientId)))
    .where(where)
    .orderBy(asc(visits.queuedAt), asc(visits.visitNumber))
    .limit(500);
  return rows.map((r) => toQueueEntry(r.v, r.p, r, rights));
}

export function toLabRequest(l: LabRow, v: Pick<VisitRow, "visitNumber">, p: PatientRow, rights: Rights): LabRequest {
  const result =
    rights.has("results.read") && l.status === "completed" && l.value !== null
      ? {
          value: l.value,
          unit: l.unit ?? "",
          referenceRange: l.referenceRange ?? "",
          flag: l.flag ?? "normal",
          comment: l.comment ?? "",
          resultedBy: l.resultedBy ?? "",
          resultedAt: l.resultedAt?.toISOString() ?? "",
        }
      : null;
  return {
    _id: l.id,
    visitId: l.visitId,
    visitNumber: v.visitNumber,
    patient: visitPatient(p, rights),
    testName: l.testName,
    price: l.price,
    note: l.note,
    status: l.status,
    requestedBy: l.requestedBy,
    requestedAt: l.requestedAt.toISOString(),
    result,
  };
}

export function toPrescription(
  r: RxRow,
  v: Pick<VisitRow, "visitNumber">,
  p: PatientRow,
  rights: Rights,
): Prescription {
  return {
    _id: r.id,
    visitId: r.visitId,
    visitNumber: v.visitNumber,
    patient: visitPatient(p, rights),
    productId: r.productId,
    medicine: r.medicine,
    unit: r.unit,
    dose: r.dose,
    frequency: r.frequency,
    durationDays: r.durationDays,
    quantity: r.quantity,
    instructions: r.instructions,
    status: r.status,
    prescribedBy: r.prescribedBy,
    prescribedAt: r.prescribedAt.toISOString(),
    dispensedBy: r.dispensedBy,
    dispensedAt: r.dispensedAt?.toISOString() ?? null,
    amount: r.amount,
    batches: r.batches,
    allergyOverrideBy: r.allergyOverrideBy,
  };
}

/** Who may see a visit's lab requests and its prescriptions at all (results and notes have their own rights). */
export const mayListLab = (rights: Rights) => rights.has("lab.read") || rights.has("notes.read");
export const mayListPrescriptions = (rights: Rights) => rights.has("prescriptions.read") || rights.has("notes.read");

/**
 * Whole visits as this caller may see them (visits of one patient, or these ids): a part the
 * caller may not read is null. Newest first for a history, oldest first otherwise.
 */
export async function readVisits(
  db: DbOrTx,
  businessId: string,
  rights: Rights,
  filter: { ids?: string[]; patientId?: string; order?: typeof asc },
): Promise<Consultation[]> {
  const where = and(
    eq(visits.businessId, businessId),
    filter.ids ? inArray(visits.id, filter.ids) : undefined,
    filter.patientId ? eq(visits.patientId, filter.patientId) : undefined,
  );
  const order = filter.order ?? asc;
  const rows = await db
    .select({ v: visits, p: patients, ...counts })
    .from(visits)
    .innerJoin(patients, and(eq(patients.businessId, visits.businessId), eq(patients.id, visits.patientId)))
    .where(where)
    .orderBy(order(visits.queuedAt), order(visits.visitNumber))
    .limit(500);
  if (!rows.length) return [];
  const ids = rows.map((r) => r.v.id);
  const [labs, rxs] = await Promise.all([
    mayListLab(rights)
      ? db
          .select()
          .from(labRequests)
          .where(and(eq(labRequests.businessId, businessId), inArray(labRequests.visitId, ids)))
          .orderBy(asc(labRequests.requestedAt), asc(labRequests.id))
      : Promise.resolve([]),
    mayListPrescriptions(rights)
      ? db
          .select()
          .from(prescriptions)
          .where(and(eq(prescriptions.businessId, businessId), inArray(prescriptions.visitId, ids)))
          .orderBy(asc(prescriptions.prescribedAt), asc(prescriptions.id))
      : Promise.resolve([]),
  ]);
  const notes = rights.has("notes.read");
  return rows.map(({ v, p, ...c }) => ({
    ...toQueueEntry(v, p, c, rights),
    clinicianId: v.clinicianId,
    vitals: notes
      ? {
          temperature: v.temperature,
          systolic: v.systolic,
          diastolic: v.diastolic,
          pulse: v.pulse,
          weight: v.weight,
          height: v.height,
          recordedBy: v.vitalsBy,
          recordedAt: v.vitalsAt?.toISOString() ?? null,
        }
      : null,
    notes: notes
      ? {
          complaint: v.complaint,
          history: v.history,
          examination: v.examination,
          diagnosis: v.diagnosis,
          icd10Code: v.icd10Code,
          icd10Title: v.icd10Title,
          plan: v.plan,
        }
      : null,
    labRequests: mayListLab(rights)
      ? labs.filter((l) => l.visitId === v.id).map((l) => toLabRequest(l, v, p, rights))
      : null,
    prescriptions: mayListPrescriptions(rights)
      ? rxs.filter((r) => r.visitId === v.id).map((r) => toPrescription(r, v, p, rights))
      : null,
    closedAt: v.closedAt?.toISOString() ?? null,
  }));
}
