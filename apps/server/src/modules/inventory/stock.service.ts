import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { DailyStockLog } from "@app/shared/inventory/daily-stock";
import { lowStockNotification, sortByPriority, type Notification } from "@app/shared/inventory/low-stock";
import {
  MAX_STOCK_QUANTITY,
  stockChangeProblem,
  type AdjustStockInput,
  type StockMovement,
} from "@app/shared/inventory/stock";
import type { Ctx } from "../../platform/context.ts";
import { AppError, notFound } from "../../platform/errors.ts";
import { fingerprintOf, runIdempotent } from "../../platform/idempotency.ts";
import { findProductRow, toProduct } from "./products.service.ts";
import { products, stockMovements } from "./products.table.ts";
import { applyStockChange, type StockChange } from "./stock-ledger.ts";
import type { Product } from "@app/shared/inventory/product";
import { offsetOf, type PageQuery } from "../../platform/paging.ts";

type MovementRow = typeof stockMovements.$inferSelect;

function toMovement(m: MovementRow): StockMovement {
  return {
    _id: m.id,
    productId: m.productId,
    delta: m.delta,
    quantityAfter: m.quantityAfter,
    reason: m.reason,
    refType: m.refType,
    refId: m.refId,
    note: m.note,
    actorName: m.actorName,
    createdAt: m.createdAt.toISOString(),
  };
}

/** Applies one change to a product of this business, or says why it cannot (404, 409). */
async function changeStock(
  ctx: Ctx,
  change: Omit<StockChange, "businessId">,
  idempotencyKey?: string,
): Promise<Product> {
  // The key with another quantity or note is refused, not answered with the first result.
  const fingerprint = fingerprintOf({ delta: change.delta, setTo: change.setTo, note: change.note });
  return runIdempotent(
    ctx.db,
    {
      businessId: ctx.businessId,
      key: idempotencyKey,
      scope: `stock:${change.reason}:${change.productId}`,
      fingerprint: fingerprint,
    },
    async (tx) => {
      const result = await applyStockChange(tx, { ...change, businessId: ctx.businessId }, ctx.user);
      const row = await findProductRow(tx, ctx.businessId, change.productId);
      if (!row) throw notFound("Product");
      if (!result && stockChangeProblem(row.quantity, change) === "above-max") {
        throw new AppError("CONFLICT", `${row.name} cannot hold more than ${MAX_STOCK_QUANTITY} ${row.unit}`, {
          delta: "More than the largest quantity",
        });
      }
      if (!result)
        throw new AppError(
          "CONFLICT",
          `Only ${row.quantity} ${row.unit} of ${row.name} in stock; stock cannot go below zero`,
          { delta: "More than is in stock" },
        );
      return toProduct(row);
    },
  );
}

/** A count (set quantity) or a correction (delta), with the reason in the ledger. */
export function adjustStock(
  ctx: Ctx,
  productId: string,
  input: AdjustStockInput,
  idempotencyKey?: string,
): Promise<Product> {
  return changeStock(
    ctx,
    {
      productId,
      reason: "adjustment",
      note: input.note,
      ...(input.quantity !== undefined ? { setTo: input.quantity } : { delta: input.delta! }),
    },
    idempotencyKey,
  );
}

/** PATCH /clearquantity/{id}: the quantity goes to zero, with the reason logged. */
export function clearQuantity(ctx: Ctx, productId: string, reason: string, idempotencyKey?: string): Promise<Product> {
  return changeStock(ctx, { productId, reason: "clear", setTo: 0, note: reason }, idempotencyKey);
}

/** A product's stock movement history, newest first. */
export async function listMovements(ctx: Ctx, productId: string, opts: PageQuery & { transfersOnly?: boolean }) {
  const where = and(
    eq(stockMovements.businessId, ctx.businessId),
    eq(stockMovements.productId, productId),
    opts.transfersOnly ? inArray(stockMovements.reason, ["transfer_in", "transfer_out"]) : undefined,
  );
  const [rows, [count]] = await Promise.all([
    ctx.db
      .select()
      .from(stockMovements)
      .where(where)
      .orderBy(desc(stockMovements.createdAt), desc(stockMovements.seq))
      .limit(opts.pageSize)
      .offset(offsetOf(opts)),
    ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(stockMovements)
      .where(where),
  ]);
  return { items: rows.map(toMovement), total: count?.n ?? 0 };
}

/**
 * Opening and closing stock of every product for a period, read from the ledger. Because a
 * product's movements always sum to its quantity, opening = quantity - (sum of deltas since
 * the start) and closing = quantity - (sum of deltas after the end): exact for any past day,
 * and only the movements since that day are read.
 */
export async function listDailyStockLogs(
  ctx: Ctx,
  range: { startDate: string; endDate: string },
): Promise<DailyStockLog[]> {
  const result = await ctx.db.execute<{
    id: string;
    name: string;
    image: string | null;
    quantity: number;
    since_start: number;
    after_end: number;
  }>(sql`
    WITH moved AS (
      SELECT product_id,
             sum(delta) AS since_start,
             sum(delta) FILTER (WHERE created_at > ${range.endDate}::timestamptz) AS after_end
      FROM stock_movements
      WHERE business_id = ${ctx.businessId} AND created_at >= ${range.startDate}::timestamptz
      GROUP BY product_id
    )
    SELECT p.id, p.name, p.image, p.quantity, COALESCE(m.since_start, 0) AS since_start, COALESCE(m.after_end, 0) AS after_end
    FROM products p LEFT JOIN moved m ON m.product_id = p.id
    WHERE p.business_id = ${ctx.businessId} AND p.created_at <= ${range.endDate}::timestamptz
      AND (p.archived_at IS NULL OR p.archived_at >= ${range.startDate}::timestamptz)
    ORDER BY lower(p.name), p.id`);
  return result.rows.map((r) => ({
    _id: r.id,
    product: { name: r.name, image: r.image, quantity: Number(r.quantity) },
    openingStock: Number(r.quantity) - Number(r.since_start),
    closingStock: Number(r.quantity) - Number(r.after_end),
  }));
}

/** lowStockPriority (packages/shared) in SQL, so the list's limit keeps the most urgent products. */
const lowStockPrioritySql = sql`CASE WHEN ${products.quantity} <= 0 THEN 100 ELSE round((${products.reorderLevel} - ${products.quantity})::numeric / ${products.reorderLevel} * 99) END`;

/** The business's current low-stock notifications, highest priority first (at most 1000). */
export async function listLowStockNotifications(ctx: Ctx): Promise<Notification[]> {
  const rows = await ctx.db
    .select()
    .from(products)
    .where(
      and(
        eq(products.businessId, ctx.businessId),
        isNull(products.archivedAt),
        eq(products.active, true),
        sql`${products.reorderLevel} > 0 AND ${products.quantity} <= ${products.reorderLevel}`,
      ),
    )
    .orderBy(desc(lowStockPrioritySql), asc(sql`lower(${products.name})`))
    .limit(1000);
  return sortByPriority(rows.map((r) => lowStockNotification(toProduct(r))));
}
