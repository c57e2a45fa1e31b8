import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { CreateLabRequestsInput, LabResultInput, ListLabQuery } from "@app/shared/clinic/orders";
import { stageAfterLabResult } from "@app/shared/clinic/stages";
import type { Consultation, LabRequest } from "@app/shared/clinic/visit";
import type { Db, Tx } from "../../db/client.ts";
import type { Ctx } from "../../platform/context.ts";
import { AppError, conflict, notFound } from "../../platform/errors.ts";
import { logAccess, requireRight } from "./clinic-access.ts";
import { clinicServices, labRequests, patients, visitCharges, visits } from "./clinic.table.ts";
import { toLabRequest } from "./visit-read.ts";
import { findVisitRow, readVisit } from "./visits.service.ts";
import { momentsFor } from "../../platform/clock.ts";
import { transact } from "../../platform/retry.ts";

/** POST /consultations/{id}/lab: the clinician asks for tests of the price list; each goes on the bill. */
export async function requestLabTests(ctx: Ctx, visitId: string, input: CreateLabRequestsInput): Promise<Consultation> {
  const rights = requireRight(ctx, "notes.write");
  return transact(ctx.db, async (tx) => {
    const visit = await findVisitRow(tx, ctx.businessId, visitId, true);
    if (visit.stage === "done") throw conflict(`Visit #${visit.visitNumber} is done: start a new visit`);
    const ids = [...new Set(input.tests.map((t) => t.serviceId))];
    const services = await tx
      .select()
      .from(clinicServices)
      .where(
        and(
          eq(clinicServices.businessId, ctx.businessId),
          inArray(clinicServices.id, ids),
          eq(clinicServices.kind, "lab"),
          eq(clinicServices.active, true),
        ),
      );
    const byId = new Map(services.map((s) => [s.id, s]));
    for (const [i, t] of input.tests.entries())
      if (!byId.has(t.serviceId))
        throw new AppError("NOT_FOUND", "Lab test not found", { [`tests.${i}.serviceId`]: "No such lab test" });
    // The tests and their charges keep the order they were asked in.
    const moments = momentsFor(input.tests.length);
    const rows = await tx
      .insert(labRequests)
      .values(
        input.tests.map((t, i) => {
          const s = byId.get(t.serviceId)!;
          return {
            requestedAt: moments[i],
            businessId: ctx.businessId,
            visitId,
            serviceId: s.id,
            testName: s.name,
            price: s.price,
            note: t.note,
            requestedBy: ctx.user.details.username,
          };
        }),
      )
      .returning();
    await tx.insert(visitCharges).values(
      rows.map((r, i) => ({
        createdAt: moments[i],
        businessId: ctx.businessId,
        visitId,
        kind: "lab" as const,
        refId: r.id,
        description: r.testName,
        quantity: 1,
        unitPrice: r.price,
        amount: r.price,
      })),
    );
    return readVisit(tx, ctx.businessId, rights, visitId);
  });
}

async function lockLabRequest(tx: Tx, businessId: string, id: string) {
  const [row] = await tx
    .select()
    .from(labRequests)
    .where(and(eq(labRequests.businessId, businessId), eq(labRequests.id, id)))
    .for("update");
  if (!row) throw notFound("Lab request");
  return row;
}

/** DELETE /consultations/lab/{id}: a test not yet done is cancelled and taken off the bill. */
export async function cancelLabRequest(ctx: Ctx, id: string): Promise<Consultation> {
  const rights = requireRight(ctx, "notes.write");
  return transact(ctx.db, async (tx) => {
    const row = await lockLabRequest(tx, ctx.businessId, id);
    const visit = await findVisitRow(tx, ctx.businessId, row.visitId, true);
    if (row.status !== "requested") throw conflict(`${row.testName} is ${row.status}: it cannot be cancelled`);
    await tx
      .update(labRequests)
      .set({ status: "cancelled" })
      .where(and(eq(labRequests.businessId, ctx.businessId), eq(labRequests.id, id)));
    await tx.delete(visitCharges).where(and(eq(visitCharges.businessId, ctx.businessId), eq(visitCharges.refId, id)));
    await moveAfterLab(tx, ctx.businessId, visit);
    return readVisit(tx, ctx.businessId, rights, row.visitId);
  });
}

