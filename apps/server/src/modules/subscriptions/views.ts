import { and, desc, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Subscription, SubscriptionPayment } from "@app/shared/subscriptions/subscription";
import type { DbOrTx } from "../../db/client.ts";
import type { UserCtx } from "../../platform/context.ts";
import { forbidden } from "../../platform/errors.ts";
import { businesses } from "../businesses/businesses.public.ts";
import { subscriptionCounts, toPlan } from "./plans.service.ts";
import { containing } from "../../platform/search.ts";
import { offsetOf } from "../../platform/paging.ts";
import { subscriptionPayments, subscriptionPlans, subscriptions } from "./subscriptions.table.ts";

type PaymentRow = typeof subscriptionPayments.$inferSelect;
type Page = { q?: string; page: number; pageSize: number; businessId?: string };
type PaidPlan = { id: string; name: string };

/** The plan a payment was asked for (which may no longer be its subscription's). */
const paidPlans = alias(subscriptionPlans, "paid_plans");

/** Who may list subscriptions and payments: support all, an owner their businesses', staff nothing. */
export function scopeOf(ctx: UserCtx, businessId?: string): SQL[] {
  if (!ctx.user.isAdmin) throw forbidden("Only the business owner and provider support can see subscriptions");
  const scope: SQL[] = [];
  if (!ctx.user.isSupportUser) scope.push(eq(businesses.ownerId, ctx.user.userId));
  if (businessId) scope.push(eq(businesses.id, businessId));
  return scope;
}

const businessRef = (id: string, name: string) => ({ _id: id, businessName: name, registrationNumber: null });

function paymentFields(p: PaymentRow, plan: PaidPlan): Omit<SubscriptionPayment, "subscription"> {
  return {
    _id: p.id,
    amount: p.amount,
    plan: { _id: plan.id, name: plan.name },
    billingCycle: p.billingCycle,
    currency: p.currency,
    paymentMethod: p.paymentMethod,
    status: p.status,
    transactionId: p.transactionId,
    phone: p.phone,
    resultDesc: p.resultDesc,
    createdBy: p.createdBy,
    createdAt: p.createdAt.toISOString(),
    completedAt: p.completedAt?.toISOString() ?? null,
    refund:
      p.refundReason && p.refundFlaggedAt
        ? {
            reason: p.refundReason,
            flaggedAt: p.refundFlaggedAt.toISOString(),
            refundedAt: p.refundedAt?.toISOString() ?? null,
            refundedBy: p.refundedBy,
            note: p.refundNote,
          }
        : null,
  };
}

/** The latest payment of each subscription (same business and id). */
async function latestPayments(
  db: DbOrTx,
  keys: { businessId: string; id: string }[],
): Promise<Map<string, { pay: PaymentRow; plan: PaidPlan }>> {
  if (!keys.length) return new Map();
  const rows = await db
    .selectDistinctOn([subscriptionPayments.businessId, subscriptionPayments.subscriptionId], {
      pay: subscriptionPayments,
      plan: { id: paidPlans.id, name: paidPlans.name },
    })
    .from(subscriptionPayments)
    .innerJoin(paidPlans, eq(paidPlans.id, subscriptionPayments.planId))
    .where(
      and(
        inArray(subscriptionPayments.businessId, [...new Set(keys.map((k) => k.businessId))]),
        inArray(
          subscriptionPayments.subscriptionId,
          keys.map((k) => k.id),
        ),
      ),
    )
    .orderBy(
      subscriptionPayments.businessId,
      subscriptionPayments.subscriptionId,
      desc(subscriptionPayments.createdAt),
      desc(subscriptionPayments.id),
    );
  return new Map(rows.map((r) => [r.pay.subscriptionId, r]));
}

/** Subscriptions matching `where`, newest first, with their business, plan and latest payment. */
export async function loadSubscriptions(
  db: DbOrTx,
  where: SQL | undefined,
  page?: { limit: number; offset: number },
): Promise<Subscription[]> {
  const base = db
    .select({ s: subscriptions, p: subscriptionPlans, businessName: businesses.name })
    .from(subscriptions)
    .innerJoin(businesses, eq(businesses.id, subscriptions.businessId))
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptions.planId))
    .where(where)
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id));
  const rows = page ? await base.limit(page.limit).offset(page.offset) : await base;
  const [latest, counts] = await Promise.all([
    latestPayments(
      db,
      rows.map((r) => r.s),
    ),
    subscriptionCounts(db, [...new Set(rows.map((r) => r.p.id))]),
  ]);
  return rows.map(({ s, p, businessName }) => {
    const last = latest.get(s.id);
    return {
      _id: s.id,
      business: businessRef(s.businessId, businessName),
      plan: toPlan(p, counts.get(p.id) ?? 0),
      status: s.status,
      billingCycle: s.billingCycle,
      startDate: s.startDate.toISOString(),
      nextBillingDate: s.nextBillingDate.toISOString(),
      autoRenew: s.autoRenew,
      paymentMethod: s.paymentMethod,
      mpesaPhone: s.mpesaPhone,
      amountDue: p.price,
      currency: p.currency,
      createdAt: s.createdAt.toISOString(),
      latestPayment: last ? paymentFields(last.pay, last.plan) : null,
    };
  });
}

