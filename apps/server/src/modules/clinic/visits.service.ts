import { and, eq, gte, lte, ne, sql } from "drizzle-orm";
import { icd10Entry } from "@app/shared/clinic/icd10";
import type {
  Consultation,
  CreateConsultationInput,
  ListConsultationsQuery,
  QueueEntry,
  UpdateConsultationInput,
} from "@app/shared/clinic/visit";
import { businessDayRange, todayIn } from "@app/shared/inventory/daily-stock";
import type { Db, DbOrTx } from "../../db/client.ts";
import type { Ctx } from "../../platform/context.ts";
import { AppError, conflict, forbidden, notFound } from "../../platform/errors.ts";
import { logAccess, nextNumber, requireRight, rightsOf, type Rights } from "./clinic-access.ts";
import { clinicServices, labRequests, prescriptions, visitCharges, visitPayments, visits } from "./clinic.table.ts";
import { findPatientRow } from "./patients.service.ts";
import { readQueue, readVisits } from "./visit-read.ts";
import { transact } from "../../platform/retry.ts";

export type VisitRow = typeof visits.$inferSelect;

/** A visit row of this business, locked for the rest of the transaction when asked. */
export async function findVisitRow(db: DbOrTx, businessId: string, id: string, lock = false): Promise<VisitRow> {
  const query = db
    .select()
    .from(visits)
    .where(and(eq(visits.businessId, businessId), eq(visits.id, id)));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw notFound("Visit");
  return row;
}

/** One visit as this caller may see it. */
export async function readVisit(db: DbOrTx, businessId: string, rights: Rights, id: string): Promise<Consultation> {
  const [visit] = await readVisits(db, businessId, rights, { ids: [id] });
  if (!visit) throw notFound("Visit");
  return visit;
}

/** GET /consultations: today's queue (or every open visit), nothing clinical in it. */
export async function listConsultations(ctx: Ctx, q: ListConsultationsQuery): Promise<QueueEntry[]> {
  const rights = requireRight(ctx, "patients.read");
  const day = businessDayRange(todayIn(ctx.business.timeZone), ctx.business.timeZone);
  return readQueue(
    ctx.db,
    rights,
    and(
      eq(visits.businessId, ctx.businessId),
      q.scope === "today"
        ? and(gte(visits.queuedAt, new Date(day.startDate)), lte(visits.queuedAt, new Date(day.endDate)))
        : ne(visits.stage, "done"),
      q.stage ? eq(visits.stage, q.stage) : undefined,
      q.patientId ? eq(visits.patientId, q.patientId) : undefined,
    ),
  );
}

/**
 * POST /consultations: reception queues a visit for a patient of this business (another
 * business's patient: 404, nothing saved), with the consultation service's fee on its bill.
 */
export async function createConsultation(ctx: Ctx, input: CreateConsultationInput): Promise<Consultation> {
  const rights = requireRight(ctx, "patients.write");
  return transact(ctx.db, async (tx) => {
    const patient = await findPatientRow(tx, ctx.businessId, input.patientId);
    if (!patient) throw new AppError("NOT_FOUND", "Patient not found", { patientId: "No such patient" });
    if (patient.archivedAt) throw conflict(`${patient.fullName} is archived: restore the patient before a new visit`);
    const [open] = await tx
      .select({ n: visits.visitNumber })
      .from(visits)
      .where(and(eq(visits.businessId, ctx.businessId), eq(visits.patientId, patient.id), ne(visits.stage, "done")))
      .limit(1);
    if (open)
      throw conflict(`${patient.fullName} already has an open visit (#${open.n})`, { patientId: "Already queued" });
    let service: typeof clinicServices.$inferSelect | undefined;
    if (input.serviceId) {
      [service] = await tx
        .select()
        .from(clinicServices)
        .where(
          and(
            eq(clinicServices.businessId, ctx.businessId),
            eq(clinicServices.id, input.serviceId),
            eq(clinicServices.kind, "consultation"),
            eq(clinicServices.active, true),
          ),
        );
      if (!service) throw new AppError("NOT_FOUND", "Consultation service not found", { serviceId: "No such service" });
    }
    const [visit] = await tx
      .insert(visits)
      .values({
        businessId: ctx.businessId,
        visitNumber: await nextNumber(tx, ctx.businessId, "visit"),
        patientId: patient.id,
        serviceName: service?.name ?? null,
        createdBy: ctx.user.details.username,
      })
      .returning();
    if (service)
      await tx.insert(visitCharges).values({
        businessId: ctx.businessId,
        visitId: visit!.id,
        kind: "consultation",
        description: service.name,
        quantity: 1,
        unitPrice: service.price,
        amount: service.price,
      });
    return readVisit(tx, ctx.businessId, rights, visit!.id);
  });
}

