import { randomUUID } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import type { z } from "zod";
import { payToOf } from "@app/shared/payroll/pay-profile";
import type { createPayrollInputSchema, markPayrollPaidInputSchema, PayrollRun } from "@app/shared/payroll/payroll";
import { computePayslip, totalPayslips } from "@app/shared/payroll/payslip";
import type { Db, DbOrTx } from "../../db/client.ts";
import type { Ctx } from "../../platform/context.ts";
import { conflict, isUniqueViolation, notFound, unprocessable } from "../../platform/errors.ts";
import { runIdempotent, type Idempotency } from "../../platform/idempotency.ts";
import { commissionsForMonth } from "./commissions.service.ts";
import { staffWithProfiles } from "./pay-profiles.service.ts";
import { payrollLines, payrollRuns, statutoryRuleSets } from "./payroll.table.ts";
import { ruleSetForRun } from "./rule-sets.service.ts";
import { transact } from "../../platform/retry.ts";

const runColumns = {
  run: payrollRuns,
  ruleSet: { id: statutoryRuleSets.id, name: statutoryRuleSets.name, effectiveFrom: statutoryRuleSets.effectiveFrom },
};
type RunJoin = {
  run: typeof payrollRuns.$inferSelect;
  ruleSet: { id: string; name: string; effectiveFrom: string };
};

function toRun({ run: r, ruleSet }: RunJoin): PayrollRun {
  return {
    _id: r.id,
    businessId: r.businessId,
    month: r.month,
    status: r.status,
    ruleSet: { _id: ruleSet.id, name: ruleSet.name, effectiveFrom: ruleSet.effectiveFrom },
    employees: r.employeeCount,
    totals: r.totals,
    createdBy: r.createdBy,
    createdAt: r.createdAt.toISOString(),
    approvedBy: r.approvedBy,
    approvedAt: r.approvedAt?.toISOString() ?? null,
    paidBy: r.paidBy,
    paidAt: r.paidAt?.toISOString() ?? null,
    paidOn: r.paidOn,
    paymentReference: r.paymentReference,
  };
}

async function findRun(db: DbOrTx, businessId: string, id: string): Promise<RunJoin | null> {
  const [row] = await db
    .select(runColumns)
    .from(payrollRuns)
    .innerJoin(statutoryRuleSets, eq(statutoryRuleSets.id, payrollRuns.ruleSetId))
    .where(and(eq(payrollRuns.businessId, businessId), eq(payrollRuns.id, id)));
  return row ?? null;
}

/** One run with its totals. */
export async function getPayroll(ctx: Ctx, id: string): Promise<PayrollRun> {
  const found = await findRun(ctx.db, ctx.businessId, id);
  if (!found) throw notFound("Payroll");
  return toRun(found);
}

/** The business's runs, newest month first (GET /api/payrolls). */
export async function listPayrolls(ctx: Ctx): Promise<PayrollRun[]> {
  const rows = await ctx.db
    .select(runColumns)
    .from(payrollRuns)
    .innerJoin(statutoryRuleSets, eq(statutoryRuleSets.id, payrollRuns.ruleSetId))
    .where(eq(payrollRuns.businessId, ctx.businessId))
    .orderBy(desc(payrollRuns.month));
  return rows.map(toRun);
}

const monthTaken = (month: string) =>
  conflict(`There is already a payroll for ${month}`, { month: "There is already a payroll for this month" });

/**
 * Runs payroll for a month as a draft: picks the rule set (in force at the month's end, or the
 * one chosen), computes every payslip from the pay profiles (and the month's commissions) and
 * freezes them as the run's lines, in one transaction. Staff: the active members with a pay
 * profile, or the ones named (each must be of this business: 404 otherwise). A month that
 * already has a run: 409. A payslip whose deductions exceed the pay: 422, nothing saved.
 */
