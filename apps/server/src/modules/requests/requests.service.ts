import { and, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import type {
  AnswerRequestInput,
  CreateRequestInput,
  ListRequestsQuery,
  RequestPage,
  SupportRequest,
} from "@app/shared/requests/request";
import type { Db } from "../../db/client.ts";
import type { Ctx, UserCtx } from "../../platform/context.ts";
import { forbidden, notFound } from "../../platform/errors.ts";
import { businesses } from "../businesses/businesses.public.ts";
import { containing } from "../../platform/search.ts";
import { supportRequests } from "./requests.table.ts";
import { offsetOf } from "../../platform/paging.ts";

type Row = typeof supportRequests.$inferSelect;

function toRequest(r: Row, businessName: string): SupportRequest {
  return {
    _id: r.id,
    business: { _id: r.businessId, businessName },
    subject: r.subject,
    message: r.message,
    status: r.status,
    answer: r.answer,
    answeredBy: r.answeredBy,
    answeredAt: r.answeredAt?.toISOString() ?? null,
    createdBy: r.createdBy,
    createdAt: r.createdAt.toISOString(),
  };
}

/** A business owner asks the provider for help (also while the account is inactive). */
export async function createRequest(ctx: Ctx, input: CreateRequestInput): Promise<SupportRequest> {
  const [row] = await ctx.db
    .insert(supportRequests)
    .values({
      businessId: ctx.businessId,
      subject: input.subject,
      message: input.message,
      createdBy: ctx.user.details.username,
    })
    .returning();
  return toRequest(row!, ctx.business.name);
}

/** Requests, newest first: support sees every business's, an owner their own businesses', staff none. */
export async function listRequests(ctx: UserCtx, query: ListRequestsQuery): Promise<RequestPage> {
  if (!ctx.user.isAdmin) throw forbidden("Only the business owner and provider support can see support requests");
  const filters: SQL[] = [];
  if (!ctx.user.isSupportUser) filters.push(eq(businesses.ownerId, ctx.user.userId));
  if (query.businessId) filters.push(eq(supportRequests.businessId, query.businessId));
  if (query.status) filters.push(eq(supportRequests.status, query.status));
  if (query.q) {
    const like = containing(query.q);
    filters.push(
      or(
        ilike(supportRequests.subject, like),
        ilike(supportRequests.message, like),
        ilike(businesses.name, like),
        ilike(supportRequests.createdBy, like),
      )!,
    );
  }
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [count]] = await Promise.all([
    ctx.db
      .select({ r: supportRequests, businessName: businesses.name })
      .from(supportRequests)
      .innerJoin(businesses, eq(businesses.id, supportRequests.businessId))
      .where(where)
      .orderBy(desc(supportRequests.createdAt), desc(supportRequests.id))
      .limit(query.pageSize)
      .offset(offsetOf(query)),
    ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(supportRequests)
      .innerJoin(businesses, eq(businesses.id, supportRequests.businessId))
      .where(where),
  ]);
  return { items: rows.map(({ r, businessName }) => toRequest(r, businessName)), total: count?.n ?? 0 };
}

/** Support answers a request (answering again replaces the answer). */
export async function answerRequest(ctx: Ctx, id: string, input: AnswerRequestInput): Promise<SupportRequest> {
  const [row] = await ctx.db
    .update(supportRequests)
    .set({ answer: input.answer, status: "answered", answeredBy: ctx.user.details.username, answeredAt: new Date() })
    .where(and(eq(supportRequests.businessId, ctx.businessId), eq(supportRequests.id, id)))
    .returning();
  if (!row) throw notFound("Request");
  return toRequest(row, ctx.business.name);
}

/** The business that owns a request, for the tenancy guard. */
export async function businessIdOfRequest(db: Db, id: string): Promise<string | null> {
  const [row] = await db
    .select({ businessId: supportRequests.businessId })
    .from(supportRequests)
    .where(eq(supportRequests.id, id))
    .limit(1);
  return row?.businessId ?? null;
}
