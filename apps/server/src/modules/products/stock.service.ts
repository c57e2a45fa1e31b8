import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { DailyStockLog } from "@app/shared/inventory/daily-stock";
import { lowStockNotification, sortByPriority, type Notification } from "@app/shared/inventory/low-stock";
import type { AdjustStockInput, StockMovement } from "@app/shared/inventory/stock";
import type { Ctx } from "../../platform/context.ts";
import { AppError, notFound } from "../../platform/errors.ts";
import { findProductRow, toProduct } from "./products.service.ts";
import { products, stockMovements } from "./products.table.ts";
import { applyStockChange, type StockChange } from "./stock-ledger.ts";
import type { Product } from "@app/shared/inventory/product";

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
async function changeStock(ctx: Ctx, change: Omit<StockChange, "businessId">): Promise<Product> {
  return ctx.db.transaction(async (tx) => {
    const result = await applyStockChange(tx, { ...change, businessId: ctx.businessId }, ctx.user);
    const row = await findProductRow(tx, ctx.businessId, change.productId);
    if (!row) throw notFound("Product");
    if (!result) throw new AppError("CONFLICT", `Only ${row.quantity} ${row.unit} of ${row.name} in stock; stock cannot go below zero`, { delta: "More than is in stock" });
    return toProduct(row);
  });
}

/** A count (set quantity) or a correction (delta), with the reason in the ledger. */
export function adjustStock(ctx: Ctx, productId: string, input: AdjustStockInput): Promise<Product> {
  return changeStock(ctx, { productId, reason: "adjustment", note: input.note, ...(input.quantity !== undefined ? { setTo: input.quantity } : { delta: input.delta! }) });
}

/** PATCH /clearquantity/{id}: the quantity goes to zero, with the reason logged. */
export function clearQuantity(ctx: Ctx, productId: string, reason: string): Promise<Product> {
  return changeStock(ctx, { productId, reason: "clear", setTo: 0, note: reason });
}

/** A product's stock movement history, newest first. */
export async function listMovements(ctx: Ctx, productId: string, opts: { page: number; pageSize: number; transfersOnly?: boolean }) {
  const where = and(
    eq(stockMovements.businessId, ctx.businessId),
    eq(stockMovements.productId, productId),
    opts.transfersOnly ? inArray(stockMovements.reason, ["transfer_in", "transfer_out"]) : undefined,
  );
  const [rows, [count]] = await Promise.all([
    ctx.db.select().from(stockMovements).where(where).orderBy(desc(stockMovements.createdAt), desc(stockMovements.seq)).limit(opts.pageSize).offset(opts.page * opts.pageSize),
    ctx.db.select({ n: sql<number>`count(*)::int` }).from(stockMovements).where(where),
  ]);
  return { items: rows.map(toMovement), total: count?.n ?? 0 };
}

/**
 * Opening and closing stock of every product for a period, read from the ledger: the
 * quantity after the last movement before the start, and after the last one up to the end.
 * Exact for any past day, whatever happened since.
 */
export async function listDailyStockLogs(ctx: Ctx, range: { startDate: string; endDate: string }): Promise<DailyStockLog[]> {
  const result = await ctx.db.execute<{ id: string; name: string; image: string | null; quantity: number; opening: number; closing: number }>(sql`
    SELECT p.id, p.name, p.image, p.quantity,
      COALESCE((SELECT m.quantity_after FROM stock_movements m
                WHERE m.business_id = p.business_id AND m.product_id = p.id AND m.created_at < ${range.startDate}::timestamptz
                ORDER BY m.created_at DESC, m.seq DESC LIMIT 1), 0) AS opening,
      COALESCE((SELECT m.quantity_after FROM stock_movements m
                WHERE m.business_id = p.business_id AND m.product_id = p.id AND m.created_at <= ${range.endDate}::timestamptz
                ORDER BY m.created_at DESC, m.seq DESC LIMIT 1), 0) AS closing
    FROM products p
    WHERE p.business_id = ${ctx.businessId} AND p.created_at <= ${range.endDate}::timestamptz
      AND (p.archived_at IS NULL OR p.archived_at >= ${range.startDate}::timestamptz)
    ORDER BY lower(p.name), p.id`);
  return result.rows.map((r) => ({
    _id: r.id,
    product: { name: r.name, image: r.image, quantity: Number(r.quantity) },
    openingStock: Number(r.opening),
    closingStock: Number(r.closing),
  }));
}

/** The business's current low-stock notifications, highest priority first. */
export async function listLowStockNotifications(ctx: Ctx): Promise<Notification[]> {
  const rows = await ctx.db
    .select()
    .from(products)
    .where(and(eq(products.businessId, ctx.businessId), isNull(products.archivedAt), eq(products.active, true), sql`${products.reorderLevel} > 0 AND ${products.quantity} <= ${products.reorderLevel}`))
    .limit(1000);
  return sortByPriority(rows.map((r) => lowStockNotification(toProduct(r))));
}
