import { and, eq, sql } from "drizzle-orm";
import { formatKES } from "@app/shared/money/money";
import { creditStatusOf } from "@app/shared/sales/credit";
import {
  MAX_SUPPLY_TOTAL,
  SUPPLY_TOTAL_ABOVE_LIMIT_MESSAGE,
  type SupplyRecord,
  type UpdateSupplyCommodityInput,
  type UpdateSupplyProductInput,
} from "@app/shared/supplies/supply";
import type { Tx } from "../../db/client.ts";
import type { Ctx } from "../../platform/context.ts";
import { AppError, conflict, notFound, unprocessable } from "../../platform/errors.ts";
import { ERROR_CODES } from "@app/shared/errors/errors";
import { findSupplyRow, readSupply, supplyName, type SupplyRow } from "./supply-read.ts";
import { supplyCommodities, supplyProducts, supplyRecords } from "./supplies.table.ts";
import { now } from "../../platform/clock.ts";
import { transact } from "../../platform/retry.ts";

/**
 * After a line changed: the supply's total is its lines added up again; what was paid stays, so
 * the balance follows the total (422 when the total would fall below what was already paid).
 * Added up in numeric (a line can reach 1e20 cents, beyond bigint): a total above
 * MAX_SUPPLY_TOTAL, as POST refuses it, is 400 on `field`, and the transaction writes nothing.
 */
async function retotal(tx: Tx, ctx: Ctx, row: SupplyRow, field: string): Promise<void> {
  const { rows } = await tx.execute<{ total: string; at_delivery: string }>(sql`
    SELECT (coalesce((SELECT sum(quantity::numeric * unit_cost) FROM supply_products WHERE business_id = ${ctx.businessId} AND supply_id = ${row.id}), 0)
          + coalesce((SELECT sum(quantity::numeric * unit_cost) FROM supply_commodities WHERE business_id = ${ctx.businessId} AND supply_id = ${row.id}), 0))::text AS total,
           coalesce((SELECT sum(amount) FROM supplier_payments WHERE business_id = ${ctx.businessId} AND supply_id = ${row.id} AND at_delivery), 0)::text AS at_delivery`);
  const total = Number(rows[0]!.total);
  if (total > MAX_SUPPLY_TOTAL)
    throw new AppError(ERROR_CODES.VALIDATION, SUPPLY_TOTAL_ABOVE_LIMIT_MESSAGE, {
      [field]: SUPPLY_TOTAL_ABOVE_LIMIT_MESSAGE,
    });
  const paid = row.total - row.balance;
  if (total < paid)
    throw unprocessable(
      `${formatKES(paid)} has already been paid for ${supplyName(row)}: its total cannot go below that`,
    );
  const balance = total - paid;
  const creditAmount = Math.max(total - Number(rows[0]!.at_delivery), 0);
  await tx
    .update(supplyRecords)
    .set({
      total,
      balance,
      creditAmount,
      creditStatus: creditAmount > 0 ? creditStatusOf(total, balance) : null,
      updatedAt: now(),
    })
    .where(and(eq(supplyRecords.businessId, ctx.businessId), eq(supplyRecords.id, row.id)));
}

/**
 * PATCH /supplyrecord/{id}/product/{productId}: a product line's quantity (never below what was
 * already moved into stock, 422) or unit cost (only while none of it is in stock, 409: those
 * units took their cost price already).
 */
export async function updateSupplyProduct(
  ctx: Ctx,
  id: string,
  productId: string,
  input: UpdateSupplyProductInput,
): Promise<SupplyRecord> {
  return transact(ctx.db, async (tx) => {
    const row = await findSupplyRow(tx, ctx.businessId, id, true);
    const [line] = await tx
      .select()
      .from(supplyProducts)
      .where(
        and(
          eq(supplyProducts.businessId, ctx.businessId),
          eq(supplyProducts.supplyId, id),
          eq(supplyProducts.productId, productId),
        ),
      );
    if (!line) throw notFound("Product on this supply");
    if (input.quantity !== undefined && input.quantity < line.transferred)
      throw unprocessable(
        `${line.transferred} ${line.unit} of ${line.name} are already in stock: the quantity cannot be less`,
        {
          quantity: `At least ${line.transferred}`,
        },
      );
    if (input.unitCost !== undefined && input.unitCost !== line.unitCost && line.transferred > 0)
      throw conflict(
        `Some ${line.name} is already in stock at ${formatKES(line.unitCost)}: its unit cost cannot change`,
        {
          unitCost: "Already in stock at this cost",
        },
      );
    await tx
      .update(supplyProducts)
      .set({ quantity: input.quantity ?? line.quantity, unitCost: input.unitCost ?? line.unitCost })
      .where(and(eq(supplyProducts.businessId, ctx.businessId), eq(supplyProducts.id, line.id)));
    await retotal(tx, ctx, row, input.unitCost !== undefined ? "unitCost" : "quantity");
    return readSupply(tx, ctx.businessId, id);
  });
}

/** PATCH /supplyrecord/{id}/commodity/{commodityId}: any of a commodity line's fields. */
export async function updateSupplyCommodity(
  ctx: Ctx,
  id: string,
  commodityId: string,
  input: UpdateSupplyCommodityInput,
): Promise<SupplyRecord> {
  return transact(ctx.db, async (tx) => {
    const row = await findSupplyRow(tx, ctx.businessId, id, true);
    const updated = await tx
      .update(supplyCommodities)
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.unit !== undefined ? { unit: input.unit } : {}),
        ...(input.quantity !== undefined ? { quantity: input.quantity } : {}),
        ...(input.unitCost !== undefined ? { unitCost: input.unitCost } : {}),
      })
      .where(
        and(
          eq(supplyCommodities.businessId, ctx.businessId),
          eq(supplyCommodities.supplyId, id),
          eq(supplyCommodities.id, commodityId),
        ),
      )
      .returning({ id: supplyCommodities.id });
    if (!updated.length) throw notFound("Commodity on this supply");
    await retotal(tx, ctx, row, input.unitCost !== undefined ? "unitCost" : "quantity");
    return readSupply(tx, ctx.businessId, id);
  });
}
