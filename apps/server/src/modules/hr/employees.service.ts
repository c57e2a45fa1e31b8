import { and, asc, eq } from "drizzle-orm";
import {
  flagsOf,
  type Employee,
  type RegisterEmployeeInput,
  type UpdateEmployeeInput,
} from "@app/shared/accounts/auth";
import type { Db, DbOrTx } from "../../db/client.ts";
import type { Ctx } from "../../platform/context.ts";
import { conflict, isUniqueViolation, notFound } from "../../platform/errors.ts";
import { hashPassword } from "../../platform/passwords.ts";
import { revokeEmployeeSessions } from "../accounts/accounts.public.ts";
import { employees } from "./employees.table.ts";

type EmployeeRow = typeof employees.$inferSelect;

export function toEmployee(e: EmployeeRow): Employee {
  return {
    _id: e.id,
    businessId: e.businessId,
    username: e.username,
    occupation: e.occupation,
    image: e.image,
    active: e.active,
    createdAt: e.createdAt.toISOString(),
    ...flagsOf(e),
    maxDiscountPercent: e.maxDiscountPercent,
  };
}

const usernameTaken = () =>
  conflict("That username is taken in this business", { username: "That username is taken in this business" });

/** The owner registers a member of staff; usernames are unique within the business. */
export async function registerEmployee(ctx: Ctx, input: RegisterEmployeeInput): Promise<Employee> {
  const { businessId: _ignored, password, ...rest } = input;
  try {
    const [row] = await ctx.db
      .insert(employees)
      .values({ ...rest, businessId: ctx.businessId, passwordHash: await hashPassword(password) })
      .returning();
    return toEmployee(row!);
  } catch (err) {
    if (isUniqueViolation(err, "employees_business_username_key")) throw usernameTaken();
    throw err;
  }
}

export async function listEmployees(ctx: Ctx): Promise<Employee[]> {
  const rows = await ctx.db
    .select()
    .from(employees)
    .where(eq(employees.businessId, ctx.businessId))
    .orderBy(asc(employees.username));
  return rows.map(toEmployee);
}

export async function getEmployee(ctx: Ctx, id: string): Promise<Employee> {
  const [row] = await ctx.db
    .select()
    .from(employees)
    .where(and(eq(employees.businessId, ctx.businessId), eq(employees.id, id)));
  if (!row) throw notFound("Employee");
  return toEmployee(row);
}

/** Updates flags, occupation, password or active; deactivation or a new password ends their sessions. */
export async function updateEmployee(ctx: Ctx, id: string, input: UpdateEmployeeInput): Promise<Employee> {
  const { password, ...rest } = input;
  const values = { ...rest, ...(password ? { passwordHash: await hashPassword(password) } : {}) };
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(employees)
      .set(values)
      .where(and(eq(employees.businessId, ctx.businessId), eq(employees.id, id)))
      .returning();
    if (!row) throw notFound("Employee");
    if (input.active === false || password) await revokeEmployeeSessions(tx, ctx.businessId, id);
    return toEmployee(row);
  });
}

/**
 * Locks an employee's row for their removal (flows/employee-removal.ts), so a payroll run or a
 * sale cannot slip in between the flow's check of their history and the delete.
 */
export async function lockEmployee(tx: DbOrTx, businessId: string, id: string): Promise<void> {
  const where = and(eq(employees.businessId, businessId), eq(employees.id, id));
  const [row] = await tx.select({ id: employees.id }).from(employees).where(where).for("update");
  if (!row) throw notFound("Employee");
}

/** Switches an employee off and keeps the row (they are named by payslips or sales). */
export async function deactivateEmployee(tx: DbOrTx, businessId: string, id: string): Promise<Employee> {
  const where = and(eq(employees.businessId, businessId), eq(employees.id, id));
  const [kept] = await tx.update(employees).set({ active: false }).where(where).returning();
  return toEmployee(kept!);
}

/** Erases an employee with no history; their till PIN goes with them (foreign key, cascade). */
export async function eraseEmployee(tx: DbOrTx, businessId: string, id: string): Promise<void> {
  await tx.delete(employees).where(and(eq(employees.businessId, businessId), eq(employees.id, id)));
}

/** The business of an employee record, for the tenancy guard. */
export async function businessIdOfEmployee(db: Db, id: string): Promise<string | null> {
  const [row] = await db.select({ businessId: employees.businessId }).from(employees).where(eq(employees.id, id));
  return row?.businessId ?? null;
}
