// Who is asking, in one query on every request: the session (accounts), its owner or support
// user (accounts) or employee (hr), and the business the request names (businesses). It reads
// three areas at once, so it is a flow (flows/README.md); app.ts passes it to the access guard.
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import type { AuthUser, TenantBusiness } from "../platform/context.ts";
import { now } from "../platform/clock.ts";
import { adminDetails, sessions, touchSession, users } from "../modules/accounts/accounts.public.ts";
import { businesses, tenantBusinessColumns } from "../modules/businesses/businesses.public.ts";
import { employeeDetails, employees } from "../modules/hr/hr.public.ts";

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
        // Staff of a deleted business (hidden until it is erased) are signed out at once.
        sql`NOT EXISTS (SELECT 1 FROM ${businesses} d WHERE d.id = ${employees.businessId} AND d.deleted_at IS NOT NULL)`,
      ),
    )
    .leftJoin(
      businesses,
      and(eq(businesses.id, sql`${sql.placeholder("businessId")}::uuid`), isNull(businesses.deletedAt)),
    )
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
  await touchSession(db, sessionId, s.lastSeenAt);
  return { user, business: row.business?.id ? row.business : null };
}
