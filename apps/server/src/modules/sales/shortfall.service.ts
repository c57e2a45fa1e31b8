import { and, asc, eq, isNotNull, sql } from "drizzle-orm";
import type { Channel } from "@app/shared/pos/cart";
import type { Sale } from "@app/shared/sales/sale";
import {
  openShortfallsOf,
  shortfallWithout,
  type OpenShortfall,
  type SettleShortfallInput,
} from "@app/shared/sales/shortfall";
import type { Ctx } from "../../platform/context.ts";
import { conflict } from "../../platform/errors.ts";
import { runIdempotent, type Idempotency } from "../../platform/idempotency.ts";
import { now } from "../../platform/clock.ts";
import { applyStockChange, lockProducts } from "../inventory/inventory.public.ts";
import { recordSaleHistory } from "./sale-history.ts";
import { mustBe, refTypeOf } from "./sale-changes.service.ts";
import { CHANNEL_NOUN, findSaleRow, readSale } from "./sale-read.ts";
import { sales } from "./sales.table.ts";

/** At most this many sales' shortfalls are listed at once (the oldest first). */
const MAX_SALES = 200;

/**
 * GET /api/stock-shortfalls: what offline sales and orders sold that the stock did not have and
 * nobody has settled yet, one row per product (the bell and the dashboard's card name them).
 */
export async function listOpenShortfalls(ctx: Ctx): Promise<OpenShortfall[]> {
  const rows = await ctx.db
    .select({
      id: sales.id,
      saleNumber: sales.saleNumber,
      channel: sales.channel,
      offlineAt: sales.offlineAt,
      stockShortfall: sales.stockShortfall,
    })
    .from(sales)
    .where(and(eq(sales.businessId, ctx.businessId), isNotNull(sales.stockShortfall), eq(sales.status, "completed")))
    .orderBy(asc(sql`coalesce(${sales.offlineAt}, ${sales.createdAt})`), asc(sales.saleNumber))
    .limit(MAX_SALES);
  return openShortfallsOf(rows.map((r) => ({ ...r, offlineAt: r.offlineAt?.toISOString() ?? null })));
}

/**
 * POST /api/sales/{id}/shortfall (and /orders): settles one product of a sale's shortfall
 * through the stock ledger, in one transaction, under an Idempotency-Key.
 * - receive: the missing units arrived after all: a "received" row adds them and a "sale" row
 *   of the sale takes them, so the shelf's count is unchanged and the sale now holds every unit
 *   it sold (a later void gives them all back).
 * - loss: a "loss" row of the sale with the reason; the quantity does not change (the units
 *   were never on the shelf), the write-off is on record.
 * The product leaves the sale's shortfall (the sale leaves the review when none is left), and
 * the sale's history says who settled what. A second settle of the same product is a 409.
 */
export function settleShortfall(
  ctx: Ctx,
  channel: Channel,
  id: string,
  input: SettleShortfallInput,
  idem: Idempotency = {},
): Promise<Sale> {
  return runIdempotent(
    ctx.db,
    { businessId: ctx.businessId, key: idem.key, scope: `sale-shortfall:${id}:${input.productId}` },
    async (tx) => {
      const row = await findSaleRow(tx, ctx.businessId, channel, id, true);
      mustBe(row, "completed");
      const noun = `${CHANNEL_NOUN[channel]} #${row.saleNumber}`;
      const entry = (row.stockShortfall ?? []).find((s) => s.productId === input.productId);
      if (!entry) throw conflict(`${noun} lacks nothing of this product: it is settled already`);
      const before = await readSale(tx, ctx.businessId, channel, id);
      const locked = await lockProducts(tx, ctx.businessId, [input.productId]);
      const reason = input.reason?.trim() ?? "";
      const sold = `${entry.missing} × ${entry.name} sold offline on ${noun} without stock`;
      let note: string;
      if (input.settlement === "receive") {
        if (!locked.has(input.productId)) throw conflict(`${entry.name} no longer exists: accept the loss instead`);
        const received = await applyStockChange(
          tx,
          {
            businessId: ctx.businessId,
            productId: input.productId,
            reason: "received",
            delta: entry.missing,
            refType: "sale-shortfall",
            refId: id,
            note: `Received: ${sold}${reason ? ` (${reason})` : ""}`,
          },
          ctx.user,
        );
        if (!received) throw conflict(`${entry.name} cannot hold ${entry.missing} more units`);
        await applyStockChange(
          tx,
          {
            businessId: ctx.businessId,
            productId: input.productId,
            reason: "sale",
            delta: -entry.missing,
            refType: refTypeOf(channel),
            refId: id,
            note: `${noun}: the ${entry.missing} units received`,
          },
          ctx.user,
        );
        note = `Received ${entry.missing} × ${entry.name}${reason ? `: ${reason}` : ""}`;
      } else {
        // The product may have been deleted since: the write-off is then kept in the history only.
        if (locked.has(input.productId))
          await applyStockChange(
            tx,
            {
              businessId: ctx.businessId,
              productId: input.productId,
              reason: "loss",
              delta: 0,
              refType: refTypeOf(channel),
              refId: id,
              note: `Loss accepted: ${sold}: ${reason}`,
            },
            ctx.user,
          );
        note = `Loss of ${entry.missing} × ${entry.name} accepted: ${reason}`;
      }
      await tx
        .update(sales)
        .set({ stockShortfall: shortfallWithout(row.stockShortfall, input.productId), updatedAt: now() })
        .where(and(eq(sales.businessId, ctx.businessId), eq(sales.id, id)));
      const after = await readSale(tx, ctx.businessId, channel, id);
      await recordSaleHistory(tx, ctx, id, "shortfall_settled", before, after, { note });
      return after;
    },
  );
}
