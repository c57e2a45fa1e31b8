import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { allergyMatches } from "@app/shared/clinic/allergy";
import type {
  CreatePrescriptionsInput,
  DispenseInput,
  ListPrescriptionsQuery,
  Medicine,
} from "@app/shared/clinic/orders";
import { stageAfterDispense } from "@app/shared/clinic/stages";
import type { Consultation, Prescription } from "@app/shared/clinic/visit";
import { ERROR_CODES } from "@app/shared/errors/errors";
import { todayIn } from "@app/shared/inventory/daily-stock";
import type { Db, Tx } from "../../db/client.ts";
import type { Ctx } from "../../platform/context.ts";
import { AppError, conflict, notFound } from "../../platform/errors.ts";
import { runIdempotent } from "../../platform/idempotency.ts";
import { dispenseFromBatches, listMedicines, products } from "../inventory/inventory.public.ts";
import { logAccess, requireRight } from "./clinic-access.ts";
import { patients, prescriptions, visitCharges, visits } from "./clinic.table.ts";
import { toPrescription } from "./visit-read.ts";
import { findVisitRow, readVisit } from "./visits.service.ts";
import { momentsFor } from "../../platform/clock.ts";
import { transact } from "../../platform/retry.ts";

/** GET /clinic/medicines: what can be prescribed (products received in batches), with what is in date. */
export async function searchMedicines(ctx: Ctx, q: string | undefined): Promise<Medicine[]> {
  requireRight(ctx, "notes.write", "prescriptions.read");
  return listMedicines(ctx.db, ctx.businessId, q, todayIn(ctx.business.timeZone));
}

/** POST /consultations/{id}/prescriptions: medicines of this business's inventory, with dose and quantity. */
export async function prescribe(ctx: Ctx, visitId: string, input: CreatePrescriptionsInput): Promise<Consultation> {
  const rights = requireRight(ctx, "notes.write");
  return transact(ctx.db, async (tx) => {
    const visit = await findVisitRow(tx, ctx.businessId, visitId, true);
    if (visit.stage === "done") throw conflict(`Visit #${visit.visitNumber} is done: start a new visit`);
    const ids = [...new Set(input.items.map((i) => i.productId))];
    const found = await tx
      .select({ id: products.id, name: products.name, unit: products.unit })
      .from(products)
      .where(and(eq(products.businessId, ctx.businessId), inArray(products.id, ids)));
    const byId = new Map(found.map((p) => [p.id, p]));
    for (const [i, item] of input.items.entries())
      if (!byId.has(item.productId))
        throw new AppError("NOT_FOUND", "Medicine not found", { [`items.${i}.productId`]: "No such medicine" });
    // The items keep the order the clinician wrote them in.
    const moments = momentsFor(input.items.length);
    await tx.insert(prescriptions).values(
      input.items.map((item, i) => ({
        prescribedAt: moments[i],
        businessId: ctx.businessId,
        visitId,
        productId: item.productId,
        medicine: byId.get(item.productId)!.name,
        unit: byId.get(item.productId)!.unit,
        dose: item.dose,
        frequency: item.frequency,
        durationDays: item.durationDays ?? null,
        quantity: item.quantity,
        instructions: item.instructions,
        prescribedBy: ctx.user.details.username,
      })),
    );
    return readVisit(tx, ctx.businessId, rights, visitId);
  });
}

async function lockPrescription(tx: Tx, businessId: string, id: string) {
  const [row] = await tx
    .select()
    .from(prescriptions)
    .where(and(eq(prescriptions.businessId, businessId), eq(prescriptions.id, id)))
    .for("update");
  if (!row) throw notFound("Prescription");
  return row;
}

async function patientOf(tx: Tx, businessId: string, id: string) {
  const [row] = await tx
    .select()
    .from(patients)
    .where(and(eq(patients.businessId, businessId), eq(patients.id, id)));
  return row!;
}

/** The visit moves on to billing once its pharmacy has nothing left to dispense. */
async function moveAfterDispense(tx: Tx, businessId: string, visit: typeof visits.$inferSelect) {
  const pending = await tx
    .select({ id: prescriptions.id })
    .from(prescriptions)
    .where(
      and(
        eq(prescriptions.businessId, businessId),
        eq(prescriptions.visitId, visit.id),
        eq(prescriptions.status, "pending"),
      ),
    );
  const next = stageAfterDispense(visit.stage, pending.length);
  if (next !== visit.stage)
    await tx
      .update(visits)
      .set({ stage: next, stageChangedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(visits.businessId, businessId), eq(visits.id, visit.id)));
}

/** DELETE /consultations/prescriptions/{id}: a prescription not yet dispensed is cancelled. */
export async function cancelPrescription(ctx: Ctx, id: string): Promise<Consultation> {
  const rights = requireRight(ctx, "notes.write");
  return transact(ctx.db, async (tx) => {
    const row = await lockPrescription(tx, ctx.businessId, id);
    const visit = await findVisitRow(tx, ctx.businessId, row.visitId, true);
    if (row.status !== "pending")
      throw new AppError(ERROR_CODES.ALREADY_DISPENSED, `${row.medicine} is ${row.status}: it cannot be cancelled`);
    await tx
      .update(prescriptions)
      .set({ status: "cancelled" })
      .where(and(eq(prescriptions.businessId, ctx.businessId), eq(prescriptions.id, id)));
    await moveAfterDispense(tx, ctx.businessId, visit);
    return readVisit(tx, ctx.businessId, rights, row.visitId);
  });
}

