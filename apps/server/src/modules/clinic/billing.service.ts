import { and, asc, eq, ilike, or, sql } from "drizzle-orm";
import { billTotals, visitPaymentProblem, type Bill, type VisitPaymentInput } from "@app/shared/clinic/bill";
import { stageAfterPayment } from "@app/shared/clinic/stages";
import { ERROR_CODES } from "@app/shared/errors/errors";
import type { DbOrTx } from "../../db/client.ts";
import type { Ctx } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import { runIdempotent } from "../../platform/idempotency.ts";
import { recordMoneyMovement } from "../transactions/transactions.public.ts";
import { logAccess, requireRight } from "./clinic-access.ts";
import { containing } from "../../platform/search.ts";
import { patients, prescriptions, visitCharges, visitPayments, visits } from "./clinic.table.ts";
import { findVisitRow } from "./visits.service.ts";

/** A visit's bill: its charges, its payments and what is left. */
export async function readBill(db: DbOrTx, businessId: string, visitId: string): Promise<Bill> {
  const visit = await findVisitRow(db, businessId, visitId);
  const [[patient], charges, payments, pending] = await Promise.all([
    db
      .select()
      .from(patients)
      .where(and(eq(patients.businessId, businessId), eq(patients.id, visit.patientId))),
    db
      .select()
      .from(visitCharges)
      .where(and(eq(visitCharges.businessId, businessId), eq(visitCharges.visitId, visitId)))
      .orderBy(asc(visitCharges.createdAt), asc(visitCharges.id)),
    db
      .select()
      .from(visitPayments)
      .where(and(eq(visitPayments.businessId, businessId), eq(visitPayments.visitId, visitId)))
      .orderBy(asc(visitPayments.createdAt), asc(visitPayments.id)),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(prescriptions)
      .where(
        and(
          eq(prescriptions.businessId, businessId),
          eq(prescriptions.visitId, visitId),
          eq(prescriptions.status, "pending"),
        ),
      ),
  ]);
  const p = patient!;
  return {
    visitId: visit.id,
    visitNumber: visit.visitNumber,
    patient: {
      _id: p.id,
      patientNumber: p.patientNumber,
      fullName: p.fullName,
      sex: p.sex,
      birthDate: p.birthDate,
      phone: p.phone,
      memberNumber: p.memberNumber,
    },
    stage: visit.stage,
    charges: charges.map((c) => ({
      _id: c.id,
      kind: c.kind,
      description: c.description,
      quantity: c.quantity,
      unitPrice: c.unitPrice,
      amount: c.amount,
      createdAt: c.createdAt.toISOString(),
    })),
    payments: payments.map((x) => ({
      _id: x.id,
      method: x.method,
      amount: x.amount,
      reference: x.reference,
      insurer: x.insurer,
      memberNumber: x.memberNumber,
      preauthReference: x.preauthReference,
      recordedBy: x.recordedBy,
      createdAt: x.createdAt.toISOString(),
    })),
    ...billTotals(charges, payments),
    pendingPrescriptions: Number(pending[0]?.n ?? 0),
    createdAt: visit.createdAt.toISOString(),
  };
}

/** GET /consultations/{id}/bill (logged: the lines name tests and medicines). */
export async function getBill(ctx: Ctx, visitId: string): Promise<Bill> {
  requireRight(ctx, "billing", "notes.read");
  const bill = await readBill(ctx.db, ctx.businessId, visitId);
  await logAccess(ctx.db, ctx, [bill.patient._id], "bill");
  return bill;
}

