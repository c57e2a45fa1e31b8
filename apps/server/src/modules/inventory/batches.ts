import { and, asc, eq, sql } from "drizzle-orm";
import { isExpired, pickBatches, type ProductBatch, type ReceiveBatchInput } from "@app/shared/inventory/batch";
import type { Medicine } from "@app/shared/clinic/orders";
import { ERROR_CODES } from "@app/shared/errors/errors";
import type { DbOrTx, Tx } from "../../db/client.ts";
import { AppError, conflict, notFound } from "../../platform/errors.ts";
import { productBatches } from "./batches.table.ts";
import { applyStockChange, applyStockChanges, lockProducts, type Actor } from "./stock-ledger.ts";
import { now } from "../../platform/clock.ts";
import { containing } from "../../platform/search.ts";

type BatchRow = typeof productBatches.$inferSelect;

function toBatch(b: BatchRow, today: string): ProductBatch {
  return {
    _id: b.id,
    productId: b.productId,
    batchNumber: b.batchNumber,
    expiryDate: b.expiryDate,
    quantity: b.quantity,
    received: b.received,
    expired: isExpired(b.expiryDate, today),
    createdAt: b.createdAt.toISOString(),
  };
}

/** A product's batches, the first to expire first (empty ones too: they are the product's history). */
export async function listBatches(db: DbOrTx, businessId: string, productId: string, today: string) {
  const rows = await db
    .select()
    .from(productBatches)
    .where(and(eq(productBatches.businessId, businessId), eq(productBatches.productId, productId)))
    .orderBy(asc(productBatches.expiryDate), asc(productBatches.batchNumber));
  return rows.map((b) => toBatch(b, today));
}

/**
 * Receives units of a product under a batch number and expiry date: the stock rises through the
 * ledger (reason supply) and the batch is created, or topped up when the number is known with the
 * same expiry (another expiry under that number: 409). Run inside the caller's transaction.
 */
export async function receiveBatch(
  tx: Tx,
  businessId: string,
  productId: string,
  input: ReceiveBatchInput,
  actor: Actor,
  today: string,
): Promise<ProductBatch> {
  const [known] = await tx
    .select()
    .from(productBatches)
    .where(
      and(
        eq(productBatches.businessId, businessId),
        eq(productBatches.productId, productId),
        eq(productBatches.batchNumber, input.batchNumber),
      ),
    )
    .for("update");
  if (known && known.expiryDate !== input.expiryDate)
    throw conflict(`Batch ${input.batchNumber} was received with expiry ${known.expiryDate}, not ${input.expiryDate}`, {
      expiryDate: "Another expiry date is recorded for this batch number",
    });
  const [batch] = known
    ? await tx
        .update(productBatches)
        .set({
          quantity: sql`${productBatches.quantity} + ${input.quantity}`,
          received: sql`${productBatches.received} + ${input.quantity}`,
          updatedAt: new Date(),
        })
        .where(and(eq(productBatches.businessId, businessId), eq(productBatches.id, known.id)))
        .returning()
    : await tx
        .insert(productBatches)
        .values({
          businessId,
          productId,
          batchNumber: input.batchNumber,
          expiryDate: input.expiryDate,
          quantity: input.quantity,
          received: input.quantity,
        })
        .returning();
  const moved = await applyStockChange(
    tx,
    {
      businessId,
      productId,
      reason: "supply",
      delta: input.quantity,
      refType: "batch",
      refId: batch!.id,
      note: `Batch ${input.batchNumber}, expires ${input.expiryDate}`,
    },
    actor,
  );
  if (!moved) throw conflict("The product cannot hold that many more units", { quantity: "Too many units" });
  return toBatch(batch!, today);
}

export type DispensedFrom = {
  name: string;
  unit: string;
  /** The product's selling price per unit, in cents, at the moment of dispensing. */
  unitPrice: number;
  batches: { batchId: string; batchNumber: string; expiryDate: string; quantity: number }[];
};

/**
 * Takes `quantity` units of a medicine for a dispensing, inside the caller's transaction: the
 * product and its batches are locked, the batches that expire first are taken (expired ones
 * never: 409 BATCH_EXPIRED when only they are left), the shelf is checked (409
 * INSUFFICIENT_STOCK), then the batches and the product's stock move, with one ledger row.
 * Concurrent dispensings of one product wait on its lock, so the last units go once.
 */
