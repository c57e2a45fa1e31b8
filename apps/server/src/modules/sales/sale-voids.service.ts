import { and, eq, isNull, sql } from "drizzle-orm";
import type { Channel } from "@app/shared/pos/cart";
import type { Sale } from "@app/shared/sales/sale";
import type { DbOrTx } from "../../db/client.ts";
import type { Ctx } from "../../platform/context.ts";
import { runIdempotent, type Idempotency } from "../../platform/idempotency.ts";
import { applyStockChanges, lockProducts, stockHeldBy } from "../inventory/inventory.public.ts";
import { checkStock, mergeLines } from "./sale-lines.ts";
import { recordSaleHistory } from "./sale-history.ts";
import { CHANNEL_NOUN, findSaleRow, newestFirst, readSale, withDetails } from "./sale-read.ts";
import { linesOf, moneyTargets, mustBe, mustBeListed, refTypeOf, settleSaleMoney } from "./sale-changes.service.ts";
import { sales } from "./sales.table.ts";
import { now } from "../../platform/clock.ts";
import { transact } from "../../platform/retry.ts";

/**
 * KRA eTIMS's refund reason for the credit note of a voided sale, checked by the etims module (a
 * layer above sales; app.ts passes it in): the code to keep, or null (06 "Refund"); throws a 400
 * for a code KRA's list does not have.
 */
export type CheckRefundReason = (db: DbOrTx, businessId: string, code: string | undefined) => Promise<string | null>;

export type VoidSaleInput = { reason?: string; etimsRefundReason?: string };

/**
 * DELETE /sales/{id}: moves the sale to the void sales (who, when, why) and returns its stock. A
 * sale KRA signed gets a credit note (migration 0039's trigger) with the refund reason kept here.
 */
export async function voidSale(
  ctx: Ctx,
  channel: Channel,
  id: string,
  input: VoidSaleInput,
  checkRefundReason: CheckRefundReason,
  idem: Idempotency = {},
): Promise<Sale> {
  // Checked first: an unknown code voids nothing.
  const etimsRefundReason = await checkRefundReason(ctx.db, ctx.businessId, input.etimsRefundReason);
  return runIdempotent(ctx.db, { businessId: ctx.businessId, key: idem.key, scope: `sale-void:${id}` }, async (tx) => {
    const row = await findSaleRow(tx, ctx.businessId, channel, id, true);
    mustBe(row, "completed");
    const before = await readSale(tx, ctx.businessId, channel, id);
    const lines = mergeLines(await linesOf(tx, row));
    const locked = await lockProducts(tx, ctx.businessId, [...lines.keys()]);
    // Only what the sale really took goes back: an offline sale's shortfall was never on the shelf.
    const held = await stockHeldBy(tx, ctx.businessId, { refType: refTypeOf(channel), refId: id }, [...lines.keys()]);
    const back = [...lines.keys()]
      .filter((pid) => locked.has(pid))
      .map((productId) => ({ productId, delta: held.get(productId) ?? 0 }));
    await applyStockChanges(
      tx,
      ctx.businessId,
      back,
      {
        reason: "void",
        refType: refTypeOf(channel),
        refId: id,
        note: `${CHANNEL_NOUN[channel]} #${row.saleNumber} voided`,
      },
      ctx.user,
    );
    await tx
      .update(sales)
      .set({
        status: "voided",
        voidedAt: now(),
        voidedBy: ctx.user.details.username,
        voidReason: input.reason ?? null,
        etimsRefundReason,
        // A void sale holds no stock, so it lacks none: it leaves the owner's stock review (its
        // shortfall stays in the sale's history). A restore takes every unit again (checkStock).
        stockShortfall: null,
        updatedAt: now(),
      })
      .where(and(eq(sales.businessId, ctx.businessId), eq(sales.id, id)));
    // Every shilling the sale took (at checkout and in credit repayments) goes back out.
    await settleSaleMoney(tx, ctx.user, row, [], "voided");
    const after = await readSale(tx, ctx.businessId, channel, id);
    await recordSaleHistory(tx, ctx, id, "voided", before, after);
    return after;
  });
}

