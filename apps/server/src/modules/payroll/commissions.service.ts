import { and, asc, eq } from "drizzle-orm";
import type { z } from "zod";
import {
  computeCommissions,
  monthRange,
  type CommissionEarnedRow,
  type CommissionRule,
  type createCommissionRuleInputSchema,
} from "@app/shared/payroll/commission";
import type { Db, DbOrTx } from "../../db/client.ts";
import type { Ctx } from "../../platform/context.ts";
import { conflict, isUniqueViolation, notFound } from "../../platform/errors.ts";
import { employees } from "../hr/hr.public.ts";
import { salesServedInPeriod } from "../sales/sales.public.ts";
import { commissionRules } from "./payroll.table.ts";

type RuleRow = typeof commissionRules.$inferSelect;

function toRule(r: RuleRow, employeeName: string | null): CommissionRule {
  return {
    _id: r.id,
    businessId: r.businessId,
    employeeId: r.employeeId,
    employeeName,
    occupation: r.occupation,
    kind: r.kind,
    rateBp: r.rateBp,
    amountPerItem: r.amountPerItem,
    createdAt: r.createdAt.toISOString(),
  };
}

async function rulesOf(db: DbOrTx, businessId: string): Promise<CommissionRule[]> {
  const rows = await db
    .select({ r: commissionRules, name: employees.username })
    .from(commissionRules)
    .leftJoin(
      employees,
      and(eq(employees.businessId, commissionRules.businessId), eq(employees.id, commissionRules.employeeId)),
    )
    .where(eq(commissionRules.businessId, businessId))
    .orderBy(asc(commissionRules.createdAt));
  return rows.map(({ r, name }) => toRule(r, name));
}

/** The business's commission rules (GET /api/commissions). */
export function listCommissionRules(ctx: Ctx): Promise<CommissionRule[]> {
  return rulesOf(ctx.db, ctx.businessId);
}

/** Adds a rule for an employee of this business, or for an occupation; one rule per employee and per occupation. */
export async function createCommissionRule(
  ctx: Ctx,
  input: z.output<typeof createCommissionRuleInputSchema>,
): Promise<CommissionRule> {
  let name: string | null = null;
  if (input.employeeId) {
    const [employee] = await ctx.db
      .select({ name: employees.username })
      .from(employees)
      .where(and(eq(employees.businessId, ctx.businessId), eq(employees.id, input.employeeId)));
    if (!employee) throw notFound("Employee");
    name = employee.name;
  }
  try {
    const [row] = await ctx.db
      .insert(commissionRules)
      .values({
        businessId: ctx.businessId,
        employeeId: input.employeeId,
        occupation: input.occupation,
        kind: input.kind,
        rateBp: input.kind === "percentOfSales" ? input.rateBp : 0,
        amountPerItem: input.kind === "perItem" ? input.amountPerItem : 0,
        createdBy: ctx.user.details.username,
      })
      .returning();
    return toRule(row!, name);
  } catch (err) {
    if (isUniqueViolation(err))
      throw conflict("There is already a rule for this employee or occupation; delete it first");
    throw err;
  }
}

/** Deletes a rule; runs already made keep the commissions they added. */
export async function deleteCommissionRule(ctx: Ctx, id: string): Promise<{ deleted: true }> {
  const deleted = await ctx.db
    .delete(commissionRules)
    .where(and(eq(commissionRules.businessId, ctx.businessId), eq(commissionRules.id, id)))
    .returning({ id: commissionRules.id });
  if (!deleted.length) throw notFound("Commission rule");
  return { deleted: true };
}

/** Commissions earned in a month (business time zone) by staff who have a rule, from the sales ledger. */
export async function commissionsForMonth(
  db: DbOrTx,
  business: { id: string; timeZone: string },
  month: string,
): Promise<CommissionEarnedRow[]> {
  const rules = await rulesOf(db, business.id);
  if (!rules.length) return [];
  const { start, end } = monthRange(month, business.timeZone);
  const [staff, sales] = await Promise.all([
    db
      .select({ id: employees.id, occupation: employees.occupation, name: employees.username })
      .from(employees)
      .where(eq(employees.businessId, business.id))
      .orderBy(asc(employees.username)),
    salesServedInPeriod(db, business.id, start, end),
  ]);
  const names = new Map(staff.map((s) => [s.id, s.name]));
  return computeCommissions(rules, staff, sales).map((c) => ({ ...c, employeeName: names.get(c.employeeId)! }));
}

/** GET /api/commissions/earned: the month's commissions, for /commission/analysis. */
export function earnedCommissions(ctx: Ctx, month: string): Promise<CommissionEarnedRow[]> {
  return commissionsForMonth(ctx.db, ctx.business, month);
}

/** The business of a commission rule, for the tenancy guard. */
export async function businessIdOfCommissionRule(db: Db, id: string): Promise<string | null> {
  const [row] = await db
    .select({ businessId: commissionRules.businessId })
    .from(commissionRules)
    .where(eq(commissionRules.id, id));
  return row?.businessId ?? null;
}
