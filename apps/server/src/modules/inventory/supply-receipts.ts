import { sql } from "drizzle-orm";
import { weightedAverageCost } from "@app/shared/inventory/cost";
import { MAX_STOCK_QUANTITY } from "@app/shared/inventory/stock";
import type { Tx } from "../../db/client.ts";
import { AppError, conflict } from "../../platform/errors.ts";
import type { Actor } from "./stock-ledger.ts";
import { now } from "../../platform/clock.ts";

/** Units of a product arriving from a supplier at a unit cost (cents). */
export type SupplyReceipt = { productId: string; quantity: number; unitCost: number };

export type ReceiptResult = {
  productId: string;
  name: string;
  /** The cost price (buying price) before and after: the weighted average cost. */
  costBefore: number;
  costAfter: number;
  quantityAfter: number;
};

/**
 * Receives supplied units into sellable stock, the only way a supply changes products: in the
 * caller's transaction, the products are locked in id order, each quantity rises through the
 * stock ledger (reason "supply", pointing at the supply) and each cost price becomes the
 * weighted average of the stock on hand and the units received (weightedAverageCost: integer
 * cents, half up). 404 for a product the business does not have, 409 for one no longer sold or
 * whose stock would pass the maximum.
 */
export async function receiveSupplyIntoStock(
  tx: Tx,
  businessId: string,
  receipts: readonly SupplyReceipt[],
  movement: { refType: string; refId: string; note?: string },
  actor: Actor,
): Promise<ReceiptResult[]> {
  if (!receipts.length) return [];
  const { rows } = await tx.execute<{
    id: string;
    name: string;
    quantity: number;
    buying_price: string;
    sellable: boolean;
  }>(sql`
    SELECT id, name, quantity, buying_price::text, (active AND archived_at IS NULL) AS sellable
    FROM products WHERE business_id = ${businessId} AND id = ANY(${sql.param(receipts.map((r) => r.productId))}::uuid[])
    ORDER BY id FOR UPDATE`);
  const found = new Map(rows.map((r) => [r.id, r]));
  const missing = receipts.filter((r) => !found.has(r.productId));
  if (missing.length)
    throw new AppError("NOT_FOUND", `Product not found: ${missing.map((r) => r.productId).join(", ")}`);
  const planned = [...receipts]
    .sort((a, b) => (a.productId < b.productId ? -1 : 1))
    .map((r) => {
      const p = found.get(r.productId)!;
      if (!p.sellable) throw conflict(`${p.name} is no longer sold: restore it before receiving stock into it`);
      const quantity = Number(p.quantity);
      if (quantity + r.quantity > MAX_STOCK_QUANTITY)
        throw conflict(`${p.name} would hold more than ${MAX_STOCK_QUANTITY} units`);
      const costBefore = Number(p.buying_price);
      const costAfter = weightedAverageCost(quantity, costBefore, r.quantity, r.unitCost);
      return { ...r, name: p.name, costBefore, costAfter };
    });
  const ids = sql.param(planned.map((r) => r.productId));
  const deltas = sql.param(planned.map((r) => r.quantity));
  const costs = sql.param(planned.map((r) => r.costAfter));
  const at = now().toISOString();
  const updated = await tx.execute<{ id: string; quantity: number }>(sql`
    WITH upd AS (
      UPDATE products p SET quantity = p.quantity + r.delta, buying_price = r.cost, updated_at = ${at}::timestamptz
      FROM unnest(${ids}::uuid[], ${deltas}::int[], ${costs}::bigint[]) AS r(id, delta, cost)
      WHERE p.business_id = ${businessId} AND p.id = r.id
      RETURNING p.id, p.quantity, r.delta
    ), moved AS (
      INSERT INTO stock_movements (business_id, product_id, delta, quantity_after, reason, ref_type, ref_id, note, actor_kind, actor_id, actor_name, created_at)
      SELECT ${businessId}, upd.id, upd.delta, upd.quantity, 'supply', ${movement.refType}, ${movement.refId}, ${movement.note ?? ""},
             ${actor.kind}, ${actor.userId}, ${actor.details.username}, ${at}::timestamptz
      FROM upd
    )
    SELECT id, quantity FROM upd`);
  if (updated.rows.length !== planned.length)
    throw new Error(`Stock changed under a lock: ${updated.rows.length} of ${planned.length} products received`);
  const after = new Map(updated.rows.map((r) => [r.id, Number(r.quantity)]));
  return planned.map((r) => ({
    productId: r.productId,
    name: r.name,
    costBefore: r.costBefore,
    costAfter: r.costAfter,
    quantityAfter: after.get(r.productId)!,
  }));
}
