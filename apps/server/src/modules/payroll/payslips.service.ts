import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { mayUseArea } from "@app/shared/permissions/areas";
import type { PayrollSchedule, PayslipLine } from "@app/shared/payroll/payroll";
import { payrollScheduleCsv, scheduleFileName } from "@app/shared/payroll/payroll-csv";
import type { Db } from "../../db/client.ts";
import type { Ctx } from "../../platform/context.ts";
import { forbidden, notFound } from "../../platform/errors.ts";
import { payrollLines, payrollRuns, statutoryRuleSets } from "./payroll.table.ts";
import type { DocumentLanguage } from "@app/shared/printing/receipt-text";
import { renderPayslipPdf } from "./payslip-pdf.ts";

const lineColumns = {
  line: payrollLines,
  month: payrollRuns.month,
  status: payrollRuns.status,
  ruleSetName: statutoryRuleSets.name,
};
type LineJoin = {
  line: typeof payrollLines.$inferSelect;
  month: string;
  status: PayslipLine["status"];
  ruleSetName: string;
};

function toLine({ line: l, month, status, ruleSetName }: LineJoin): PayslipLine {
  return {
    _id: l.id,
    payrollId: l.runId,
    businessId: l.businessId,
    month,
    status,
    ruleSetName,
    employeeId: l.employeeId,
    employeeName: l.employeeName,
    occupation: l.occupation,
    kraPin: l.kraPin,
    nssfNumber: l.nssfNumber,
    shaNumber: l.shaNumber,
    idNumber: l.idNumber,
    payMethod: l.payMethod,
    payTo: l.payTo,
    payslip: l.payslip,
  };
}

function selectLines(ctx: Ctx) {
  return ctx.db
    .select(lineColumns)
    .from(payrollLines)
    .innerJoin(
      payrollRuns,
      and(eq(payrollRuns.businessId, payrollLines.businessId), eq(payrollRuns.id, payrollLines.runId)),
    )
    .innerJoin(statutoryRuleSets, eq(statutoryRuleSets.id, payrollRuns.ruleSetId));
}

/** Every employee's line of a run, by name. */
export async function listPayrollLines(ctx: Ctx, runId: string): Promise<PayslipLine[]> {
  const rows = await selectLines(ctx)
    .where(and(eq(payrollLines.businessId, ctx.businessId), eq(payrollLines.runId, runId)))
    .orderBy(asc(payrollLines.employeeName));
  if (!rows.length) {
    const [run] = await ctx.db
      .select({ id: payrollRuns.id })
      .from(payrollRuns)
      .where(and(eq(payrollRuns.businessId, ctx.businessId), eq(payrollRuns.id, runId)));
    if (!run) throw notFound("Payroll");
  }
  return rows.map(toLine);
}

/** One schedule of a run as CSV (PAYE, NSSF, SHIF, AHL or the payment list). */
export async function exportPayrollSchedule(
  ctx: Ctx,
  runId: string,
  schedule: PayrollSchedule,
): Promise<{ fileName: string; csv: string }> {
  const lines = await listPayrollLines(ctx, runId);
  const [run] = await ctx.db
    .select({ month: payrollRuns.month })
    .from(payrollRuns)
    .where(and(eq(payrollRuns.businessId, ctx.businessId), eq(payrollRuns.id, runId)));
  if (!run) throw notFound("Payroll");
  return { fileName: scheduleFileName(schedule, run.month), csv: payrollScheduleCsv(schedule, lines) };
}

const mayReadPayroll = (ctx: Ctx) =>
  mayUseArea("payroll", { isAdmin: ctx.user.isAdmin, details: ctx.user.details }, ctx.business);

/**
 * One payslip: payroll readers (admin, viewPayroll) see any; an employee sees their own once
 * the run is approved; anyone else gets 403.
 */
export async function getPayslip(ctx: Ctx, lineId: string): Promise<PayslipLine> {
  const [row] = await selectLines(ctx).where(
    and(eq(payrollLines.businessId, ctx.businessId), eq(payrollLines.id, lineId)),
  );
  if (!row) throw notFound("Payslip");
  if (mayReadPayroll(ctx)) return toLine(row);
  const own = ctx.user.kind === "employee" && ctx.user.userId === row.line.employeeId;
  if (!own || row.status === "draft") throw forbidden("You can only see your own payslips");
  return toLine(row);
}

/** The signed-in employee's own payslips of approved and paid runs, newest first (My Account). */
export async function listMyPayslips(ctx: Ctx): Promise<PayslipLine[]> {
  if (ctx.user.kind !== "employee") return [];
  const rows = await selectLines(ctx)
    .where(
      and(
        eq(payrollLines.businessId, ctx.businessId),
        eq(payrollLines.employeeId, ctx.user.userId),
        inArray(payrollRuns.status, ["approved", "paid"]),
      ),
    )
    .orderBy(asc(payrollRuns.month));
  return rows.map(toLine).reverse();
}

/** One employee's payslips of every run (drafts too), newest month first: their history for payroll readers. */
export async function listEmployeePayslips(ctx: Ctx, employeeId: string): Promise<PayslipLine[]> {
  const rows = await selectLines(ctx)
    .where(and(eq(payrollLines.businessId, ctx.businessId), eq(payrollLines.employeeId, employeeId)))
    .orderBy(desc(payrollRuns.month));
  return rows.map(toLine);
}

/** A payslip as a PDF document (same access as getPayslip), in the user's language. */
export async function payslipPdf(
  ctx: Ctx,
  lineId: string,
  language: DocumentLanguage = "en",
): Promise<{ fileName: string; pdf: Buffer }> {
  const line = await getPayslip(ctx, lineId);
  const pdf = await renderPayslipPdf(line, ctx.business.name, language);
  const safeName = line.employeeName.replace(/[^A-Za-z0-9_-]+/g, "_");
  return { fileName: `payslip-${line.month}-${safeName}.pdf`, pdf };
}

/** The business of a payslip (a run line), for the tenancy guard. */
export async function businessIdOfPayslip(db: Db, id: string): Promise<string | null> {
  const [row] = await db
    .select({ businessId: payrollLines.businessId })
    .from(payrollLines)
    .where(eq(payrollLines.id, id));
  return row?.businessId ?? null;
}
