import { sql } from "drizzle-orm";
import { USUAL_ITEMS_DAYS, USUAL_ITEMS_LIMIT, type UsualItems } from "@app/shared/sales/usual-items";
import { now } from "../../platform/clock.ts";
import type { Ctx } from "../../platform/context.ts";

/** A customer's usual items at the till (usualItemsSchema), from their sales of the last USUAL_ITEMS_DAYS days. */
export async function usualItems(ctx: Ctx, customerId: string): Promise<UsualItems> {
  const since = new Date(now().getTime() - USUAL_ITEMS_DAYS * 86_400_000).toISOString();
  const { rows } = await ctx.db.execute<{ product_id: string; name: string; usual: number; times: number }>(sql`
    WITH bought AS (
      SELECT l.product_id, s.id AS sale_id, s.created_at, sum(l.quantity) AS quantity,
        (array_agg(l.name ORDER BY s.created_at DESC))[1] AS name
      FROM sales s JOIN sale_lines l ON l.business_id = s.business_id AND l.sale_id = s.id
      WHERE s.business_id = ${ctx.businessId} AND s.customer_id = ${customerId} AND s.status <> 'voided'
        AND s.created_at > ${since}::timestamptz
      GROUP BY l.product_id, s.id, s.created_at
    )
    SELECT product_id, (array_agg(name ORDER BY created_at DESC))[1] AS name,
      greatest(1, floor(percentile_cont(0.5) WITHIN GROUP (ORDER BY quantity)))::int AS usual,
      count(*)::int AS times
    FROM bought GROUP BY product_id
    ORDER BY count(*) DESC, max(created_at) DESC, product_id
    LIMIT ${USUAL_ITEMS_LIMIT}`);
  return {
    items: rows.map((r) => ({ productId: r.product_id, name: r.name, usualQuantity: r.usual, times: r.times })),
  };
}
