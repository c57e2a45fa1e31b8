import { and, asc, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import type {
  CreatePatientInput,
  ListPatientsQuery,
  Patient,
  PatientPage,
  PatientRemoval,
  UpdatePatientInput,
} from "@app/shared/clinic/patient";
import type { PatientRecord } from "@app/shared/clinic/record";
import { mayReadAllergies } from "@app/shared/permissions/clinic";
import type { Db, DbOrTx } from "../../db/client.ts";
import type { Ctx } from "../../platform/context.ts";
import { forbidden, notFound } from "../../platform/errors.ts";
import { logAccess, nextNumber, requireRight, type Rights } from "./clinic-access.ts";
import { containing } from "../../platform/search.ts";
import { patients, visits } from "./clinic.table.ts";
import { readVisits } from "./visit-read.ts";
import { offsetOf } from "../../platform/paging.ts";

export type PatientRow = typeof patients.$inferSelect;

/** A patient as this caller may see them: allergies only for clinicians and the pharmacy. */
export function toPatient(p: PatientRow, rights: Rights): Patient {
  return {
    _id: p.id,
    businessId: p.businessId,
    patientNumber: p.patientNumber,
    fullName: p.fullName,
    sex: p.sex,
    birthDate: p.birthDate,
    phone: p.phone,
    idNumber: p.idNumber,
    residence: p.residence,
    nextOfKin: p.nextOfKin,
    memberNumber: p.memberNumber,
    allergies: mayReadAllergies(rights) ? p.allergies : null,
    archived: p.archivedAt !== null,
    createdAt: p.createdAt.toISOString(),
  };
}

export async function findPatientRow(db: DbOrTx, businessId: string, id: string, lock = false) {
  const query = db
    .select()
    .from(patients)
    .where(and(eq(patients.businessId, businessId), eq(patients.id, id)));
  const [row] = lock ? await query.for("update") : await query;
  return row ?? null;
}

/** Allergies are clinical: only those who record vitals (clinicians, nurses) may write them. */
function checkAllergyWrite(rights: Rights, input: { allergies?: string | null }) {
  if (input.allergies !== undefined && !rights.has("vitals.write"))
    throw forbidden("Only clinicians and nurses can record allergies");
}

/** GET /patients: search by name, phone, ID, patient number or birth date; 10 a page by default. */
export async function listPatients(ctx: Ctx, q: ListPatientsQuery): Promise<PatientPage> {
  const rights = requireRight(ctx, "patients.read");
  const where: (SQL | undefined)[] = [
    eq(patients.businessId, ctx.businessId),
    q.archived ? isNotNull(patients.archivedAt) : isNull(patients.archivedAt),
  ];
  if (q.q) {
    const like = containing(q.q);
    const number = /^(p-?)?0*(\d{1,9})$/i.exec(q.q);
    where.push(
      or(
        ilike(patients.fullName, like),
        ilike(patients.phone, like),
        ilike(patients.idNumber, like),
        number ? eq(patients.patientNumber, Number(number[2])) : undefined,
        /^\d{4}-\d{2}-\d{2}$/.test(q.q) ? sql`${patients.birthDate}::text = ${q.q}` : undefined,
      ),
    );
  }
  const [rows, [count]] = await Promise.all([
    ctx.db
      .select()
      .from(patients)
      .where(and(...where))
      .orderBy(asc(sql`lower(${patients.fullName})`), asc(patients.patientNumber))
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(patients)
      .where(and(...where)),
  ]);
  return { items: rows.map((r) => toPatient(r, rights)), total: count?.n ?? 0 };
}

/** POST /patients: reception registers a patient (numbered P-000001 upwards). */
export async function createPatient(ctx: Ctx, input: CreatePatientInput): Promise<Patient> {
  const rights = requireRight(ctx, "patients.write");
  checkAllergyWrite(rights, input);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(patients)
      .values({
        businessId: ctx.businessId,
        patientNumber: await nextNumber(tx, ctx.businessId, "patient"),
        fullName: input.fullName,
        sex: input.sex,
        birthDate: input.birthDate ?? null,
        phone: input.phone ?? null,
        idNumber: input.idNumber ?? null,
        residence: input.residence ?? null,
        nextOfKin: input.nextOfKin ?? null,
        memberNumber: input.memberNumber ?? null,
        allergies: input.allergies ?? "",
      })
      .returning();
    return toPatient(row!, rights);
  });
}

/** PUT /patients/{id}: demographics (reception), allergies (clinicians). */
export async function updatePatient(ctx: Ctx, id: string, input: UpdatePatientInput): Promise<Patient> {
  const rights = rightsForUpdate(ctx, input);
  const { allergies, ...demographics } = input;
  const [row] = await ctx.db
    .update(patients)
    .set({
      ...demographics,
      ...(allergies !== undefined ? { allergies: allergies ?? "" } : {}),
      updatedAt: new Date(),
    })
    .where(and(eq(patients.businessId, ctx.businessId), eq(patients.id, id)))
    .returning();
  if (!row) throw notFound("Patient");
  return toPatient(row, rights);
}

/** Allergies alone may be written by nurses and clinicians; anything else needs patients.write. */
function rightsForUpdate(ctx: Ctx, input: UpdatePatientInput): Rights {
  const onlyAllergies = Object.keys(input).every((k) => k === "allergies");
  const rights = onlyAllergies ? requireRight(ctx, "vitals.write") : requireRight(ctx, "patients.write");
  checkAllergyWrite(rights, input);
  return rights;
}

/** DELETE /patients/{id}: a patient with visits is archived (their history is kept), one without is erased. */
export async function removePatient(ctx: Ctx, id: string): Promise<PatientRemoval> {
  const rights = requireRight(ctx, "patients.write");
  return ctx.db.transaction(async (tx) => {
    const row = await findPatientRow(tx, ctx.businessId, id, true);
    if (!row) throw notFound("Patient");
    const [visit] = await tx
      .select({ id: visits.id })
      .from(visits)
      .where(and(eq(visits.businessId, ctx.businessId), eq(visits.patientId, id)))
      .limit(1);
    if (visit) {
      const [archived] = await tx
        .update(patients)
        .set({ archivedAt: row.archivedAt ?? new Date(), updatedAt: new Date() })
        .where(and(eq(patients.businessId, ctx.businessId), eq(patients.id, id)))
        .returning();
      return { outcome: "archived" as const, patient: toPatient(archived!, rights) };
    }
    await tx.delete(patients).where(and(eq(patients.businessId, ctx.businessId), eq(patients.id, id)));
    return { outcome: "deleted" as const, patient: toPatient(row, rights) };
  });
}

/** GET /patients/{id}/record: the whole history as this caller may see it; the read is logged. */
export async function getPatientRecord(ctx: Ctx, id: string): Promise<PatientRecord> {
  const rights = requireRight(ctx, "patients.read");
  const row = await findPatientRow(ctx.db, ctx.businessId, id);
  if (!row) throw notFound("Patient");
  await logAccess(ctx.db, ctx, [id], "record");
  const history = await readVisits(ctx.db, ctx.businessId, rights, { patientId: id, order: desc });
  return { patient: toPatient(row, rights), visits: history };
}

/** The business that owns a patient, for the tenancy guard. */
export async function businessIdOfPatient(db: Db, id: string): Promise<string | null> {
  const [row] = await db.select({ b: patients.businessId }).from(patients).where(eq(patients.id, id)).limit(1);
  return row?.b ?? null;
}
