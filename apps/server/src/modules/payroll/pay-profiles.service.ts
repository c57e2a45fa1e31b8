import { and, asc, eq } from "drizzle-orm";
import type { PayProfile, PayProfileValues } from "@app/shared/payroll/pay-profile";
import type { Db, DbOrTx } from "../../db/client.ts";
import type { Ctx } from "../../platform/context.ts";
import { notFound } from "../../platform/errors.ts";
import { employees } from "../hr/hr.public.ts";
import { payProfiles } from "./payroll.table.ts";

type EmployeeRow = Pick<typeof employees.$inferSelect, "id" | "businessId" | "username" | "occupation" | "active">;
type ProfileRow = typeof payProfiles.$inferSelect;

const staffColumns = {
  id: employees.id,
  businessId: employees.businessId,
  username: employees.username,
  occupation: employees.occupation,
  active: employees.active,
};

/** A member of staff with their pay profile (the defaults until it is first saved). */
export function toPayProfile(e: EmployeeRow, p: ProfileRow | null): PayProfile {
  return {
    employeeId: e.id,
    businessId: e.businessId,
    employeeName: e.username,
    occupation: e.occupation,
    active: e.active,
    saved: p !== null,
    kraPin: p?.kraPin ?? null,
    nssfNumber: p?.nssfNumber ?? null,
    shaNumber: p?.shaNumber ?? null,
    idNumber: p?.idNumber ?? null,
    payMethod: p?.payMethod ?? "bank",
    bankName: p?.bankName ?? null,
    bankAccount: p?.bankAccount ?? null,
    mpesaPhone: p?.mpesaPhone ?? null,
    basicPay: p?.basicPay ?? 0,
    allowances: p?.allowances ?? [],
    deductions: p?.deductions ?? [],
    updatedAt: p?.updatedAt.toISOString() ?? null,
  };
}

/** Staff of the business with their pay profiles, by name (a profile not yet saved shows defaults). */
export async function staffWithProfiles(
  db: DbOrTx,
  businessId: string,
  employeeIds?: readonly string[],
): Promise<PayProfile[]> {
  const rows = await db
    .select({ e: staffColumns, p: payProfiles })
    .from(employees)
    .leftJoin(
      payProfiles,
      and(eq(payProfiles.businessId, employees.businessId), eq(payProfiles.employeeId, employees.id)),
    )
    .where(eq(employees.businessId, businessId))
    .orderBy(asc(employees.username));
  const wanted = employeeIds ? new Set(employeeIds) : null;
  return rows.filter((r) => !wanted || wanted.has(r.e.id)).map((r) => toPayProfile(r.e, r.p));
}

/** Every member of staff's pay profile (GET /api/payProfiles). */
export function listPayProfiles(ctx: Ctx): Promise<PayProfile[]> {
  return staffWithProfiles(ctx.db, ctx.businessId);
}

/** One employee's pay profile. */
export async function getPayProfile(ctx: Ctx, employeeId: string): Promise<PayProfile> {
  const [found] = await staffWithProfiles(ctx.db, ctx.businessId, [employeeId]);
  if (!found) throw notFound("Employee");
  return found;
}

/** Saves an employee's pay profile (whole), for the next payroll run; runs already made keep their figures. */
export async function savePayProfile(ctx: Ctx, employeeId: string, input: PayProfileValues): Promise<PayProfile> {
  const values = { ...input, updatedBy: ctx.user.details.username, updatedAt: new Date() };
  await ctx.db
    .insert(payProfiles)
    .values({ businessId: ctx.businessId, employeeId, ...values })
    .onConflictDoUpdate({ target: [payProfiles.businessId, payProfiles.employeeId], set: values });
  return getPayProfile(ctx, employeeId);
}

/** The business of an employee, for the tenancy guard of the pay profile routes. */
export async function businessIdOfEmployee(db: Db, id: string): Promise<string | null> {
  const [row] = await db.select({ businessId: employees.businessId }).from(employees).where(eq(employees.id, id));
  return row?.businessId ?? null;
}