/** GET /consultations/bills: bills still owing (or at billing), oldest first, for the POS; searched by name or number. */
export async function listOpenBills(ctx: Ctx, q: string | undefined) {
  requireRight(ctx, "billing");
  const balance = sql<string>`((SELECT coalesce(sum(c.amount), 0) FROM visit_charges c WHERE c.business_id = ${visits.businessId} AND c.visit_id = ${visits.id})
    - (SELECT coalesce(sum(p.amount), 0) FROM visit_payments p WHERE p.business_id = ${visits.businessId} AND p.visit_id = ${visits.id}))::bigint`;
  const number = q && /^\d{1,9}$/.test(q) ? Number(q) : null;
  const rows = await ctx.db
    .select({ v: visits, p: patients, balance })
    .from(visits)
    .innerJoin(patients, and(eq(patients.businessId, visits.businessId), eq(patients.id, visits.patientId)))
    .where(
      and(
        eq(visits.businessId, ctx.businessId),
        sql`(${balance} > 0 OR ${visits.stage} = 'billing')`,
        q
          ? or(
              ilike(patients.fullName, containing(q)),
              number !== null ? eq(visits.visitNumber, number) : undefined,
              number !== null ? eq(patients.patientNumber, number) : undefined,
            )
          : undefined,
      ),
    )
    .orderBy(asc(visits.queuedAt))
    .limit(100);
  return rows.map((r) => ({
    visitId: r.v.id,
    visitNumber: r.v.visitNumber,
    patientName: r.p.fullName,
    patientNumber: r.p.patientNumber,
    stage: r.v.stage,
    balance: Number(r.balance),
    queuedAt: r.v.queuedAt.toISOString(),
  }));
}

/**
 * POST /consultations/{id}/payments: a payment of the visit's bill by Cash, M-Pesa (code), Bank
 * (reference) or an insurance/SHA claim (insurer, member number, pre-authorisation). The visit
 * row is locked, so two tills paying at once never take the bill below zero: the later one is
 * refused 422 BILL_OVERPAYMENT. Settled at billing: the visit is done.
 */
export function payBill(
  ctx: Ctx,
  visitId: string,
  input: VisitPaymentInput,
  idem: { key?: string; fingerprint?: string } = {},
): Promise<Bill> {
  requireRight(ctx, "billing");
  return runIdempotent(
    ctx.db,
    { businessId: ctx.businessId, key: idem.key, scope: `visit-payment:${visitId}`, fingerprint: idem.fingerprint },
    async (tx) => {
      const visit = await findVisitRow(tx, ctx.businessId, visitId, true);
      const before = await readBill(tx, ctx.businessId, visitId);
      const problem = visitPaymentProblem(before.balance, input.amount);
      if (problem) throw new AppError(ERROR_CODES.BILL_OVERPAYMENT, problem, { amount: problem });
      const insurance = input.method === "Insurance";
      const [payment] = await tx
        .insert(visitPayments)
        .values({
          businessId: ctx.businessId,
          visitId,
          method: input.method,
          amount: input.amount,
          reference: insurance ? null : input.reference || null,
          insurer: insurance ? input.insurer! : null,
          memberNumber: insurance ? input.memberNumber! : null,
          preauthReference: insurance ? input.preauthReference! : null,
          recordedBy: ctx.user.details.username,
          recordedById: ctx.user.userId,
        })
        .returning({ id: visitPayments.id });
      // Money received now goes to the cash book; an insurance or SHA claim is not money yet.
      if (input.method !== "Insurance")
        await recordMoneyMovement(tx, ctx.businessId, ctx.user, {
          kind: "clinic_payment",
          direction: "in",
          method: input.method === "Bank" ? "Bank Transfer" : input.method,
          amount: input.amount,
          reference: input.reference || null,
          description: "Clinic visit payment",
          source: { area: "clinic", id: visitId, itemId: payment!.id },
        });
      const next = stageAfterPayment(visit.stage, before.balance - input.amount);
      if (next !== visit.stage)
        await tx
          .update(visits)
          .set({ stage: next, stageChangedAt: new Date(), closedAt: new Date(), updatedAt: new Date() })
          .where(and(eq(visits.businessId, ctx.businessId), eq(visits.id, visitId)));
      return readBill(tx, ctx.businessId, visitId);
    },
  );
}
