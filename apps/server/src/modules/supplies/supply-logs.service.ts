import { and, asc, desc, eq, ilike, isNull, or, sql } from "drizzle-orm";
import type { SupplyProductOption, SupplyProductSearchQuery } from "@app/shared/supplies/supply";
import type {
  CommodityLogEntry,
  ProductSupplyLog,
  SupplyAnalysis,
  SupplyAnalysisQuery,
  SupplyQuantityValue,
  SupplyQuantityValueQuery,
  SupplyTransfer,
} from "@app/shared/supplies/supply-logs";
import type { Db } from "../../db/client.ts";
import type { Ctx } from "../../platform/context.ts";
import { notFound } from "../../platform/errors.ts";
import { products } from "../inventory/inventory.public.ts";
import { findSupplyRow } from "./supply-read.ts";
import { supplyTransfers } from "./supplies.table.ts";
import { containing } from "../../platform/search.ts";

const iso = (v: string | Date) => new Date(v).toISOString();

/** GET /supplyrecord/log/quantity/{productId}: every delivery of a product, newest first (its price history). */
export async function productSupplyLog(ctx: Ctx, productId: string): Promise<ProductSupplyLog> {
  const [product] = await ctx.db
    .select({
      _id: products.id,
      name: products.name,
      unit: products.unit,
      quantity: products.quantity,
      buyingPrice: products.buyingPrice,
    })
    .from(products)
    .where(and(eq(products.businessId, ctx.businessId), eq(products.id, productId)));
  if (!product) throw notFound("Product");
  const { rows } = await ctx.db.execute<{
    supply_id: string;
    supply_number: number;
    supplier_id: string;
    supplier_name: string;
    supplied_at: string;
    quantity: number;
    unit_cost: string;
    transferred: number;
  }>(sql`
    SELECT r.id AS supply_id, r.supply_number, r.supplier_id, s.name AS supplier_name, r.supplied_at,
           l.quantity, l.unit_cost::text, l.transferred
    FROM supply_products l
    JOIN supply_records r ON r.business_id = l.business_id AND r.id = l.supply_id
    JOIN suppliers s ON s.business_id = r.business_id AND s.id = r.supplier_id
    WHERE l.business_id = ${ctx.businessId} AND l.product_id = ${productId}
    ORDER BY r.supplied_at DESC, r.supply_number DESC
    LIMIT 1000`);
  const entries = rows.map((r) => ({
    supplyId: r.supply_id,
    supplyNumber: Number(r.supply_number),
    supplierId: r.supplier_id,
    supplierName: r.supplier_name,
    suppliedAt: iso(r.supplied_at),
    quantity: Number(r.quantity),
    unitCost: Number(r.unit_cost),
    transferred: Number(r.transferred),
    remaining: Number(r.quantity) - Number(r.transferred),
  }));
  const totalReceived = entries.reduce((n, e) => n + e.quantity, 0);
  const totalTransferred = entries.reduce((n, e) => n + e.transferred, 0);
  return { product, entries, totalReceived, totalTransferred, inSupplyStore: totalReceived - totalTransferred };
}

/** GET /supplyrecord/transfer/quantity/{supplyId}: each move of the supply into stock, newest first. */
export async function supplyTransferLog(ctx: Ctx, supplyId: string): Promise<SupplyTransfer[]> {
  await findSupplyRow(ctx.db, ctx.businessId, supplyId);
  const rows = await ctx.db
    .select()
    .from(supplyTransfers)
    .where(and(eq(supplyTransfers.businessId, ctx.businessId), eq(supplyTransfers.supplyId, supplyId)))
    .orderBy(desc(supplyTransfers.createdAt), desc(supplyTransfers.id));
  return rows.map((r) => ({
    _id: r.id,
    supplyId: r.supplyId,
    productId: r.productId,
    name: r.name,
    quantity: r.quantity,
    unitCost: r.unitCost,
    costBefore: r.costBefore,
    costAfter: r.costAfter,
    quantityAfter: r.quantityAfter,
    note: r.note,
    transferredBy: r.transferredBy,
    createdAt: r.createdAt.toISOString(),
  }));
}

