import { sql } from "drizzle-orm";
import type { StockAnalysis, StockAnalysisQuery, StockMover, StockSummary } from "@app/shared/inventory/stock-analysis";
import { cappedProduct, cappedSum } from "../../db/money-sql.ts";
import type { DbOrTx } from "../../db/client.ts";
import type { Ctx } from "../../platform/context.ts";

/** Sales take stock out, voids put it back, restores take it out again: their net is units sold. */
const SALE_REASONS = sql`('sale', 'void', 'restore')`;

/** Live products at or below their reorder level and not out of stock (as stockSummary's lowCount). */
export async function lowStockCount(db: DbOrTx, businessId: string): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM products
    WHERE business_id = ${businessId} AND archived_at IS NULL AND quantity > 0 AND reorder_level > 0 AND quantity <= reorder_level`);
  return Number(rows[0]?.n ?? 0);
}

/**
 * Value and state of a business's live stock, in one pass over its products. Values are summed
 * in numeric and capped (db/money-sql.ts): the largest allowed shelf overflowed bigint (500).
 */
export async function stockSummary(ctx: Ctx): Promise<StockSummary> {
  const { rows } = await ctx.db.execute<Record<keyof StockSummary, string | number>>(sql`
    SELECT count(*)::int AS "productCount",
           ${cappedSum(sql`quantity`)} AS "unitCount",
           ${cappedSum(sql`quantity::numeric * buying_price`)} AS "costValue",
           ${cappedSum(sql`quantity::numeric * selling_price`)} AS "sellingValue",
           count(*) FILTER (WHERE quantity > 0 AND reorder_level > 0 AND quantity <= reorder_level)::int AS "lowCount",
           count(*) FILTER (WHERE quantity <= 0)::int AS "outCount"
    FROM products
    WHERE business_id = ${ctx.businessId} AND archived_at IS NULL`);
  const r = rows[0]!;
  return {
    productCount: Number(r.productCount),
    unitCount: Number(r.unitCount),
    costValue: Number(r.costValue),
    sellingValue: Number(r.sellingValue),
    lowCount: Number(r.lowCount),
    outCount: Number(r.outCount),
  };
}

type MoverRow = {
  id: string;
  name: string;
  image: string | null;
  quantity: number;
  sold: string | number;
  sold_value: string | number;
  stock_value: string | number;
};
const toMover = (r: MoverRow): StockMover => ({
  productId: r.id,
  name: r.name,
  image: r.image,
  quantity: Number(r.quantity),
  sold: Number(r.sold),
  soldValue: Number(r.sold_value),
  stockValue: Number(r.stock_value),
});

/**
 * Fast movers: most units sold in the period. Slow movers: products with stock on hand that
 * sold least (nothing, first), the most money tied up first. Both read the ledger's sale
 * movements of the period only (indexed by business and time).
 */
export async function stockAnalysis(ctx: Ctx, q: StockAnalysisQuery): Promise<StockAnalysis> {
  const sold = sql`
    sold AS (
      SELECT product_id, GREATEST(-sum(delta), 0)::bigint AS sold
      FROM stock_movements
      WHERE business_id = ${ctx.businessId} AND reason IN ${SALE_REASONS}
        AND created_at >= ${q.startDate}::timestamptz AND created_at <= ${q.endDate}::timestamptz
      GROUP BY product_id
    )`;
  const columns = sql`p.id, p.name, p.image, p.quantity, COALESCE(s.sold, 0) AS sold,
    ${cappedProduct(sql`COALESCE(s.sold, 0)`, sql`p.selling_price`)} AS sold_value,
    ${cappedProduct(sql`p.quantity`, sql`p.buying_price`)} AS stock_value`;
  const [fast, slow, summary] = await Promise.all([
    ctx.db.execute<MoverRow>(sql`
      WITH ${sold}
      SELECT ${columns} FROM sold s JOIN products p ON p.business_id = ${ctx.businessId} AND p.id = s.product_id
      WHERE s.sold > 0 AND p.archived_at IS NULL
      ORDER BY s.sold DESC, lower(p.name), p.id LIMIT ${q.limit}`),
    ctx.db.execute<MoverRow>(sql`
      WITH ${sold}
      SELECT ${columns} FROM products p LEFT JOIN sold s ON s.product_id = p.id
      WHERE p.business_id = ${ctx.businessId} AND p.archived_at IS NULL AND p.quantity > 0
      ORDER BY COALESCE(s.sold, 0) ASC, p.quantity::numeric * p.buying_price DESC, lower(p.name), p.id LIMIT ${q.limit}`),
    stockSummary(ctx),
  ]);
  return {
    startDate: q.startDate,
    endDate: q.endDate,
    summary,
    fastMovers: fast.rows.map(toMover),
    slowMovers: slow.rows.map(toMover),
  };
}
