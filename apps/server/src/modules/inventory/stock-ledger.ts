import { sql } from "drizzle-orm";
import { MAX_STOCK_QUANTITY, type StockReason } from "@app/shared/inventory/stock";
import type { TaxType } from "@app/shared/tax/vat";
import type { DbOrTx } from "../../db/client.ts";
import type { AuthUser } from "../../platform/context.ts";
import { now } from "../../platform/clock.ts";

export type StockChange = {
  businessId: string;
  productId: string;
  reason: StockReason;
  /** Add (or with a negative number remove) this many units... */
  delta?: number;
  /** ...or set the quantity to this (a count, a clear). */
  setTo?: number;
  refType?: string | null;
  refId?: string | null;
  note?: string;
};
export type Actor = Pick<AuthUser, "kind" | "userId" | "details">;
export type StockResult = { productId: string; delta: number; quantityAfter: number } | null;

/**
 * Changes one product's quantity and writes its ledger row in one statement. A change that
 * would go below zero or above MAX_STOCK_QUANTITY changes nothing and returns null (as does
 * an unknown product); callers in a transaction roll back. Several products: call in productId order (deadlocks).
 */
export async function applyStockChange(db: DbOrTx, change: StockChange, actor: Actor): Promise<StockResult> {
  const actorName = actor.details.username;
  const note = change.note ?? "";
  const refType = change.refType ?? null;
  const refId = change.refId ?? null;
  // Computed in bigint, so a sum past the integer column's range is refused, not an error.
  const newQuantity =
    change.setTo !== undefined ? sql`${change.setTo}::bigint` : sql`p.quantity::bigint + ${change.delta ?? 0}::bigint`;
  const at = now().toISOString();
  const result = await db.execute<{ product_id: string; delta: number; quantity_after: number }>(sql`
    WITH old AS (
      SELECT id, quantity FROM products
      WHERE business_id = ${change.businessId} AND id = ${change.productId}
      FOR UPDATE
    ), upd AS (
      UPDATE products p SET quantity = ${newQuantity}, updated_at = ${at}::timestamptz
      FROM old WHERE p.business_id = ${change.businessId} AND p.id = old.id AND ${newQuantity} BETWEEN 0 AND ${MAX_STOCK_QUANTITY}
      RETURNING p.id, p.quantity, p.quantity - old.quantity AS delta
    )
    INSERT INTO stock_movements (business_id, product_id, delta, quantity_after, reason, ref_type, ref_id, note, actor_kind, actor_id, actor_name, created_at)
    SELECT ${change.businessId}, upd.id, upd.delta, upd.quantity, ${change.reason}, ${refType}, ${refId}, ${note}, ${actor.kind}, ${actor.userId}, ${actorName}, ${at}::timestamptz
    FROM upd
    RETURNING product_id, delta, quantity_after`);
  const row = result.rows[0];
  return row
    ? { productId: row.product_id, delta: Number(row.delta), quantityAfter: Number(row.quantity_after) }
    : null;
}

export type BatchChange = { productId: string; delta: number };

/**
 * Changes several products of one business and writes their ledger rows in one statement
 * (the checkout's hot path). The caller has locked the rows (`lockProducts`, in id order) and
 * checked the stock; a change that would still go below zero changes nothing and the call
 * throws, so the caller's transaction rolls back.
 */
export async function applyStockChanges(
  db: DbOrTx,
  businessId: string,
  changes: readonly BatchChange[],
  movement: { reason: StockReason; refType: string; refId: string; note?: string },
  actor: Actor,
): Promise<void> {
  const moving = changes.filter((c) => c.delta !== 0);
  if (!moving.length) return;
  const ids = sql.param(moving.map((c) => c.productId));
  const deltas = sql.param(moving.map((c) => c.delta));
  const at = now().toISOString();
  const result = await db.execute(sql`
    WITH upd AS (
      UPDATE products p SET quantity = p.quantity + r.delta, updated_at = ${at}::timestamptz
      FROM unnest(${ids}::uuid[], ${deltas}::int[]) AS r(id, delta)
      WHERE p.business_id = ${businessId} AND p.id = r.id AND p.quantity + r.delta >= 0
      RETURNING p.id, p.quantity, r.delta
    )
    INSERT INTO stock_movements (business_id, product_id, delta, quantity_after, reason, ref_type, ref_id, note, actor_kind, actor_id, actor_name, created_at)
    SELECT ${businessId}, upd.id, upd.delta, upd.quantity, ${movement.reason}, ${movement.refType}, ${movement.refId}, ${movement.note ?? ""}, ${actor.kind}, ${actor.userId}, ${actor.details.username}, ${at}::timestamptz
    FROM upd`);
  if (result.rowCount !== moving.length)
    throw new Error(`Stock changed under a lock: ${result.rowCount} of ${moving.length} products moved`);
}

/**
 * What a sale (or any reference) holds of each product now: minus the sum of the ledger rows it
 * wrote (taken at checkout and edits, given back by voids, taken again by restores). An offline
 * sale with a shortfall holds only what the shelf really had, so a void or an edit gives back
 * that, never the units that were missing. Products it never moved are absent.
 */
export async function stockHeldBy(
  db: DbOrTx,
  businessId: string,
  ref: { refType: string; refId: string },
  productIds: readonly string[],
): Promise<Map<string, number>> {
  if (!productIds.length) return new Map();
  const { rows } = await db.execute<{ product_id: string; held: number }>(sql`
    SELECT product_id, -sum(delta)::bigint AS held FROM stock_movements
    WHERE business_id = ${businessId} AND product_id = ANY(${sql.param([...productIds])}::uuid[])
      AND ref_type = ${ref.refType} AND ref_id = ${ref.refId}
    GROUP BY product_id`);
  return new Map(rows.map((r) => [r.product_id, Math.max(Number(r.held), 0)]));
}

export type LockedProduct = {
  id: string;
  name: string;
  unit: string;
  image: string | null;
  sellingprice: number;
  wholesalePrice: number;
  /** The fewest units of a wholesale line; null: not in the wholesale catalogue (wholesale-products.table.ts). */
  wholesaleMin: number | null;
  quantity: number;
  sellable: boolean;
  /** eTIMS tax type; null follows the business. */
  taxType: TaxType | null;
};

/** Reads and locks products of one business in id order (so concurrent tills never deadlock). */
export async function lockProducts(
  db: DbOrTx,
  businessId: string,
  ids: readonly string[],
): Promise<Map<string, LockedProduct>> {
  if (!ids.length) return new Map();
  const { rows } = await db.execute<{
    id: string;
    name: string;
    unit: string;
    image: string | null;
    selling_price: number;
    wholesale_price: number;
    wholesale_min: number | null;
    quantity: number;
    sellable: boolean;
    tax_type: TaxType | null;
  }>(sql`
    SELECT id, name, unit, image, selling_price, wholesale_price, quantity, (active AND archived_at IS NULL) AS sellable, tax_type,
      (SELECT w.min_quantity FROM wholesale_products w WHERE w.business_id = products.business_id AND w.product_id = products.id) AS wholesale_min
    FROM products WHERE business_id = ${businessId} AND id = ANY(${sql.param([...ids])}::uuid[])
    ORDER BY id FOR UPDATE`);
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        name: r.name,
        unit: r.unit,
        image: r.image,
        sellingprice: Number(r.selling_price),
        wholesalePrice: Number(r.wholesale_price),
        wholesaleMin: r.wholesale_min === null ? null : Number(r.wholesale_min),
        quantity: Number(r.quantity),
        sellable: r.sellable,
        taxType: r.tax_type,
      },
    ]),
  );
}
