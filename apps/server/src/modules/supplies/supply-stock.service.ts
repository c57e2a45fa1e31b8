import { and, eq, sql } from "drizzle-orm";
import { ERROR_CODES } from "@app/shared/errors/errors";
import type { SupplyRecord, TransferToStockInput } from "@app/shared/supplies/supply";
import type { Tx } from "../../db/client.ts";
import type { Ctx } from "../../platform/context.ts";
import { AppError, notFound } from "../../platform/errors.ts";
import { runIdempotent, type Idempotency } from "../../platform/idempotency.ts";
import { receiveSupplyIntoStock } from "../inventory/inventory.public.ts";
import { findSupplyRow, readSupply, supplyName } from "./supply-read.ts";
import { supplyProducts, supplyTransfers } from "./supplies.table.ts";

/**
 * POST /supplyrecord/transferSupplyToStock/{id}: moves units of a supply's products from the
 * supply store into sellable stock, in one transaction: the supply row is locked first (so
 * transfers of one supply run one after the other and can never move more than was received),
 * each line's `transferred` rises under a CHECK, and the inventory module raises the stock
 * through its ledger and sets each cost price to the weighted average. More than is left:
 * 422 SUPPLY_TRANSFER_EXCEEDS, nothing moved. A retry with the same Idempotency-Key moves nothing
 * again and answers as the first time.
 */
export function transferSupplyToStock(
  ctx: Ctx,
  id: string,
  input: TransferToStockInput,
  idem: Idempotency = {},
): Promise<SupplyRecord> {
  return runIdempotent(
    ctx.db,
    { businessId: ctx.businessId, key: idem.key, scope: `supply-transfer:${id}`, fingerprint: idem.fingerprint },
    (tx) => moveSupplyIntoStock(tx, ctx, id, input),
  );
}

/** The work of transferSupplyToStock in the caller's transaction (a KRA invoice confirmed into a supply). */
export async function moveSupplyIntoStock(
  tx: Tx,
  ctx: Ctx,
  id: string,
  input: TransferToStockInput,
): Promise<SupplyRecord> {
  const row = await findSupplyRow(tx, ctx.businessId, id, true);
  const lines = await tx
    .select()
    .from(supplyProducts)
    .where(and(eq(supplyProducts.businessId, ctx.businessId), eq(supplyProducts.supplyId, id)));
  const byProduct = new Map(lines.map((l) => [l.productId, l]));
  const fields: Record<string, string> = {};
  for (const want of input.products) {
    const line = byProduct.get(want.productId);
    if (!line) throw notFound(`Product ${want.productId} on ${supplyName(row)}`);
    const left = line.quantity - line.transferred;
    if (want.quantity > left) fields[want.productId] = `Only ${left} ${line.unit} of ${line.name} left to move`;
  }
  if (Object.keys(fields).length)
    throw new AppError(
      ERROR_CODES.SUPPLY_TRANSFER_EXCEEDS,
      `More than is left in the supply store: ${Object.values(fields).join("; ")}`,
      fields,
    );
  const received = await receiveSupplyIntoStock(
    tx,
    ctx.businessId,
    input.products.map((p) => ({ ...p, unitCost: byProduct.get(p.productId)!.unitCost })),
    { refType: "supply", refId: id, note: input.note || `${supplyName(row)} moved into stock` },
    ctx.user,
  );
  for (const r of received) {
    const line = byProduct.get(r.productId)!;
    const quantity = input.products.find((p) => p.productId === r.productId)!.quantity;
    const moved = await tx
      .update(supplyProducts)
      .set({ transferred: sql`${supplyProducts.transferred} + ${quantity}` })
      .where(
        and(
          eq(supplyProducts.businessId, ctx.businessId),
          eq(supplyProducts.id, line.id),
          sql`${supplyProducts.transferred} + ${quantity} <= ${supplyProducts.quantity}`,
        ),
      );
    if (moved.rowCount !== 1) throw new Error(`Supply line ${line.id} changed under its lock`);
    await tx.insert(supplyTransfers).values({
      businessId: ctx.businessId,
      supplyId: id,
      lineId: line.id,
      productId: r.productId,
      name: line.name,
      quantity,
      unitCost: line.unitCost,
      costBefore: r.costBefore,
      costAfter: r.costAfter,
      quantityAfter: r.quantityAfter,
      note: input.note ?? "",
      transferredBy: ctx.user.details.username,
    });
  }
  return readSupply(tx, ctx.businessId, id);
}
