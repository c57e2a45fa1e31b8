import { and, eq, sql } from "drizzle-orm";
import { flagsOf, type EmployeeLoginInput, type Session, type UserDetails } from "@app/shared/accounts/auth";
import type { Db } from "../../db/client.ts";
import { invalidCredentials, verifyPassword } from "../../platform/passwords.ts";
import type { TokenService } from "../../platform/tokens.ts";
import { createSession } from "../accounts/accounts.public.ts";
import { businesses } from "../businesses/businesses.public.ts";
import { employees } from "./employees.table.ts";

type EmployeeRow = typeof employees.$inferSelect;

/** What a signed-in employee sees of themselves: their permission flags decide their menu. */
export function employeeDetails(e: EmployeeRow): UserDetails {
  return {
    _id: e.id,
    username: e.username,
    image: e.image,
    occupation: e.occupation,
    ...flagsOf(e),
    isSupportUser: false,
    maxDiscountPercent: e.maxDiscountPercent,
  };
}

/** Staff sign-in on a device paired with their business. */
export async function loginEmployee(db: Db, tokens: TokenService, input: EmployeeLoginInput): Promise<Session> {
  const [employee] = await db
    .select()
    .from(employees)
    .where(
      and(
        eq(employees.businessId, input.businessId),
        eq(sql`lower(${employees.username})`, input.username.toLowerCase()),
        eq(employees.active, true),
        // Not of a deleted business (hidden until it is erased).
        sql`NOT EXISTS (SELECT 1 FROM ${businesses} d WHERE d.id = ${employees.businessId} AND d.deleted_at IS NOT NULL)`,
      ),
    );
  if (!(await verifyPassword(employee?.passwordHash ?? null, input.password)) || !employee) throw invalidCredentials();
  const sessionId = await createSession(db, { kind: "employee", userId: employee.id, businessId: employee.businessId });
  return { token: await tokens.sign({ sid: sessionId }), isAdmin: false, details: employeeDetails(employee) };
}
