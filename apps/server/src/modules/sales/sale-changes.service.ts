import { and, eq, sql } from "drizzle-orm";
import { ERROR_CODES } from "@app/shared/errors/errors";
import { mayEditSale } from "@app/shared/permissions/sales";
import type { Channel } from "@app/shared/pos/cart";
import { creditStatusOf, NOT_PAID } from "@app/shared/sales/credit";
import { ROOM_CHARGE } from "@app/shared/sales/payments";
import type { Sale, UpdateSaleInput } from "@app/shared/sales/sale";
import type { Tx } from "../../db/client.ts";
import type { Ctx } from "../../platform/context.ts";
import { AppError, conflict, unprocessable } from "../../platform/errors.ts";
import { runIdempotent, type Idempotency } from "../../platform/idempotency.ts";
import { applyStockChanges, lockProducts, stockHeldBy } from "../inventory/inventory.public.ts";
import {
  reconcileSourceMovements,
  type MovementActor,
  type MovementTarget,
} from "../transactions/transactions.public.ts";
import {
  checkExpectedTotal,
  checkSaleTotal,
  checkSellable,
  checkStock,
  mergeLines,
  priceLines,
  taxLines,
} from "./sale-lines.ts";
import { recordSaleHistory } from "./sale-history.ts";
import { CHANNEL_NOUN, findSaleRow, readSale, type SaleRow } from "./sale-read.ts";
import { checkCustomerCredit, resolveSaleCustomer } from "./sale-customer.ts";
import { checkoutMoney, paymentColumns, settleOrThrow, withoutRounding } from "./sale-payments.service.ts";
import { creditPayments, saleLines, sales } from "./sales.table.ts";
import { now } from "../../platform/clock.ts";

export const refTypeOf = (channel: Channel) => (channel === "retail" ? "sale" : "order");

export async function linesOf(tx: Tx, row: SaleRow) {
  return tx
    .select()
    .from(saleLines)
    .where(and(eq(saleLines.businessId, row.businessId), eq(saleLines.saleId, row.id)));
}

async function creditReceived(tx: Tx, row: SaleRow): Promise<number> {
  const [r] = await tx
    .select({ n: sql<number>`coalesce(sum(${creditPayments.amount}), 0)::bigint` })
    .from(creditPayments)
    .where(and(eq(creditPayments.businessId, row.businessId), eq(creditPayments.saleId, row.id)));
  return Number(r?.n ?? 0);
}

/** The money a sale holds now in the ledger's terms: its checkout payments and (unless voided) its credit repayments. */
export async function moneyTargets(tx: Tx, row: SaleRow, payments: SaleRow["payments"]): Promise<MovementTarget[]> {
  const credits = await tx
    .select()
    .from(creditPayments)
    .where(and(eq(creditPayments.businessId, row.businessId), eq(creditPayments.saleId, row.id)));
  const rounding = row.cashRounding ?? 0;
  return [
    ...checkoutMoney(withoutRounding(payments, rounding)).map((p) => ({
      kind: "sale_payment" as const,
      method: p.method,
      net: p.amount,
      reference: p.reference,
    })),
    ...(rounding ? [{ kind: "cash_rounding" as const, method: "Cash" as const, net: rounding }] : []),
    ...credits.map((c) => ({ kind: "credit_repayment" as const, method: c.method, itemId: c.id, net: c.amount })),
  ];
}

/** Brings the sale's movements in the money ledger to what the sale now holds (edit, void, restore). */
export async function settleSaleMoney(
  tx: Tx,
  actor: MovementActor,
  row: SaleRow,
  targets: MovementTarget[],
  correction: "edited" | "voided" | "restored",
  onlyKinds?: MovementTarget["kind"][],
): Promise<void> {
  await reconcileSourceMovements(tx, row.businessId, actor, { area: "sales", id: row.id }, targets, {
    correction,
    description: `${CHANNEL_NOUN[row.channel]} #${row.saleNumber} ${correction}`,
    onlyKinds,
  });
}

