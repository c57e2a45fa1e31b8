import { and, eq, isNull, ne } from "drizzle-orm";
import { allFlags, OWNER_OCCUPATION, type UserDetails } from "@app/shared/accounts/auth";
import type { DbOrTx } from "../../db/client.ts";
import type { AuthUser } from "../../platform/context.ts";
import { sessions, type users } from "./accounts.table.ts";
import { now } from "../../platform/clock.ts";

// last_seen_at is refreshed at most this often, so reads do not each cost a write.
const TOUCH_INTERVAL_MS = 60_000;

type UserRow = typeof users.$inferSelect;

/** Owners and support users see every area their role allows; their flags are all on. */
export function adminDetails(u: Pick<UserRow, "id" | "username" | "image" | "isSupportUser">): UserDetails {
  return {
    _id: u.id,
    username: u.username,
    image: u.image,
    occupation: u.isSupportUser ? "Support" : OWNER_OCCUPATION,
    ...allFlags(true),
    isSupportUser: u.isSupportUser,
  };
}

/** Records a new sign-in and returns its id (the token's only claim). */
export async function createSession(
  db: DbOrTx,
  s: { kind: "admin" | "employee"; userId: string; businessId: string | null },
): Promise<string> {
  const [row] = await db.insert(sessions).values(s).returning({ id: sessions.id });
  return row!.id;
}

/**
 * Marks a session as used now, at most once a TOUCH_INTERVAL_MS (reads do not each cost a
 * write): idle sessions expire by last_seen_at.
 */
export async function touchSession(db: DbOrTx, sessionId: string, lastSeenAt: Date): Promise<void> {
  if (now().getTime() - lastSeenAt.getTime() <= TOUCH_INTERVAL_MS) return;
  await db.update(sessions).set({ lastSeenAt: now() }).where(eq(sessions.id, sessionId));
}

/** Logout: the token stops working everywhere at once. */
export async function revokeSession(db: DbOrTx, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Ends every session of an employee, e.g. when they are deactivated. */
export async function revokeEmployeeSessions(db: DbOrTx, businessId: string, employeeId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now() })
    .where(
      and(
        eq(sessions.kind, "employee"),
        eq(sessions.userId, employeeId),
        eq(sessions.businessId, businessId),
        isNull(sessions.revokedAt),
      ),
    );
}

/** Ends every session of the signing-in user except this one (a lost phone, a shared computer); how many ended. */
export async function revokeOtherSessions(
  db: DbOrTx,
  user: Pick<AuthUser, "kind" | "userId" | "sessionId">,
): Promise<number> {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: now() })
    .where(
      and(
        eq(sessions.kind, user.kind),
        eq(sessions.userId, user.userId),
        ne(sessions.id, user.sessionId),
        isNull(sessions.revokedAt),
      ),
    )
    .returning({ id: sessions.id });
  return ended.length;
}