/**
 * POST /consultations/prescriptions/{id}/dispense: in ONE transaction the prescription is
 * locked (dispensed already: 409 ALREADY_DISPENSED), the patient's allergies are checked (a
 * match without `acknowledgeAllergy`: 409 ALLERGY_WARNING), the medicine is taken from the
 * batches that expire first through the inventory's stock ledger, and its price goes on the
 * visit's bill. Any refusal leaves stock, batches and bill as they were. A retry with the same
 * Idempotency-Key answers the first result.
 */
export function dispense(
  ctx: Ctx,
  id: string,
  input: DispenseInput,
  idem: { key?: string; fingerprint?: string } = {},
): Promise<Prescription> {
  const rights = requireRight(ctx, "dispense");
  return runIdempotent(
    ctx.db,
    { businessId: ctx.businessId, key: idem.key, scope: `dispense:${id}`, fingerprint: idem.fingerprint },
    async (tx) => {
      const row = await lockPrescription(tx, ctx.businessId, id);
      if (row.status !== "pending")
        throw new AppError(
          ERROR_CODES.ALREADY_DISPENSED,
          row.status === "dispensed"
            ? `${row.medicine} was already dispensed by ${row.dispensedBy}`
            : `${row.medicine} was cancelled by the clinician`,
        );
      const visit = await findVisitRow(tx, ctx.businessId, row.visitId, true);
      const patient = await patientOf(tx, ctx.businessId, visit.patientId);
      const allergens = allergyMatches(patient.allergies, row.medicine);
      if (allergens.length && !input.acknowledgeAllergy)
        throw new AppError(
          ERROR_CODES.ALLERGY_WARNING,
          `${patient.fullName} has a recorded allergy (${allergens.join(", ")}) that concerns ${row.medicine}. Check with the clinician; confirm to dispense anyway.`,
          { acknowledgeAllergy: "Confirm the allergy was checked" },
        );
      const taken = await dispenseFromBatches(
        tx,
        ctx.businessId,
        row.productId,
        row.quantity,
        todayIn(ctx.business.timeZone),
        { refType: "prescription", refId: row.id, note: `Visit #${visit.visitNumber}, ${patient.fullName}` },
        ctx.user,
      );
      const amount = taken.unitPrice * row.quantity;
      const [done] = await tx
        .update(prescriptions)
        .set({
          status: "dispensed",
          dispensedBy: ctx.user.details.username,
          dispensedAt: new Date(),
          amount,
          batches: taken.batches,
          allergyOverrideBy: allergens.length ? ctx.user.details.username : null,
        })
        .where(
          and(
            eq(prescriptions.businessId, ctx.businessId),
            eq(prescriptions.id, id),
            eq(prescriptions.status, "pending"),
          ),
        )
        .returning();
      if (!done) throw new AppError(ERROR_CODES.ALREADY_DISPENSED, `${row.medicine} was already dispensed`);
      await tx.insert(visitCharges).values({
        businessId: ctx.businessId,
        visitId: visit.id,
        kind: "medicine",
        refId: row.id,
        description: `${row.medicine} × ${row.quantity}`,
        quantity: row.quantity,
        unitPrice: taken.unitPrice,
        amount,
      });
      await moveAfterDispense(tx, ctx.businessId, visit);
      return toPrescription(done, visit, patient, rights);
    },
  );
}

/** GET /consultations/prescriptions: the pharmacy's worklist (to dispense by default); reading it is logged per patient. */
export async function listPrescriptions(ctx: Ctx, q: ListPrescriptionsQuery): Promise<Prescription[]> {
  const rights = requireRight(ctx, "prescriptions.read");
  const rows = await ctx.db
    .select({ r: prescriptions, v: visits, p: patients })
    .from(prescriptions)
    .innerJoin(visits, and(eq(visits.businessId, prescriptions.businessId), eq(visits.id, prescriptions.visitId)))
    .innerJoin(patients, and(eq(patients.businessId, visits.businessId), eq(patients.id, visits.patientId)))
    .where(
      and(
        eq(prescriptions.businessId, ctx.businessId),
        eq(prescriptions.status, q.status),
        q.visitId ? eq(prescriptions.visitId, q.visitId) : undefined,
      ),
    )
    .orderBy(
      q.status === "pending" ? asc(prescriptions.prescribedAt) : desc(prescriptions.dispensedAt),
      asc(prescriptions.id),
    )
    .limit(q.limit);
  await logAccess(
    ctx.db,
    ctx,
    rows.map((r) => r.p.id),
    "prescriptions",
  );
  return rows.map((r) => toPrescription(r.r, r.v, r.p, rights));
}

/** The business that owns a prescription, for the tenancy guard. */
export async function businessIdOfPrescription(db: Db, id: string): Promise<string | null> {
  const [row] = await db
    .select({ b: prescriptions.businessId })
    .from(prescriptions)
    .where(eq(prescriptions.id, id))
    .limit(1);
  return row?.b ?? null;
}
