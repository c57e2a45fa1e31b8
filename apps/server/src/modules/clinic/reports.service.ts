import { and, desc, eq, sql } from "drizzle-orm";
import type { AccessLogPage, AccessLogQuery } from "@app/shared/clinic/access-log";
import { UNCODED_DIAGNOSIS, type ClinicReport, type ClinicReportQuery } from "@app/shared/clinic/reports";
import { businessDayRange } from "@app/shared/inventory/daily-stock";
import type { Ctx } from "../../platform/context.ts";
import { requireRight } from "./clinic-access.ts";
import { patientAccessLog, patients } from "./clinic.table.ts";
import { offsetOf } from "../../platform/paging.ts";

/**
 * GET /clinic/reports: counts and sums over the business's days from..to (its time zone):
 * visits per day, top diagnoses, lab workload, charges by service and payments by payer. No
 * patient is named and no clinical free text is shown (diagnoses by ICD-10 code only), so
 * reading it is not a read of anyone's record, and the Manager and provider support may.
 */
export async function clinicReport(ctx: Ctx, q: ClinicReportQuery): Promise<ClinicReport> {
  requireRight(ctx, "reports");
  const tz = ctx.business.timeZone;
  const start = businessDayRange(q.from, tz).startDate;
  const end = businessDayRange(q.to, tz).endDate;
  const b = ctx.businessId;
  const inPeriod = (col: string) =>
    sql`${sql.raw(col)} >= ${start}::timestamptz AND ${sql.raw(col)} <= ${end}::timestamptz`;
  const [perDay, diagnoses, lab, services, payers, totals] = await Promise.all([
    ctx.db.execute<{ day: string; visits: number }>(sql`
      SELECT to_char(queued_at AT TIME ZONE ${tz}, 'YYYY-MM-DD') AS day, count(*)::int AS visits
      FROM visits WHERE business_id = ${b} AND ${inPeriod("queued_at")} GROUP BY 1 ORDER BY 1`),
    // Coded diagnoses by code and the list's title; a diagnosis written in the clinician's own
    // words is one Uncoded row: its text may name a patient or their conditions.
    ctx.db.execute<{ code: string | null; label: string; visits: number }>(sql`
      SELECT icd10_code AS code, coalesce(max(icd10_title), icd10_code, ${UNCODED_DIAGNOSIS}) AS label, count(*)::int AS visits
      FROM visits WHERE business_id = ${b} AND ${inPeriod("queued_at")} AND (icd10_code IS NOT NULL OR trim(diagnosis) <> '')
      GROUP BY 1 ORDER BY 3 DESC, 2 LIMIT 10`),
    ctx.db.execute<{ test_name: string; requested: number; completed: number }>(sql`
      SELECT test_name, count(*) FILTER (WHERE status <> 'cancelled')::int AS requested, count(*) FILTER (WHERE status = 'completed')::int AS completed
      FROM lab_requests WHERE business_id = ${b} AND ${inPeriod("requested_at")} GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 20`),
    ctx.db.execute<{ kind: string; amount: string }>(sql`
      SELECT kind, sum(amount)::bigint AS amount FROM visit_charges
      WHERE business_id = ${b} AND ${inPeriod("created_at")} GROUP BY 1 ORDER BY 1`),
    ctx.db.execute<{ payer: string; insurance: boolean; amount: string }>(sql`
      SELECT CASE WHEN method = 'Insurance' THEN insurer ELSE method END AS payer, method = 'Insurance' AS insurance, sum(amount)::bigint AS amount
      FROM visit_payments WHERE business_id = ${b} AND ${inPeriod("created_at")} GROUP BY 1, 2 ORDER BY 3 DESC`),
    ctx.db.execute<{ visits: number; patients: number; billed: string; paid: string }>(sql`
      SELECT (SELECT count(*)::int FROM visits WHERE business_id = ${b} AND ${inPeriod("queued_at")}) AS visits,
             (SELECT count(DISTINCT patient_id)::int FROM visits WHERE business_id = ${b} AND ${inPeriod("queued_at")}) AS patients,
             (SELECT coalesce(sum(amount), 0)::bigint FROM visit_charges WHERE business_id = ${b} AND ${inPeriod("created_at")}) AS billed,
             (SELECT coalesce(sum(amount), 0)::bigint FROM visit_payments WHERE business_id = ${b} AND ${inPeriod("created_at")}) AS paid`),
  ]);
  const t = totals.rows[0]!;
  return {
    from: q.from,
    to: q.to,
    visitsPerDay: perDay.rows.map((r) => ({ day: r.day, visits: Number(r.visits) })),
    topDiagnoses: diagnoses.rows.map((r) => ({ code: r.code, label: r.label, visits: Number(r.visits) })),
    labWorkload: lab.rows.map((r) => ({
      testName: r.test_name,
      requested: Number(r.requested),
      completed: Number(r.completed),
    })),
    revenueByService: services.rows.map((r) => ({ kind: r.kind, amount: Number(r.amount) })),
    revenueByPayer: payers.rows.map((r) => ({ payer: r.payer, insurance: r.insurance, amount: Number(r.amount) })),
    totals: { visits: Number(t.visits), patients: Number(t.patients), billed: Number(t.billed), paid: Number(t.paid) },
  };
}

/** GET /clinic/access-log (owner): who read which patient's record, newest first; one patient's with patientId. */
export async function listAccessLog(ctx: Ctx, q: AccessLogQuery): Promise<AccessLogPage> {
  requireRight(ctx, "accessLog");
  const where = and(
    eq(patientAccessLog.businessId, ctx.businessId),
    q.patientId ? eq(patientAccessLog.patientId, q.patientId) : undefined,
  );
  const [rows, [count]] = await Promise.all([
    ctx.db
      .select({ l: patientAccessLog, name: patients.fullName, number: patients.patientNumber })
      .from(patientAccessLog)
      .innerJoin(
        patients,
        and(eq(patients.businessId, patientAccessLog.businessId), eq(patients.id, patientAccessLog.patientId)),
      )
      .where(where)
      .orderBy(desc(patientAccessLog.at), desc(patientAccessLog.id))
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(patientAccessLog)
      .where(where),
  ]);
  return {
    items: rows.map(({ l, name, number }) => ({
      _id: l.id,
      patientId: l.patientId,
      patientName: name,
      patientNumber: number,
      userName: l.userName,
      occupation: l.occupation,
      kind: l.kind,
      at: l.at.toISOString(),
    })),
    total: count?.n ?? 0,
  };
}
