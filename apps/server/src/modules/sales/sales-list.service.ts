import { and, eq, gte, ilike, lt, lte, or, sql, type SQL } from "drizzle-orm";
import type { Channel } from "@app/shared/pos/cart";
import type { ListSalesQuery, Sale } from "@app/shared/sales/sale";
import type { Ctx } from "../../platform/context.ts";
import { containing } from "../../platform/search.ts";
import { liveSale, newestFirst, withDetails } from "./sale-read.ts";
import { sales } from "./sales.table.ts";

/** GET /sales and /orders: newest first, with filters for the credit pages. */
export async function listSales(ctx: Ctx, channel: Channel, q: ListSalesQuery): Promise<Sale[]> {
  const where: (SQL | undefined)[] = [liveSale(ctx.businessId, channel)];
  if (q.before) where.push(lt(sales.createdAt, new Date(q.before)));
  if (q.beforeNumber) where.push(lt(sales.saleNumber, q.beforeNumber));
  if (q.credit !== undefined) where.push(q.credit ? sql`${sales.creditAmount} > 0` : sql`${sales.creditAmount} = 0`);
  if (q.open !== undefined)
    where.push(q.open ? sql`${sales.creditAmount} > 0 AND ${sales.balance} > 0` : sql`${sales.balance} = 0`);
  if (q.creditStatus) where.push(eq(sales.creditStatus, q.creditStatus));
  if (q.stockReview !== undefined)
    where.push(q.stockReview ? sql`${sales.stockShortfall} IS NOT NULL` : sql`${sales.stockShortfall} IS NULL`);
  if (q.search) {
    const like = containing(q.search);
    const number = /^\d{1,9}$/.test(q.search) ? eq(sales.saleNumber, Number(q.search)) : undefined;
    where.push(or(number, ilike(sales.customerName, like), ilike(sales.customerPhone, like)));
  }
  const rows = await ctx.db
    .select()
    .from(sales)
    .where(and(...where))
    .orderBy(...newestFirst)
    .limit(q.limit);
  return withDetails(ctx.db, ctx.businessId, rows);
}

/** GET /sales/log/sales: every sale made between two instants (Older Sales), newest first. */
export async function salesLog(
  ctx: Ctx,
  q: { startDate: string; endDate: string; channel?: Channel },
): Promise<Sale[]> {
  const rows = await ctx.db
    .select()
    .from(sales)
    .where(
      and(
        eq(sales.businessId, ctx.businessId),
        sql`${sales.status} = 'completed'`,
        q.channel ? eq(sales.channel, q.channel) : undefined,
        gte(sales.createdAt, new Date(q.startDate)),
        lte(sales.createdAt, new Date(q.endDate)),
      ),
    )
    .orderBy(...newestFirst)
    .limit(5000);
  return withDetails(ctx.db, ctx.businessId, rows);
}