/** GET /consultations/{id}: the visit as this caller may see it; the read is logged. */
export async function getConsultation(ctx: Ctx, id: string): Promise<Consultation> {
  const rights = requireRight(ctx, "patients.read", "billing");
  const visit = await readVisit(ctx.db, ctx.businessId, rights, id);
  await logAccess(ctx.db, ctx, [visit.patient._id], "visit");
  return visit;
}

/** Which rights each part of an update needs. */
function checkUpdateRights(rights: Rights, input: UpdateConsultationInput) {
  const notes = ["complaint", "history", "examination", "diagnosis", "icd10Code", "plan"] as const;
  if (notes.some((k) => input[k] !== undefined) && !rights.has("notes.write"))
    throw forbidden("Only clinicians can write the consultation");
  if (input.vitals && !rights.has("vitals.write")) throw forbidden("Only clinicians and nurses can record vitals");
  if (input.stage && !["patients.write", "notes.write", "vitals.write"].some((r) => rights.has(r as never)))
    throw forbidden("Only reception and clinicians can move a visit along the queue");
}

/**
 * PUT /consultations/{id}: the stage, vitals and notes. The ICD-10 code must be one of the list
 * shipped with the app (400 otherwise); the first clinician to write becomes the visit's clinician.
 */
export async function updateConsultation(ctx: Ctx, id: string, input: UpdateConsultationInput): Promise<Consultation> {
  const rights = rightsOf(ctx);
  checkUpdateRights(rights, input);
  let icd10Title: string | null | undefined;
  if (input.icd10Code !== undefined) {
    const entry = input.icd10Code === null ? null : icd10Entry(input.icd10Code);
    if (entry === undefined)
      throw new AppError("VALIDATION_ERROR", "Invalid input: icd10Code", { icd10Code: "Pick a code from the list" });
    icd10Title = entry?.title ?? null;
  }
  return transact(ctx.db, async (tx) => {
    const visit = await findVisitRow(tx, ctx.businessId, id, true);
    const now = new Date();
    const { vitals, stage, ...notes } = input;
    const writesNotes = Object.keys(notes).length > 0;
    await tx
      .update(visits)
      .set({
        ...notes,
        ...(icd10Title !== undefined ? { icd10Title } : {}),
        ...(vitals
          ? {
              temperature: vitals.temperature,
              systolic: vitals.systolic,
              diastolic: vitals.diastolic,
              pulse: vitals.pulse,
              weight: vitals.weight,
              height: vitals.height,
              vitalsBy: ctx.user.details.username,
              vitalsAt: now,
            }
          : {}),
        ...(stage && stage !== visit.stage
          ? { stage, stageChangedAt: now, closedAt: stage === "done" ? now : null }
          : {}),
        ...(writesNotes && !visit.clinicianId
          ? { clinicianId: ctx.user.userId, clinicianName: ctx.user.details.username }
          : {}),
        updatedAt: now,
      })
      .where(and(eq(visits.businessId, ctx.businessId), eq(visits.id, id)));
    return readVisit(tx, ctx.businessId, rights, id);
  });
}

/**
 * DELETE /consultations/{id}: a visit queued by mistake is removed with its requests and bill
 * lines; one with a result, a dispensing or a payment is history and stays (409).
 */
export async function deleteConsultation(ctx: Ctx, id: string): Promise<{ deleted: true }> {
  requireRight(ctx, "patients.write");
  return transact(ctx.db, async (tx) => {
    const visit = await findVisitRow(tx, ctx.businessId, id, true);
    const { rows } = await tx.execute<{ results: number; dispensed: number; payments: number }>(sql`
      SELECT (SELECT count(*)::int FROM ${labRequests} WHERE business_id = ${ctx.businessId} AND visit_id = ${id} AND status = 'completed') AS results,
             (SELECT count(*)::int FROM ${prescriptions} WHERE business_id = ${ctx.businessId} AND visit_id = ${id} AND status = 'dispensed') AS dispensed,
             (SELECT count(*)::int FROM ${visitPayments} WHERE business_id = ${ctx.businessId} AND visit_id = ${id}) AS payments`);
    const h = rows[0]!;
    if (Number(h.results) + Number(h.dispensed) + Number(h.payments) > 0)
      throw conflict(
        `Visit #${visit.visitNumber} has results, dispensed medicines or payments: it is kept as history. Mark it done instead.`,
      );
    await tx.delete(visits).where(and(eq(visits.businessId, ctx.businessId), eq(visits.id, id)));
    return { deleted: true as const };
  });
}

/** The business that owns a visit, for the tenancy guard. */
export async function businessIdOfVisit(db: Db, id: string): Promise<string | null> {
  const [row] = await db.select({ b: visits.businessId }).from(visits).where(eq(visits.id, id)).limit(1);
  return row?.b ?? null;
}
