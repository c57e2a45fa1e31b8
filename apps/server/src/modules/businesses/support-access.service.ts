import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type {
  GrantSupportAccessInput,
  ListSupportActionsQuery,
  SupportAccess,
  SupportAccessGrant,
  SupportActionPage,
} from "@app/shared/businesses/support-access";
import type { Db, DbOrTx } from "../../db/client.ts";
import type { SupportActionEntry } from "../../platform/access.ts";
import { offsetOf } from "../../platform/paging.ts";
import type { Ctx } from "../../platform/context.ts";
import { businesses } from "./businesses.table.ts";
import { supportAccessGrants, supportActions } from "./support-access.table.ts";

type GrantRow = typeof supportAccessGrants.$inferSelect;

const HOUR_MS = 3_600_000;

/** Grants of this business still in force at `now` (not revoked, not expired). */
const inForce = (businessId: string, now: Date) =>
  and(
    eq(supportAccessGrants.businessId, businessId),
    isNull(supportAccessGrants.revokedAt),
    gt(supportAccessGrants.expiresAt, now),
  );

function toGrant(row: GrantRow): SupportAccessGrant {
  return {
    _id: row.id,
    grantedBy: row.grantedByName,
    grantedAt: row.grantedAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

/**
 * The owner lets provider support change data in their business for `hours` from now. A grant
 * still in force is revoked first (the business row is locked, so two grants at once queue):
 * one grant is in force at a time.
 */
export async function grantSupportAccess(ctx: Ctx, input: GrantSupportAccessInput): Promise<SupportAccessGrant> {
  const row = await ctx.db.transaction(async (tx) => {
    await tx.select({ id: businesses.id }).from(businesses).where(eq(businesses.id, ctx.businessId)).for("update");
    const now = new Date();
    await tx.update(supportAccessGrants).set({ revokedAt: now }).where(inForce(ctx.businessId, now));
    const [created] = await tx
      .insert(supportAccessGrants)
      .values({
        businessId: ctx.businessId,
        grantedBy: ctx.user.userId,
        grantedByName: ctx.user.details.username,
        grantedAt: now,
        expiresAt: new Date(now.getTime() + input.hours * HOUR_MS),
      })
      .returning();
    return created!;
  });
  return toGrant(row);
}

/** The owner ends support access now. */
export async function revokeSupportAccess(ctx: Ctx): Promise<void> {
  const now = new Date();
  await ctx.db.update(supportAccessGrants).set({ revokedAt: now }).where(inForce(ctx.businessId, now));
}

/** The support access in force now, if any. */
export async function getSupportAccess(ctx: Ctx): Promise<SupportAccess> {
  const [row] = await ctx.db
    .select()
    .from(supportAccessGrants)
    .where(inForce(ctx.businessId, new Date()))
    .orderBy(desc(supportAccessGrants.expiresAt))
    .limit(1);
  return { grant: row ? toGrant(row) : null };
}

/** What support changed in the business, newest first. */
export async function listSupportActions(ctx: Ctx, query: ListSupportActionsQuery): Promise<SupportActionPage> {
  const mine = eq(supportActions.businessId, ctx.businessId);
  const [rows, [count]] = await Promise.all([
    ctx.db
      .select()
      .from(supportActions)
      .where(mine)
      .orderBy(desc(supportActions.at), desc(supportActions.id))
      .limit(query.pageSize)
      .offset(offsetOf(query)),
    ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(supportActions)
      .where(mine),
  ]);
  return {
    items: rows.map((r) => ({
      _id: r.id,
      at: r.at.toISOString(),
      username: r.username,
      method: r.method,
      path: r.path,
      summary: r.summary,
      statusCode: r.statusCode,
      grantId: r.grantId,
    })),
    total: count?.n ?? 0,
  };
}

/** The access guard's question: which support access is in force for this business now? */
export async function loadSupportGrant(db: Db, businessId: string): Promise<{ id: string } | null> {
  const [row] = await db
    .select({ id: supportAccessGrants.id })
    .from(supportAccessGrants)
    .where(inForce(businessId, new Date()))
    .limit(1);
  return row ?? null;
}

/** The access guard records a change support made inside a business. */
export async function recordSupportAction(db: DbOrTx, entry: SupportActionEntry): Promise<void> {
  await db.insert(supportActions).values({
    businessId: entry.businessId,
    grantId: entry.grantId,
    userId: entry.userId,
    username: entry.username,
    method: entry.method,
    path: entry.path.slice(0, 500),
    summary: entry.summary.slice(0, 300),
    statusCode: entry.statusCode,
  });
}
