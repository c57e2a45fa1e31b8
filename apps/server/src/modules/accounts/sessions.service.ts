import { and, eq, isNull, ne, sql } from "drizzle-orm";
import { allFlags, flagsOf, OWNER_OCCUPATION, type UserDetails } from "@app/shared/accounts/auth";
import type { Db, DbOrTx } from "../../db/client.ts";
import type { AuthUser, TenantBusiness } from "../../platform/context.ts";
import { businesses } from "../businesses/businesses.public.ts";
import { sessions, users } from "./accounts.table.ts";
import { employees } from "../hr/hr.public.ts";
import { now } from "../../platform/clock.ts";

// last_seen_at is refreshed at most this often, so reads do not each cost a write.
const TOUCH_INTERVAL_MS = 60_000;

type UserRow = typeof users.$inferSelect;
type EmployeeRow = typeof employees.$inferSelect;

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

export function employeeDetails(e: EmployeeRow): UserDetails {
  return {
    _id: e.id,
    username: e.username,
    image: e.image,
    occupation: e.occupation,
    ...flagsOf(e),
    isSupportUser: false,
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

/** The fields of a business the tenancy guard needs. */
export const tenantBusinessColumns = {
  id: businesses.id,
  ownerId: businesses.ownerId,
  name: businesses.name,
  businessType: businesses.businessType,
  accountActive: businesses.accountActive,
  timeZone: businesses.timeZone,
  kraPin: businesses.kraPin,
  vatRegistered: businesses.vatRegistered,
};

/**
 * The session lookup runs on every request, so it is built once per database as a named
 * prepared statement (no query building per request, and PostgreSQL plans it once per
 * connection). With no business named, businessId is NULL and the business columns come back null.
 */
function prepareSessionLookup(db: Db) {
  return db
    .select({ session: sessions, user: users, employee: employees, business: tenantBusinessColumns })
    .from(sessions)
    .leftJoin(users, and(eq(sessions.kind, "admin"), eq(users.id, sessions.userId)))
    .leftJoin(
      employees,
      and(
        eq(sessions.kind, "employee"),
        eq(employees.businessId, sessions.businessId),
        eq(employees.id, sessions.userId),
        eq(employees.active, true),
      ),
    )
    .leftJoin(businesses, eq(businesses.id, sql`${sql.placeholder("businessId")}::uuid`))
    .where(
      and(
        eq(sessions.id, sql.placeholder("sessionId")),
        isNull(sessions.revokedAt),
        sql`${sessions.lastSeenAt} > ${sql.placeholder("idleSince")}::timestamptz`,
      ),
    )
    .prepare("load_session_user");
}
const sessionLookups = new WeakMap<Db, ReturnType<typeof prepareSessionLookup>>();

/**
 * Loads the user of a live session (not revoked, not idle too long, user still active), in one
 * query; with `businessId`, the business the request names comes in the same round trip.
 */
export async function loadSessionUser(
  db: Db,
  sessionId: string,
  idleMs: number,
  businessId?: string,
): Promise<{ user: AuthUser; business: TenantBusiness | null } | null> {
  let lookup = sessionLookups.get(db);
  if (!lookup) sessionLookups.set(db, (lookup = prepareSessionLookup(db)));
  const [row] = await lookup.execute({
    sessionId,
    idleSince: new Date(now().getTime() - idleMs).toISOString(),
    businessId: businessId ?? null,
  });
  if (!row) return null;
  const { session: s, user: u, employee: e } = row;
  const user: AuthUser | null = u
    ? {
        sessionId,
        kind: "admin",
        userId: u.id,
        isAdmin: true,
        isSupportUser: u.isSupportUser,
        employeeBusinessId: null,
        details: adminDetails(u),
      }
    : e
      ? {
          sessionId,
          kind: "employee",
          userId: e.id,
          isAdmin: false,
          isSupportUser: false,
          employeeBusinessId: e.businessId,
          details: employeeDetails(e),
        }
      : null;
  if (!user) return null;
  if (now().getTime() - s.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await db.update(sessions).set({ lastSeenAt: now() }).where(eq(sessions.id, sessionId));
  }
  return { user, business: row.business?.id ? row.business : null };
}

/** The business a tenant route acts for, as the access guard reads it. */
export async function loadTenantBusiness(db: Db, id: string): Promise<TenantBusiness | null> {
  const [b] = await db.select(tenantBusinessColumns).from(businesses).where(eq(businesses.id, id));
  return b ?? null;
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