export function createPayroll(
  ctx: Ctx,
  input: z.output<typeof createPayrollInputSchema>,
  idem: Idempotency = {},
): Promise<PayrollRun> {
  const id = randomUUID();
  return runIdempotent(
    ctx.db,
    {
      businessId: ctx.businessId,
      key: idem.key,
      scope: "payroll:create",
      fingerprint: idem.fingerprint,
      byReference: { ref: { payrollId: id }, replay: (ref) => getPayroll(ctx, String(ref.payrollId)) },
    },
    async (tx) => {
      const [taken] = await tx
        .select({ id: payrollRuns.id })
        .from(payrollRuns)
        .where(and(eq(payrollRuns.businessId, ctx.businessId), eq(payrollRuns.month, input.month)));
      if (taken) throw monthTaken(input.month);
      const ruleSet = await ruleSetForRun(tx, input.month, input.ruleSetId);
      const staff = await staffWithProfiles(tx, ctx.businessId, input.employeeIds);
      if (input.employeeIds) {
        const found = new Set(staff.map((s) => s.employeeId));
        const missing = input.employeeIds.filter((e) => !found.has(e));
        if (missing.length) throw notFound(`Employee ${missing[0]}`);
      }
      const paid = input.employeeIds ? staff : staff.filter((s) => s.active && s.saved);
      if (!paid.length)
        throw unprocessable("No employee has a pay profile yet: add basic pay to your staff first", {
          employeeIds: "No employee to pay",
        });
      const commissions = input.includeCommissions
        ? new Map((await commissionsForMonth(tx, ctx.business, input.month)).map((c) => [c.employeeId, c.amount]))
        : new Map<string, number>();
      const lines = paid.map((s) => ({
        businessId: ctx.businessId,
        runId: id,
        employeeId: s.employeeId,
        employeeName: s.employeeName,
        occupation: s.occupation,
        kraPin: s.kraPin,
        nssfNumber: s.nssfNumber,
        shaNumber: s.shaNumber,
        idNumber: s.idNumber,
        payMethod: s.payMethod,
        payTo: payToOf(s),
        payslip: computePayslip(
          {
            basicPay: s.basicPay,
            allowances: s.allowances,
            commissions: commissions.get(s.employeeId) ?? 0,
            deductions: s.deductions,
          },
          ruleSet.rules,
        ),
      }));
      const short = lines.find((l) => l.payslip.net < 0);
      if (short)
        throw unprocessable(`${short.employeeName}'s deductions are more than their pay; lower them first`, {
          employeeIds: `${short.employeeName}: deductions exceed pay`,
        });
      try {
        await tx.insert(payrollRuns).values({
          businessId: ctx.businessId,
          id,
          month: input.month,
          ruleSetId: ruleSet.id,
          employeeCount: lines.length,
          totals: totalPayslips(lines.map((l) => l.payslip)),
          createdBy: ctx.user.details.username,
        });
      } catch (err) {
        if (isUniqueViolation(err, "payroll_runs_business_month_key")) throw monthTaken(input.month);
        throw err;
      }
      for (let i = 0; i < lines.length; i += 500)
        await tx
          .insert(payrollLines)
          .values(lines.slice(i, i + 500).map((l) => ({ ...l, gross: l.payslip.gross, net: l.payslip.net })));
      return toRun((await findRun(tx, ctx.businessId, id))!);
    },
  );
}

/** Moves a run from one status to the next under a row lock; any other status: 409. */
async function advance(
  ctx: Ctx,
  id: string,
  idem: Idempotency,
  from: "draft" | "approved",
  set: Partial<typeof payrollRuns.$inferInsert>,
): Promise<PayrollRun> {
  return runIdempotent(
    ctx.db,
    { businessId: ctx.businessId, key: idem.key, scope: `payroll:${from}`, fingerprint: idem.fingerprint },
    async (tx) => {
      const [run] = await tx
        .select({ status: payrollRuns.status })
        .from(payrollRuns)
        .where(and(eq(payrollRuns.businessId, ctx.businessId), eq(payrollRuns.id, id)))
        .for("update");
      if (!run) throw notFound("Payroll");
      if (run.status !== from)
        throw conflict(
          from === "draft"
            ? `This payroll is already ${run.status}`
            : run.status === "paid"
              ? "This payroll is already paid"
              : "Approve this payroll before marking it paid",
        );
      await tx
        .update(payrollRuns)
        .set(set)
        .where(and(eq(payrollRuns.businessId, ctx.businessId), eq(payrollRuns.id, id)));
      return toRun((await findRun(tx, ctx.businessId, id))!);
    },
  );
}

/** Approves a draft: from now on its lines never change. Approving again: 409. */
export function approvePayroll(ctx: Ctx, id: string, idem: Idempotency = {}): Promise<PayrollRun> {
  return advance(ctx, id, idem, "draft", {
    status: "approved",
    approvedBy: ctx.user.details.username,
    approvedAt: new Date(),
  });
}

/** Records that an approved run was paid (date and reference). A draft or a paid run: 409. */
export function markPayrollPaid(
  ctx: Ctx,
  id: string,
  input: z.output<typeof markPayrollPaidInputSchema>,
  idem: Idempotency = {},
): Promise<PayrollRun> {
  return advance(ctx, id, idem, "approved", {
    status: "paid",
    paidBy: ctx.user.details.username,
    paidAt: new Date(),
    paidOn: input.paidOn,
    paymentReference: input.reference ?? null,
  });
}

/** Deletes a draft run and its lines; an approved or paid run: 409. */
export async function deletePayroll(ctx: Ctx, id: string): Promise<{ deleted: true }> {
  return transact(ctx.db, async (tx) => {
    const [run] = await tx
      .select({ status: payrollRuns.status })
      .from(payrollRuns)
      .where(and(eq(payrollRuns.businessId, ctx.businessId), eq(payrollRuns.id, id)))
      .for("update");
    if (!run) throw notFound("Payroll");
    if (run.status !== "draft") throw conflict(`An ${run.status} payroll cannot be deleted; only a draft can`);
    await tx.delete(payrollRuns).where(and(eq(payrollRuns.businessId, ctx.businessId), eq(payrollRuns.id, id)));
    return { deleted: true as const };
  });
}

/** The business of a run, for the tenancy guard. */
export async function businessIdOfPayroll(db: Db, id: string): Promise<string | null> {
  const [row] = await db.select({ businessId: payrollRuns.businessId }).from(payrollRuns).where(eq(payrollRuns.id, id));
  return row?.businessId ?? null;
}