/** GET /supplyrecord/commodity/{supplierId}: every commodity bought from a supplier, newest first. */
export async function commodityLog(ctx: Ctx, supplierId: string): Promise<CommodityLogEntry[]> {
  const { rows } = await ctx.db.execute<{
    id: string;
    supply_id: string;
    supply_number: number;
    supplied_at: string;
    name: string;
    unit: string;
    quantity: number;
    unit_cost: string;
  }>(sql`
    SELECT c.id, r.id AS supply_id, r.supply_number, r.supplied_at, c.name, c.unit, c.quantity, c.unit_cost::text
    FROM supply_commodities c JOIN supply_records r ON r.business_id = c.business_id AND r.id = c.supply_id
    WHERE r.business_id = ${ctx.businessId} AND r.supplier_id = ${supplierId}
    ORDER BY r.supplied_at DESC, r.supply_number DESC, c.name
    LIMIT 1000`);
  return rows.map((r) => ({
    _id: r.id,
    supplyId: r.supply_id,
    supplyNumber: Number(r.supply_number),
    suppliedAt: iso(r.supplied_at),
    name: r.name,
    unit: r.unit,
    quantity: Number(r.quantity),
    unitCost: Number(r.unit_cost),
    totalCost: Number(r.quantity) * Number(r.unit_cost),
  }));
}

/**
 * GET /supplyrecord/supply/quantity/value?supplierId&supplyId: how much of each product and
 * commodity was supplied and what it was worth, for the business, one supplier, or one supply.
 */
export async function supplyQuantityValue(ctx: Ctx, q: SupplyQuantityValueQuery): Promise<SupplyQuantityValue> {
  const scope = sql`r.business_id = ${ctx.businessId}
    AND (${q.supplierId ?? null}::uuid IS NULL OR r.supplier_id = ${q.supplierId ?? null}::uuid)
    AND (${q.supplyId ?? null}::uuid IS NULL OR r.id = ${q.supplyId ?? null}::uuid)`;
  const [lines, commodities] = await Promise.all([
    ctx.db.execute<{
      product_id: string;
      name: string;
      unit: string;
      quantity: string;
      value: string;
      transferred: string;
    }>(sql`
      SELECT l.product_id, min(l.name) AS name, min(l.unit) AS unit, sum(l.quantity)::text AS quantity,
             sum(l.quantity::bigint * l.unit_cost)::text AS value, sum(l.transferred)::text AS transferred
      FROM supply_products l JOIN supply_records r ON r.business_id = l.business_id AND r.id = l.supply_id
      WHERE ${scope}
      GROUP BY l.product_id ORDER BY 2`),
    ctx.db.execute<{ name: string; unit: string; quantity: string; value: string }>(sql`
      SELECT c.name, c.unit, sum(c.quantity)::text AS quantity, sum(c.quantity::bigint * c.unit_cost)::text AS value
      FROM supply_commodities c JOIN supply_records r ON r.business_id = c.business_id AND r.id = c.supply_id
      WHERE ${scope}
      GROUP BY c.name, c.unit ORDER BY 1, 2`),
  ]);
  const productRows = lines.rows.map((r) => ({
    productId: r.product_id,
    name: r.name,
    unit: r.unit,
    quantity: Number(r.quantity),
    value: Number(r.value),
    transferred: Number(r.transferred),
  }));
  const commodityRows = commodities.rows.map((r) => ({
    name: r.name,
    unit: r.unit,
    quantity: Number(r.quantity),
    value: Number(r.value),
  }));
  const all = [...productRows, ...commodityRows];
  return {
    products: productRows,
    commodities: commodityRows,
    totalQuantity: all.reduce((n, r) => n + r.quantity, 0),
    totalValue: all.reduce((n, r) => n + r.value, 0),
  };
}

/**
 * GET /supplyrecord/analysis: what was spent on supplies between two days (the business's
 * time zone), by supplier, by product, and per day, week or month (and per supplier in each).
 */
