import { eq, or, sql } from "drizzle-orm";
import type { AdminLoginInput, ChangePasswordInput, Session } from "@app/shared/accounts/auth";
import { ERROR_CODES } from "@app/shared/errors/errors";
import type { Db, DbOrTx } from "../../db/client.ts";
import { AppError, conflict, isUniqueViolation } from "../../platform/errors.ts";
import { hashPassword, invalidCredentials, verifyPassword } from "../../platform/passwords.ts";
import type { UserCtx } from "../../platform/context.ts";
import type { TokenService } from "../../platform/tokens.ts";
import { users } from "./accounts.table.ts";
import { adminDetails, createSession, revokeOtherSessions } from "./sessions.service.ts";

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

/**
 * An owner's (or support user's) own password: the current one proves it is them at this
 * device, and every other session ends, so whoever knew the old password is signed out.
 * Staff passwords are set by the owner (employees), which ends their sessions too.
 */
export async function changeOwnPassword(ctx: UserCtx, input: ChangePasswordInput): Promise<void> {
  if (ctx.user.kind !== "admin")
    throw new AppError(ERROR_CODES.FORBIDDEN, "Your password is changed by the business owner");
  const [user] = await ctx.db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, ctx.user.userId));
  if (!user || !(await verifyPassword(user.passwordHash, input.currentPassword)))
    throw new AppError(ERROR_CODES.VALIDATION, "Invalid input: currentPassword", {
      currentPassword: "This is not your current password",
    });
  const passwordHash = await hashPassword(input.newPassword);
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, ctx.user.userId));
    await revokeOtherSessions(tx, ctx.user);
  });
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