/** When the last test of a visit in the lab is done (or cancelled), the visit goes back to the clinician. */
async function moveAfterLab(tx: Tx, businessId: string, visit: typeof visits.$inferSelect) {
  const pending = await tx
    .select({ id: labRequests.id })
    .from(labRequests)
    .where(
      and(
        eq(labRequests.businessId, businessId),
        eq(labRequests.visitId, visit.id),
        eq(labRequests.status, "requested"),
      ),
    );
  const next = stageAfterLabResult(visit.stage, pending.length);
  if (next !== visit.stage)
    await tx
      .update(visits)
      .set({ stage: next, stageChangedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(visits.businessId, businessId), eq(visits.id, visit.id)));
}

/**
 * PUT /consultations/lab/{id}/result: the lab enters a result (a request that does not exist:
 * 404; one already done or cancelled: 409). It is then on the clinician's view of the visit.
 */
export async function enterLabResult(ctx: Ctx, id: string, input: LabResultInput): Promise<LabRequest> {
  const rights = requireRight(ctx, "lab.write");
  return transact(ctx.db, async (tx) => {
    const row = await lockLabRequest(tx, ctx.businessId, id);
    const visit = await findVisitRow(tx, ctx.businessId, row.visitId, true);
    if (row.status !== "requested") throw conflict(`${row.testName} is already ${row.status}`);
    const [done] = await tx
      .update(labRequests)
      .set({
        status: "completed",
        value: input.value,
        unit: input.unit,
        referenceRange: input.referenceRange,
        flag: input.flag,
        comment: input.comment,
        resultedBy: ctx.user.details.username,
        resultedAt: new Date(),
      })
      .where(and(eq(labRequests.businessId, ctx.businessId), eq(labRequests.id, id)))
      .returning();
    await moveAfterLab(tx, ctx.businessId, visit);
    const [patient] = await tx
      .select()
      .from(patients)
      .where(and(eq(patients.businessId, ctx.businessId), eq(patients.id, visit.patientId)));
    return toLabRequest(done!, visit, patient!, rights);
  });
}

/** GET /consultations/lab: the lab's worklist (waiting by default, oldest first); reading it is logged per patient. */
export async function listLabRequests(ctx: Ctx, q: ListLabQuery): Promise<LabRequest[]> {
  const rights = requireRight(ctx, "lab.read");
  const rows = await ctx.db
    .select({ l: labRequests, v: visits, p: patients })
    .from(labRequests)
    .innerJoin(visits, and(eq(visits.businessId, labRequests.businessId), eq(visits.id, labRequests.visitId)))
    .innerJoin(patients, and(eq(patients.businessId, visits.businessId), eq(patients.id, visits.patientId)))
    .where(
      and(
        eq(labRequests.businessId, ctx.businessId),
        eq(labRequests.status, q.status),
        q.visitId ? eq(labRequests.visitId, q.visitId) : undefined,
      ),
    )
    .orderBy(
      q.status === "requested" ? asc(labRequests.requestedAt) : desc(labRequests.resultedAt),
      asc(labRequests.id),
    )
    .limit(q.limit);
  await logAccess(
    ctx.db,
    ctx,
    rows.map((r) => r.p.id),
    "lab",
  );
  return rows.map((r) => toLabRequest(r.l, r.v, r.p, rights));
}

/** The business that owns a lab request, for the tenancy guard. */
export async function businessIdOfLabRequest(db: Db, id: string): Promise<string | null> {
  const [row] = await db.select({ b: labRequests.businessId }).from(labRequests).where(eq(labRequests.id, id)).limit(1);
  return row?.b ?? null;
}