export async function supplyAnalysis(ctx: Ctx, q: SupplyAnalysisQuery): Promise<SupplyAnalysis> {
  const tz = ctx.business.timeZone;
  const range = sql`r.business_id = ${ctx.businessId}
    AND r.supplied_at >= (${q.from}::date)::timestamp AT TIME ZONE ${tz}
    AND r.supplied_at < ((${q.to}::date + 1)::timestamp) AT TIME ZONE ${tz}`;
  const [suppliersRes, productsRes, commoditiesRes, periodsRes] = await Promise.all([
    ctx.db.execute<{ supplier_id: string; name: string; n: number; total: string }>(sql`
      SELECT r.supplier_id, s.name, count(*)::int AS n, sum(r.total)::text AS total
      FROM supply_records r JOIN suppliers s ON s.business_id = r.business_id AND s.id = r.supplier_id
      WHERE ${range} GROUP BY r.supplier_id, s.name ORDER BY sum(r.total) DESC, s.name`),
    ctx.db.execute<{ product_id: string; name: string; quantity: string; total: string }>(sql`
      SELECT l.product_id, min(l.name) AS name, sum(l.quantity)::text AS quantity, sum(l.quantity::bigint * l.unit_cost)::text AS total
      FROM supply_products l JOIN supply_records r ON r.business_id = l.business_id AND r.id = l.supply_id
      WHERE ${range} GROUP BY l.product_id ORDER BY sum(l.quantity::bigint * l.unit_cost) DESC, 2 LIMIT 100`),
    ctx.db.execute<{ total: string }>(sql`
      SELECT coalesce(sum(c.quantity::bigint * c.unit_cost), 0)::text AS total
      FROM supply_commodities c JOIN supply_records r ON r.business_id = c.business_id AND r.id = c.supply_id
      WHERE ${range}`),
    ctx.db.execute<{ period: string; supplier_id: string; total: string }>(sql`
      SELECT to_char(date_trunc(${q.bucket}, r.supplied_at AT TIME ZONE ${tz}), 'YYYY-MM-DD') AS period,
             r.supplier_id, sum(r.total)::text AS total
      FROM supply_records r WHERE ${range}
      GROUP BY 1, 2 ORDER BY 1, 2`),
  ]);
  const periods = new Map<
    string,
    { period: string; total: number; suppliers: { supplierId: string; total: number }[] }
  >();
  for (const r of periodsRes.rows) {
    const p = periods.get(r.period) ?? { period: r.period, total: 0, suppliers: [] };
    p.total += Number(r.total);
    p.suppliers.push({ supplierId: r.supplier_id, total: Number(r.total) });
    periods.set(r.period, p);
  }
  const bySupplier = suppliersRes.rows.map((r) => ({
    supplierId: r.supplier_id,
    name: r.name,
    supplies: Number(r.n),
    total: Number(r.total),
  }));
  return {
    total: bySupplier.reduce((n, s) => n + s.total, 0),
    commodities: Number(commoditiesRes.rows[0]?.total ?? 0),
    bySupplier,
    byProduct: productsRes.rows.map((r) => {
      const quantity = Number(r.quantity);
      const total = Number(r.total);
      return {
        productId: r.product_id,
        name: r.name,
        quantity,
        total,
        averageUnitCost: quantity ? Math.round(total / quantity) : 0,
      };
    }),
    periods: [...periods.values()],
  };
}

/** GET /supplyrecord/products: live products by name, SKU or barcode, for a delivery's lines. */
export async function searchSupplyProducts(ctx: Ctx, q: SupplyProductSearchQuery): Promise<SupplyProductOption[]> {
  const like = q.q ? containing(q.q) : null;
  const rows = await ctx.db
    .select({
      _id: products.id,
      name: products.name,
      sku: products.sku,
      unit: products.unit,
      quantity: products.quantity,
      buyingPrice: products.buyingPrice,
    })
    .from(products)
    .where(
      and(
        eq(products.businessId, ctx.businessId),
        isNull(products.archivedAt),
        like ? or(ilike(products.name, like), ilike(products.sku, like), ilike(products.barcode, like)) : undefined,
      ),
    )
    .orderBy(asc(sql`lower(${products.name})`), asc(products.id))
    .limit(q.limit);
  return rows;
}

/** The business a product belongs to (for the product's supply log route). */
export async function businessIdOfProduct(db: Db, id: string): Promise<string | null> {
  const [row] = await db.select({ businessId: products.businessId }).from(products).where(eq(products.id, id)).limit(1);
  return row?.businessId ?? null;
}