export function mustBe(row: SaleRow, status: SaleRow["status"]): void {
  if (row.status === status) return;
  const noun = CHANNEL_NOUN[row.channel];
  throw conflict(
    status === "completed" ? `${noun} #${row.saleNumber} is voided` : `${noun} #${row.saleNumber} is not voided`,
  );
}

/** A void sale removed from the void sales: the row stays, the void-sale actions no longer apply. */
export function mustBeListed(row: SaleRow): void {
  if (row.hiddenAt) throw conflict(`${CHANNEL_NOUN[row.channel]} #${row.saleNumber} was removed from the void sales`);
}

export const OWNER_ONLY_CREDIT_MESSAGE =
  "Only the owner can put a sale on credit, raise its credit or change who owes it. Ring up a new credit sale instead, or ask the owner.";

/**
 * PUT /sales/{id}: replaces the lines and payments of a sale. Stock moves by the difference
 * (units added are taken, units removed go back), through the ledger, in one transaction.
 * Credit already collected stays: the new credit amount may not be below it (422). Putting
 * money on credit or changing who owes it is the owner's (403, `saleEditNeedsOwner`); the
 * sale as it was (lines, payments, customer) is kept in its history.
 */
export function updateSale(
  ctx: Ctx,
  channel: Channel,
  id: string,
  input: UpdateSaleInput,
  idem: Idempotency = {},
): Promise<Sale> {
  return runIdempotent(
    ctx.db,
    { businessId: ctx.businessId, key: idem.key, scope: `sale-edit:${id}`, fingerprint: idem.fingerprint },
    async (tx) => {
      const row = await findSaleRow(tx, ctx.businessId, channel, id, true);
      mustBe(row, "completed");
      // Its amount is on a guest's room bill: a change here would not reach the bill.
      if (row.paymentMethod === ROOM_CHARGE)
        throw conflict(`Sale #${row.saleNumber} is on a guest's room bill: void it and charge the room again`);
      // Discounts are approved at the till and cash rounding belongs to the cash paid then (issue 31).
      if (
        row.discount !== 0 ||
        row.cashRounding !== 0 ||
        input.ticketDiscount ||
        input.products.some((p) => p.adjustment)
      )
        throw conflict(
          `${CHANNEL_NOUN[channel]} #${row.saleNumber}: a sale with a discount or cash rounding is not edited. Void it and ring it up again.`,
        );
      // The customer picked now, else the sale's own, else (credit) the one with the typed phone.
      const customer = await resolveSaleCustomer(
        tx,
        ctx,
        {
          ...input,
          customerName: input.customerName?.trim() || row.customerName || undefined,
          customerPhone: input.customerPhone?.trim() || row.customerPhone || undefined,
        },
        row.customerId,
      );
      const before = await readSale(tx, ctx.businessId, channel, id);
      const oldLines = await linesOf(tx, row);
      const old = mergeLines(oldLines);
      const merged = mergeLines(input.products);
      const pids = [...new Set([...old.keys(), ...merged.keys()])];
      const locked = await lockProducts(tx, ctx.businessId, pids);
      // Stock moves by the difference from what the sale really holds (an offline sale's shortfall
      // was never taken, so it is never given back).
      const held = await stockHeldBy(tx, ctx.businessId, { refType: refTypeOf(channel), refId: id }, pids);
      const taking = new Map(pids.map((pid) => [pid, (merged.get(pid) ?? 0) - (held.get(pid) ?? 0)]));
      checkSellable(
        locked,
        [...merged.keys()].filter((pid) => taking.get(pid)! > 0),
      );
      checkStock(locked, taking);
      const kept = priceLinesKeepingOld(locked, merged, channel, oldLines);
      const { total } = kept;
      const { lines, vatBands } = taxLines(
        kept.lines,
        locked,
        ctx.business.vatRegistered,
        new Map(oldLines.map((l) => [l.productId, l.taxType])),
      );
      checkExpectedTotal(input.expectedTotal, total);
      // An edit that does not name the customer keeps the sale's (a credit sale needs one).
      const named = {
        customerName: (input.customerId ? customer?.name : input.customerName?.trim()) || row.customerName,
        customerPhone: (input.customerId ? customer?.phone : input.customerPhone?.trim()) || row.customerPhone,
      };
      // Putting money on credit or changing who owes it is the owner's (permissions/sales.ts).
      const terms = { payments: input.payments, ...named, customerId: customer?.id ?? row.customerId };
      if (!mayEditSale(ctx.user, row, terms))
        throw new AppError(ERROR_CODES.SALE_CREDIT_OWNER_ONLY, OWNER_ONLY_CREDIT_MESSAGE);
      const settled = settleOrThrow(total, { payments: input.payments, ...named });
      const received = await creditReceived(tx, row);
      const balance = settled.creditAmount - received;
      if (balance < 0)
        throw unprocessable("More has already been paid on this credit than the edited sale leaves on credit");
      await checkCustomerCredit(tx, ctx, customer, {
        adding: balance,
        override: input.overrideCreditLimit,
        exceptSaleId: id,
      });
      const changes = [...taking]
        .filter(([pid]) => locked.has(pid))
        .map(([productId, want]) => ({ productId, delta: -want }));
      await applyStockChanges(
        tx,
        ctx.businessId,
        changes,
        {
          reason: "sale",
          refType: refTypeOf(channel),
          refId: id,
          note: `${CHANNEL_NOUN[channel]} #${row.saleNumber} edited`,
        },
        ctx.user,
      );
      await tx.delete(saleLines).where(and(eq(saleLines.businessId, ctx.businessId), eq(saleLines.saleId, id)));
      await tx.insert(saleLines).values(lines.map((l) => ({ ...l, businessId: ctx.businessId, saleId: id })));
      const credit = settled.creditAmount > 0;
      await tx
        .update(sales)
        .set({
          ...paymentColumns(settled, input.payments, total),
          balance: Math.max(balance, 0),
          creditStatus: credit ? creditStatusOf(total, balance) : null,
          creditPaymentMethod: credit ? (row.creditPaymentMethod ?? NOT_PAID) : null,
          clearedBy: credit && balance === 0 ? (row.clearedBy ?? ctx.user.details.username) : null,
          ...named,
          customerId: customer?.id ?? row.customerId,
          vatBands,
          // The edit took every unit it now holds from the shelf (checkStock): no shortfall is left.
          stockShortfall: null,
          // KRA signed the sale as it was: it is signed again as it is now, after a credit note
          // cancelling the old receipt (migration 0039's trigger on sales).
          ...(row.etimsState === "signed" ? { etimsState: "pending" as const } : {}),
          updatedAt: now(),
        })
        .where(and(eq(sales.businessId, ctx.businessId), eq(sales.id, id)));
      const payments = paymentColumns(settled, input.payments, total).payments;
      await settleSaleMoney(tx, ctx.user, row, await moneyTargets(tx, row, payments), "edited", ["sale_payment"]);
      const after = await readSale(tx, ctx.businessId, channel, id);
      await recordSaleHistory(tx, ctx, id, "edited", before, after);
      return after;
    },
  );
}

/** Lines keep the price they were sold at; only products new to the sale take today's price. */
function priceLinesKeepingOld(
  locked: Parameters<typeof priceLines>[0],
  merged: Map<string, number>,
  channel: Channel,
  oldLines: { productId: string; unitPrice: number }[],
) {
  const soldAt = new Map(oldLines.map((l) => [l.productId, l.unitPrice]));
  const priced = priceLines(locked, merged, channel);
  let total = 0;
  const lines = priced.lines.map((l) => {
    const unitPrice = soldAt.get(l.productId) ?? l.unitPrice;
    total += unitPrice * l.quantity;
    return { ...l, unitPrice, totalPrice: unitPrice * l.quantity };
  });
  checkSaleTotal(total);
  return { lines, total };
}
