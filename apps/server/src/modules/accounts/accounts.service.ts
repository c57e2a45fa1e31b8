import { and, eq, or, sql } from "drizzle-orm";
import type { AdminLoginInput, EmployeeLoginInput, Session } from "@app/shared/accounts/auth";
import { ERROR_CODES } from "@app/shared/errors/errors";
import type { Db, DbOrTx } from "../../db/client.ts";
import { AppError, conflict, isUniqueViolation } from "../../platform/errors.ts";
import { hashPassword, verifyPassword } from "../../platform/passwords.ts";
import type { TokenService } from "../../platform/tokens.ts";
import { employees } from "../hr/hr.public.ts";
import { users } from "./accounts.table.ts";
import { adminDetails, createSession, employeeDetails } from "./sessions.service.ts";

// One message for every failed sign-in, so it never tells which part was wrong.
const invalidCredentials = () => new AppError(ERROR_CODES.INVALID_CREDENTIALS, "Wrong username or password");

/** Owner or support sign-in, by username or email. */
export async function loginAdmin(db: Db, tokens: TokenService, input: AdminLoginInput): Promise<Session> {
  const name = input.username.toLowerCase();
  const [user] = await db
    .select()
    .from(users)
    .where(or(eq(sql`lower(${users.username})`, name), eq(sql`lower(${users.email})`, name)))
    .limit(1);
  if (!(await verifyPassword(user?.passwordHash ?? null, input.password)) || !user) throw invalidCredentials();
  const sessionId = await createSession(db, { kind: "admin", userId: user.id, businessId: null });
  return { token: await tokens.sign({ sid: sessionId }), isAdmin: true, details: adminDetails(user) };
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
      ),
    );
  if (!(await verifyPassword(employee?.passwordHash ?? null, input.password)) || !employee) throw invalidCredentials();
  const sessionId = await createSession(db, { kind: "employee", userId: employee.id, businessId: employee.businessId });
  return { token: await tokens.sign({ sid: sessionId }), isAdmin: false, details: employeeDetails(employee) };
}

/** Creates a provider support account (used by `npm run create-support-user`). */
export async function createSupportUser(
  db: Db,
  input: { username: string; password: string },
): Promise<{ id: string }> {
  try {
    const [row] = await db
      .insert(users)
      .values({ username: input.username, passwordHash: await hashPassword(input.password), isSupportUser: true })
      .returning({ id: users.id });
    return row!;
  } catch (err) {
    if (isUniqueViolation(err, "users_username_key")) throw conflict("That username is taken");
    throw err;
  }
}

/** A business owner's user row, created with their business (businesses module, in its transaction). */
export async function insertOwner(
  tx: DbOrTx,
  values: { username: string; email: string; phone: string; passwordHash: string },
): Promise<typeof users.$inferSelect> {
  const [owner] = await tx.insert(users).values(values).returning();
  return owner!;
}
