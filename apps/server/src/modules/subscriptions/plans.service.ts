import { and, desc, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import type { ListPlansQuery, Plan, PlanInput, PlanPage } from "@app/shared/subscriptions/plan";
import type { Db, DbOrTx } from "../../db/client.ts";
import type { UserCtx } from "../../platform/context.ts";
import { offsetOf } from "../../platform/paging.ts";
import { conflict, forbidden, notFound } from "../../platform/errors.ts";
import { subscriptionPlans, subscriptions } from "./subscriptions.table.ts";
import { containing } from "../../platform/search.ts";

export type PlanRow = typeof subscriptionPlans.$inferSelect;

/** A search text as an ILIKE pattern, with its own % and _ taken literally. */

export function toPlan(row: PlanRow, subscriptionCount: number): Plan {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    price: row.price,
    currency: row.currency,
    billingCycle: row.billingCycle,
    isActive: row.isActive,
    features: {
      maxUsers: row.maxUsers,
      maxProducts: row.maxProducts,
      inventoryManagement: row.inventoryManagement,
      analytics: row.analytics,
      multiBranch: row.multiBranch,
      apiAccess: row.apiAccess,
      prioritySupport: row.prioritySupport,
      customReports: row.customReports,
    },
    subscriptionCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** How many subscriptions each plan has. */
export async function subscriptionCounts(db: DbOrTx, planIds: string[]): Promise<Map<string, number>> {
  if (!planIds.length) return new Map();
  const rows = await db
    .select({ planId: subscriptions.planId, n: sql<number>`count(*)::int` })
    .from(subscriptions)
    .where(inArray(subscriptions.planId, planIds))
    .groupBy(subscriptions.planId);
  return new Map(rows.map((r) => [r.planId, r.n]));
}

function columnsOf(input: PlanInput) {
  const f = input.features;
  return {
    name: input.name,
    description: input.description,
    price: input.price,
    currency: input.currency,
    billingCycle: input.billingCycle,
    isActive: input.isActive ?? true,
    maxUsers: f.maxUsers,
    maxProducts: f.maxProducts,
    inventoryManagement: f.inventoryManagement,
    analytics: f.analytics,
    multiBranch: f.multiBranch,
    apiAccess: f.apiAccess,
    prioritySupport: f.prioritySupport,
    customReports: f.customReports,
  };
}

async function withCount(db: DbOrTx, row: PlanRow | undefined): Promise<Plan> {
  if (!row) throw notFound("Plan");
  return toPlan(row, (await subscriptionCounts(db, [row.id])).get(row.id) ?? 0);
}

/** Plans, newest first: support sees all of them, owners only those on offer, staff none; isActive narrows further. */
export async function listPlans(ctx: UserCtx, query: ListPlansQuery): Promise<PlanPage> {
  if (!ctx.user.isAdmin) throw forbidden("Only the business owner and provider support can see plans");
  const filters: SQL[] = [];
  if (!ctx.user.isSupportUser) filters.push(eq(subscriptionPlans.isActive, true));
  if (query.isActive !== undefined) filters.push(eq(subscriptionPlans.isActive, query.isActive));
  if (query.q)
    filters.push(
      or(
        ilike(subscriptionPlans.name, containing(query.q)),
        ilike(subscriptionPlans.description, containing(query.q)),
      )!,
    );
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [count]] = await Promise.all([
    ctx.db
      .select()
      .from(subscriptionPlans)
      .where(where)
      .orderBy(desc(subscriptionPlans.createdAt), desc(subscriptionPlans.id))
      .limit(query.pageSize)
      .offset(offsetOf(query)),
    ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(subscriptionPlans)
      .where(where),
  ]);
  const counts = await subscriptionCounts(
    ctx.db,
    rows.map((r) => r.id),
  );
  return { items: rows.map((r) => toPlan(r, counts.get(r.id) ?? 0)), total: count?.n ?? 0 };
}

export async function createPlan(db: Db, input: PlanInput): Promise<Plan> {
  const [row] = await db.insert(subscriptionPlans).values(columnsOf(input)).returning();
  return withCount(db, row);
}

/** Edits a plan; existing subscriptions pay the new price from their next payment on. */
export async function updatePlan(db: Db, id: string, input: PlanInput): Promise<Plan> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, id)).for("update");
    if (!current) throw notFound("Plan");
    // Subscriptions keep their cycle, so a plan in use cannot change its cycle or currency under them.
    const used = (await subscriptionCounts(tx, [id])).get(id) ?? 0;
    if (used && (current.billingCycle !== input.billingCycle || current.currency !== input.currency)) {
      throw conflict(
        "This plan has subscriptions, so its currency and billing cycle cannot change. Create a new plan instead.",
        {
          ...(current.currency !== input.currency ? { currency: "Fixed while the plan has subscriptions" } : {}),
          ...(current.billingCycle !== input.billingCycle
            ? { billingCycle: "Fixed while the plan has subscriptions" }
            : {}),
        },
      );
    }
    const [row] = await tx
      .update(subscriptionPlans)
      .set({ ...columnsOf(input), updatedAt: new Date() })
      .where(eq(subscriptionPlans.id, id))
      .returning();
    return withCount(tx, row);
  });
}

/** Offers a plan or stops offering it; its subscriptions carry on. */
export async function setPlanStatus(db: Db, id: string, isActive: boolean): Promise<Plan> {
  const [row] = await db
    .update(subscriptionPlans)
    .set({ isActive, updatedAt: new Date() })
    .where(eq(subscriptionPlans.id, id))
    .returning();
  return withCount(db, row);
}

/** Deletes a plan nobody subscribed to; one with subscriptions can only be switched off. */
export async function deletePlan(db: Db, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: subscriptionPlans.id })
      .from(subscriptionPlans)
      .where(eq(subscriptionPlans.id, id))
      .for("update");
    if (!row) throw notFound("Plan");
    const used = (await subscriptionCounts(tx, [id])).get(id) ?? 0;
    if (used)
      throw conflict(
        `This plan has ${used} subscription${used === 1 ? "" : "s"} and cannot be deleted. Switch it off instead.`,
      );
    await tx.delete(subscriptionPlans).where(eq(subscriptionPlans.id, id));
  });
}

export async function planById(db: DbOrTx, id: string): Promise<PlanRow | null> {
  const [row] = await db.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, id));
  return row ?? null;
}