/** One subscription of a business, as the API shows it. */
export async function subscriptionView(db: DbOrTx, businessId: string, id: string): Promise<Subscription> {
  const [view] = await loadSubscriptions(db, and(eq(subscriptions.businessId, businessId), eq(subscriptions.id, id)));
  if (!view) throw new Error(`subscription ${id} vanished`);
  return view;
}

/** A page of the subscriptions the caller may see; search by business, plan or status. */
export async function pageOfSubscriptions(ctx: UserCtx, query: Page) {
  const filters = scopeOf(ctx, query.businessId);
  if (query.q) {
    const like = containing(query.q);
    filters.push(
      or(
        ilike(businesses.name, like),
        ilike(subscriptionPlans.name, like),
        ilike(subscriptions.status, like),
        ilike(subscriptions.paymentMethod, like),
      )!,
    );
  }
  const where = filters.length ? and(...filters) : undefined;
  const [items, [count]] = await Promise.all([
    loadSubscriptions(ctx.db, where, { limit: query.pageSize, offset: offsetOf(query) }),
    ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(subscriptions)
      .innerJoin(businesses, eq(businesses.id, subscriptions.businessId))
      .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptions.planId))
      .where(where),
  ]);
  return { items, total: count?.n ?? 0 };
}

/** Payments matching `where`, newest first, with their subscription's business and plan. */
export async function loadPayments(
  db: DbOrTx,
  where: SQL | undefined,
  page?: { limit: number; offset: number },
): Promise<SubscriptionPayment[]> {
  const base = db
    .select({
      pay: subscriptionPayments,
      planId: subscriptionPlans.id,
      planName: subscriptionPlans.name,
      paidPlan: { id: paidPlans.id, name: paidPlans.name },
      businessName: businesses.name,
    })
    .from(subscriptionPayments)
    .innerJoin(
      subscriptions,
      and(
        eq(subscriptions.businessId, subscriptionPayments.businessId),
        eq(subscriptions.id, subscriptionPayments.subscriptionId),
      ),
    )
    .innerJoin(businesses, eq(businesses.id, subscriptionPayments.businessId))
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptions.planId))
    .innerJoin(paidPlans, eq(paidPlans.id, subscriptionPayments.planId))
    .where(where)
    .orderBy(desc(subscriptionPayments.createdAt), desc(subscriptionPayments.id));
  const rows = page ? await base.limit(page.limit).offset(page.offset) : await base;
  return rows.map(({ pay, planId, planName, paidPlan, businessName }) => ({
    ...paymentFields(pay, paidPlan),
    subscription: {
      _id: pay.subscriptionId,
      business: businessRef(pay.businessId, businessName),
      plan: { _id: planId, name: planName },
    },
  }));
}

/**
 * A page of the payments the caller may see; search by business, plan (the payment's or the
 * subscription's), status, method, transaction or phone; `refund`: due back, or refunded.
 */
export async function pageOfPayments(
  ctx: UserCtx,
  query: Page & { subscriptionId?: string; refund?: "due" | "refunded" },
) {
  const filters = scopeOf(ctx, query.businessId);
  if (query.subscriptionId) filters.push(eq(subscriptionPayments.subscriptionId, query.subscriptionId));
  if (query.refund === "due")
    filters.push(isNotNull(subscriptionPayments.refundReason), isNull(subscriptionPayments.refundedAt));
  if (query.refund === "refunded") filters.push(isNotNull(subscriptionPayments.refundedAt));
  if (query.q) {
    const like = containing(query.q);
    filters.push(
      or(
        ilike(businesses.name, like),
        ilike(subscriptionPlans.name, like),
        ilike(paidPlans.name, like),
        ilike(subscriptionPayments.status, like),
        ilike(subscriptionPayments.paymentMethod, like),
        ilike(subscriptionPayments.transactionId, like),
        ilike(subscriptionPayments.phone, like),
      )!,
    );
  }
  const where = filters.length ? and(...filters) : undefined;
  const [items, [count]] = await Promise.all([
    loadPayments(ctx.db, where, { limit: query.pageSize, offset: offsetOf(query) }),
    ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(subscriptionPayments)
      .innerJoin(
        subscriptions,
        and(
          eq(subscriptions.businessId, subscriptionPayments.businessId),
          eq(subscriptions.id, subscriptionPayments.subscriptionId),
        ),
      )
      .innerJoin(businesses, eq(businesses.id, subscriptionPayments.businessId))
      .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptions.planId))
      .innerJoin(paidPlans, eq(paidPlans.id, subscriptionPayments.planId))
      .where(where),
  ]);
  return { items, total: count?.n ?? 0 };
}

/** One payment of a business, as the API shows it. */
export async function paymentView(db: DbOrTx, businessId: string, id: string): Promise<SubscriptionPayment> {
  const [view] = await loadPayments(
    db,
    and(eq(subscriptionPayments.businessId, businessId), eq(subscriptionPayments.id, id)),
  );
  if (!view) throw new Error(`payment ${id} vanished`);
  return view;
}
