import { and, eq, inArray, isNull, or, sql, type AnyColumn } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { now } from "../../platform/clock.ts";
import type { StockReason } from "@app/shared/inventory/stock";
import { products, stockMovements } from "./products.table.ts";

// A product's KRA eTIMS details and registration (saveItem), for the eTIMS queue
// (flows/etims-queue.ts) and the owner's "complete eTIMS details" list.

export type ProductEtims = {
  id: string;
  name: string;
  barcode: string | null;
  sellingPrice: number;
  taxType: string | null;
  itemClass: string | null;
  itemType: string | null;
  origin: string | null;
  packagingUnit: string | null;
  quantityUnit: string | null;
  itemSeq: number | null;
  itemCode: string | null;
  registeredAt: Date | null;
  error: string | null;
};

const columns = {
  id: products.id,
  name: products.name,
  barcode: products.barcode,
  sellingPrice: products.sellingPrice,
  taxType: products.taxType,
  itemClass: products.etimsItemClass,
  itemType: products.etimsItemType,
  origin: products.etimsOrigin,
  packagingUnit: products.etimsPackagingUnit,
  quantityUnit: products.etimsQuantityUnit,
  itemSeq: products.etimsItemSeq,
  itemCode: products.etimsItemCode,
  registeredAt: products.etimsRegisteredAt,
  error: products.etimsError,
};

/** Whether a product has every detail KRA needs to register it. */
export const hasEtimsDetails = (p: ProductEtims) =>
  !!(p.itemClass && p.itemType && p.origin && p.packagingUnit && p.quantityUnit);

export async function productsForEtims(db: DbOrTx, businessId: string, ids: readonly string[]) {
  if (!ids.length) return new Map<string, ProductEtims>();
  const rows = await db
    .select(columns)
    .from(products)
    .where(and(eq(products.businessId, businessId), inArray(products.id, [...ids])));
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * KRA registered the product under this item code (error null), or refused it (error set). The
 * registration holds only if the product's eTIMS details are still those sent: a change meanwhile
 * cleared it and queued it again (migration 0034).
 */
export async function setProductEtimsRegistration(
  db: DbOrTx,
  businessId: string,
  sent: ProductEtims,
  outcome: { itemSeq: number; itemCode: string; error: string | null },
): Promise<void> {
  const same = (col: AnyColumn, v: string | null) => (v === null ? isNull(col) : eq(col, v));
  await db
    .update(products)
    .set({
      etimsItemSeq: outcome.itemSeq,
      etimsItemCode: outcome.itemCode,
      etimsRegisteredAt: outcome.error ? null : now(),
      etimsError: outcome.error,
    })
    .where(
      and(
        eq(products.businessId, businessId),
        eq(products.id, sent.id),
        eq(products.name, sent.name),
        eq(products.sellingPrice, sent.sellingPrice),
        same(products.etimsItemClass, sent.itemClass),
        same(products.etimsItemType, sent.itemType),
        same(products.etimsOrigin, sent.origin),
        same(products.etimsPackagingUnit, sent.packagingUnit),
        same(products.etimsQuantityUnit, sent.quantityUnit),
        same(products.taxType, sent.taxType),
      ),
    );
}

/** The live products still missing an eTIMS detail, or refused by KRA: the owner's "complete eTIMS details" list. */
export async function productsMissingEtims(db: DbOrTx, businessId: string, limit: number) {
  const missing = or(
    isNull(products.etimsItemClass),
    isNull(products.etimsItemType),
    isNull(products.etimsOrigin),
    isNull(products.etimsPackagingUnit),
    isNull(products.etimsQuantityUnit),
    sql`${products.etimsError} IS NOT NULL`,
  );
  const where = and(eq(products.businessId, businessId), isNull(products.archivedAt), missing);
  const [rows, [count]] = await Promise.all([
    db
      .select(columns)
      .from(products)
      .where(where)
      .orderBy(sql`lower(${products.name})`, products.id)
      .limit(limit),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(products)
      .where(where),
  ]);
  return { items: rows, total: count?.n ?? 0 };
}

/** Fills the same eTIMS details into many products at once (only the details given; each product's row queues it for KRA). */
export async function fillProductsEtims(
  db: DbOrTx,
  businessId: string,
  ids: readonly string[],
  details: Partial<Record<"itemClass" | "itemType" | "origin" | "packagingUnit" | "quantityUnit", string>>,
): Promise<number | null> {
  if (!ids.length) return 0;
  const wanted = new Set(ids).size;
  const set = {
    ...(details.itemClass ? { etimsItemClass: details.itemClass } : {}),
    ...(details.itemType ? { etimsItemType: details.itemType } : {}),
    ...(details.origin ? { etimsOrigin: details.origin } : {}),
    ...(details.packagingUnit ? { etimsPackagingUnit: details.packagingUnit } : {}),
    ...(details.quantityUnit ? { etimsQuantityUnit: details.quantityUnit } : {}),
  };
  const mine = and(eq(products.businessId, businessId), inArray(products.id, [...ids]));
  const rows = Object.keys(set).length
    ? await db
        .update(products)
        .set({ ...set, updatedAt: now() })
        .where(mine)
        .returning({ id: products.id })
    : await db.select({ id: products.id }).from(products).where(mine);
  // Null when any id is not this business's product: the caller refuses the whole request.
  return rows.length === wanted ? (Object.keys(set).length ? rows.length : 0) : null;
}

export type StockMovementEtims = {
  id: string;
  productId: string;
  delta: number;
  quantityAfter: number;
  reason: StockReason;
  actorId: string | null;
  actorName: string;
  createdAt: Date;
};

/** Ledger rows by id, for the stock reports KRA takes (insertStockIO); rows gone are left out. */
export async function stockMovementsForEtims(db: DbOrTx, businessId: string, ids: readonly string[]) {
  if (!ids.length) return new Map<string, StockMovementEtims>();
  const rows = await db
    .select({
      id: stockMovements.id,
      productId: stockMovements.productId,
      delta: stockMovements.delta,
      quantityAfter: stockMovements.quantityAfter,
      reason: stockMovements.reason,
      actorId: stockMovements.actorId,
      actorName: stockMovements.actorName,
      createdAt: stockMovements.createdAt,
    })
    .from(stockMovements)
    .where(and(eq(stockMovements.businessId, businessId), inArray(stockMovements.id, [...ids])));
  return new Map(rows.map((r) => [r.id, r]));
}