/** POST /sales/voidsales/restore/{id}: the sale comes back and takes its stock again (409 if it is gone). */
export function restoreSale(ctx: Ctx, channel: Channel, id: string, idem: Idempotency = {}): Promise<Sale> {
  return runIdempotent(
    ctx.db,
    { businessId: ctx.businessId, key: idem.key, scope: `sale-restore:${id}` },
    async (tx) => {
      const row = await findSaleRow(tx, ctx.businessId, channel, id, true);
      mustBe(row, "voided");
      mustBeListed(row);
      const before = await readSale(tx, ctx.businessId, channel, id);
      const lines = mergeLines(await linesOf(tx, row));
      const locked = await lockProducts(tx, ctx.businessId, [...lines.keys()]);
      checkStock(locked, lines);
      const take = [...lines]
        .filter(([pid]) => locked.has(pid))
        .map(([productId, quantity]) => ({ productId, delta: -quantity }));
      await applyStockChanges(
        tx,
        ctx.businessId,
        take,
        {
          reason: "restore",
          refType: refTypeOf(channel),
          refId: id,
          note: `${CHANNEL_NOUN[channel]} #${row.saleNumber} restored`,
        },
        ctx.user,
      );
      await tx
        .update(sales)
        .set({
          status: "completed",
          voidedAt: null,
          voidedBy: null,
          voidReason: null,
          etimsRefundReason: null,
          updatedAt: now(),
        })
        .where(and(eq(sales.businessId, ctx.businessId), eq(sales.id, id)));
      await settleSaleMoney(tx, ctx.user, row, await moneyTargets(tx, row, row.payments), "restored");
      const after = await readSale(tx, ctx.businessId, channel, id);
      await recordSaleHistory(tx, ctx, id, "restored", before, after);
      return after;
    },
  );
}

/** The void sales of a channel, most recently voided first. */
export async function listVoidSales(ctx: Ctx, channel: Channel, limit = 500): Promise<Sale[]> {
  const rows = await ctx.db
    .select()
    .from(sales)
    .where(
      and(
        eq(sales.businessId, ctx.businessId),
        eq(sales.channel, channel),
        sql`${sales.status} = 'voided'`,
        isNull(sales.hiddenAt),
      ),
    )
    .orderBy(sql`${sales.voidedAt} DESC`, ...newestFirst)
    .limit(limit);
  return withDetails(ctx.db, ctx.businessId, rows);
}

/** PUT /sales/voidsales/{id}: the reason of a void can be corrected (the old reason stays in the history). */
export async function updateVoidSale(ctx: Ctx, channel: Channel, id: string, reason: string): Promise<Sale> {
  return transact(ctx.db, async (tx) => {
    const row = await findSaleRow(tx, ctx.businessId, channel, id, true);
    mustBe(row, "voided");
    mustBeListed(row);
    const before = await readSale(tx, ctx.businessId, channel, id);
    await tx
      .update(sales)
      .set({ voidReason: reason, updatedAt: now() })
      .where(and(eq(sales.businessId, ctx.businessId), eq(sales.id, id)));
    const after = await readSale(tx, ctx.businessId, channel, id);
    await recordSaleHistory(tx, ctx, id, "void_reason", before, after);
    return after;
  });
}

/**
 * DELETE /sales/voidsales/{id}: removes a void sale from the void sales. Money and stock records
 * are never erased: every sale has payments or stock movements (its lines took stock), so the
 * sale, its lines, payments, ledger rows and history are kept (the foreign keys and triggers of
 * migrations 0016-0017 refuse it too); it is only hidden from the list, and that is recorded.
 */
export async function hideVoidSale(ctx: Ctx, channel: Channel, id: string): Promise<{ hidden: true }> {
  return transact(ctx.db, async (tx) => {
    const row = await findSaleRow(tx, ctx.businessId, channel, id, true);
    mustBe(row, "voided");
    mustBeListed(row);
    const sale = await readSale(tx, ctx.businessId, channel, id);
    await tx
      .update(sales)
      .set({ hiddenAt: now(), hiddenBy: ctx.user.details.username })
      .where(and(eq(sales.businessId, ctx.businessId), eq(sales.id, id)));
    await recordSaleHistory(tx, ctx, id, "hidden", sale, sale, { note: "Removed from the void sales" });
    return { hidden: true as const };
  });
}