export async function dispenseFromBatches(
  tx: Tx,
  businessId: string,
  productId: string,
  quantity: number,
  today: string,
  ref: { refType: string; refId: string; note: string },
  actor: Actor,
): Promise<DispensedFrom> {
  const product = (await lockProducts(tx, businessId, [productId])).get(productId);
  if (!product) throw notFound("Medicine");
  if (!product.sellable) throw conflict(`${product.name} is archived or inactive and cannot be dispensed`);
  const rows = await tx
    .select()
    .from(productBatches)
    .where(and(eq(productBatches.businessId, businessId), eq(productBatches.productId, productId)))
    .orderBy(asc(productBatches.id))
    .for("update");
  if (!rows.length)
    throw conflict(
      `No batch of ${product.name} has been received: receive its stock with a batch number and expiry date`,
    );
  const pick = pickBatches(rows, quantity, today);
  if (!pick.ok) {
    if (pick.reason === "expired") {
      const list = pick.expired.map((b) => `${b.batchNumber} (expired ${b.expiryDate})`).join(", ");
      throw new AppError(
        ERROR_CODES.BATCH_EXPIRED,
        `Only ${pick.usable} ${product.unit} of ${product.name} are in date; batch ${list} must not be dispensed`,
        { quantity: "Expired batches are never dispensed" },
      );
    }
    throw new AppError(
      ERROR_CODES.INSUFFICIENT_STOCK,
      `Only ${pick.usable} ${product.unit} of ${product.name} can be dispensed; ${quantity} prescribed`,
      { quantity: "More than is in stock" },
    );
  }
  if (product.quantity < quantity)
    throw new AppError(
      ERROR_CODES.INSUFFICIENT_STOCK,
      `Only ${product.quantity} ${product.unit} of ${product.name} in stock; ${quantity} prescribed`,
      { quantity: "More than is in stock" },
    );
  const ids = sql.param(pick.taken.map((b) => b.id));
  const takes = sql.param(pick.taken.map((b) => b.take));
  const moved = await tx.execute(sql`
    UPDATE product_batches b SET quantity = b.quantity - r.take, updated_at = ${now().toISOString()}::timestamptz
    FROM unnest(${ids}::uuid[], ${takes}::int[]) AS r(id, take)
    WHERE b.business_id = ${businessId} AND b.id = r.id AND b.quantity >= r.take`);
  if (moved.rowCount !== pick.taken.length) throw new Error("A batch changed under its lock");
  await applyStockChanges(tx, businessId, [{ productId, delta: -quantity }], { reason: "dispense", ...ref }, actor);
  return {
    name: product.name,
    unit: product.unit,
    unitPrice: product.sellingprice,
    batches: pick.taken.map((b) => ({
      batchId: b.id,
      batchNumber: b.batchNumber,
      expiryDate: b.expiryDate,
      quantity: b.take,
    })),
  };
}

/**
 * Medicines a clinician can prescribe: live products with at least one batch, with the units of
 * batches in date (never more than the shelf holds) and the next expiry, by name.
 */
export async function listMedicines(
  db: DbOrTx,
  businessId: string,
  q: string | undefined,
  today: string,
): Promise<Medicine[]> {
  const like = q ? containing(q.toLowerCase()) : null;
  const { rows } = await db.execute<{
    id: string;
    name: string;
    unit: string;
    selling_price: string;
    quantity: number;
    usable: string;
    next_expiry: string | null;
  }>(sql`
    SELECT p.id, p.name, p.unit, p.selling_price, p.quantity,
           coalesce(sum(b.quantity) FILTER (WHERE b.expiry_date >= ${today}::date), 0) AS usable,
           min(b.expiry_date) FILTER (WHERE b.expiry_date >= ${today}::date AND b.quantity > 0)::text AS next_expiry
    FROM products p JOIN product_batches b ON b.business_id = p.business_id AND b.product_id = p.id
    WHERE p.business_id = ${businessId} AND p.active AND p.archived_at IS NULL
      AND (${like}::text IS NULL OR lower(p.name) LIKE ${like})
    GROUP BY p.business_id, p.id
    ORDER BY lower(p.name), p.id
    LIMIT 50`);
  return rows.map((r) => ({
    productId: r.id,
    name: r.name,
    unit: r.unit,
    sellingprice: Number(r.selling_price),
    available: Math.min(Number(r.usable), Number(r.quantity)),
    nextExpiry: r.next_expiry,
  }));
}
