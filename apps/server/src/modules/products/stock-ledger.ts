import { sql } from "drizzle-orm";
import type { StockReason } from "@app/shared/inventory/stock";
import type { DbOrTx } from "../../db/client.ts";
import type { AuthUser } from "../../platform/context.ts";

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
 * Changes one product's quantity and writes its ledger row in one statement. A removal
 * that would go below zero changes nothing and returns null (as does an unknown product);
 * callers in a transaction roll back. Several products: call in productId order (deadlocks).
 */
export async function applyStockChange(db: DbOrTx, change: StockChange, actor: Actor): Promise<StockResult> {
  const actorName = actor.details.username;
  const note = change.note ?? "";
  const refType = change.refType ?? null;
  const refId = change.refId ?? null;
  const newQuantity = change.setTo !== undefined ? sql`${change.setTo}::int` : sql`p.quantity + ${change.delta ?? 0}::int`;
  const result = await db.execute<{ product_id: string; delta: number; quantity_after: number }>(sql`
    WITH old AS (
      SELECT id, quantity FROM products
      WHERE business_id = ${change.businessId} AND id = ${change.productId}
      FOR UPDATE
    ), upd AS (
      UPDATE products p SET quantity = ${newQuantity}, updated_at = now()
      FROM old WHERE p.business_id = ${change.businessId} AND p.id = old.id AND ${newQuantity} >= 0
      RETURNING p.id, p.quantity, p.quantity - old.quantity AS delta
    )
    INSERT INTO stock_movements (business_id, product_id, delta, quantity_after, reason, ref_type, ref_id, note, actor_kind, actor_id, actor_name)
    SELECT ${change.businessId}, upd.id, upd.delta, upd.quantity, ${change.reason}, ${refType}, ${refId}, ${note}, ${actor.kind}, ${actor.userId}, ${actorName}
    FROM upd
    RETURNING product_id, delta, quantity_after`);
  const row = result.rows[0];
  return row ? { productId: row.product_id, delta: Number(row.delta), quantityAfter: Number(row.quantity_after) } : null;
}
