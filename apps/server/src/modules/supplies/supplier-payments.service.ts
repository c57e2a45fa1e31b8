import { and, eq, sql } from "drizzle-orm";
import { ERROR_CODES } from "@app/shared/errors/errors";
import { applyCreditPayment, type CreditPaymentInput } from "@app/shared/sales/credit";
import type { SupplyCreditSummary, SupplyRecord } from "@app/shared/supplies/supply";
import type { Ctx } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import { runIdempotent, type Idempotency } from "../../platform/idempotency.ts";
import { checkMoneyDate } from "../../platform/money-date.ts";
import { recordSupplierMoney } from "./supplier-money.ts";
import { findSupplyRow, readSupply, supplyName } from "./supply-read.ts";
import { supplierPayments, supplyRecords } from "./supplies.table.ts";
import { now } from "../../platform/clock.ts";

/**
 * POST /supplyrecord/{id}/payments: a part payment to the supplier (Cash, M-Pesa or Bank
 * Transfer, on a date). The supply row is locked, so payments at the same moment are applied one
 * after the other: above the balance is refused (422 CREDIT_OVERPAYMENT, the sales credit
 * message), a cleared supply takes none (409 SUPPLY_CLEARED). The status follows the balance as
 * for sales credit (applyCreditPayment): Pending, Partial, Cleared.
 */
export function recordSupplierPayment(
  ctx: Ctx,
  id: string,
  input: CreditPaymentInput,
  idem: Idempotency = {},
): Promise<SupplyRecord> {
  checkMoneyDate(input.paymentDate, "paymentDate");
  return runIdempotent(
    ctx.db,
    { businessId: ctx.businessId, key: idem.key, scope: `supplier-payment:${id}`, fingerprint: idem.fingerprint },
    async (tx) => {
      const row = await findSupplyRow(tx, ctx.businessId, id, true);
      if (row.balance === 0)
        throw new AppError(ERROR_CODES.SUPPLY_CLEARED, `${supplyName(row)} is already paid in full`, {
          amountPaid: "Nothing is owed on this supply",
        });
      const applied = applyCreditPayment({ amount: row.total, balance: row.balance }, input.amountPaid);
      if (!applied.ok) {
        const code = input.amountPaid > row.balance ? ERROR_CODES.CREDIT_OVERPAYMENT : ERROR_CODES.UNPROCESSABLE;
        throw new AppError(code, applied.message, { amountPaid: applied.message });
      }
      const paidAt = input.paymentDate ? new Date(input.paymentDate) : new Date();
      const [payment] = await tx
        .insert(supplierPayments)
        .values({
          businessId: ctx.businessId,
          supplyId: id,
          supplierId: row.supplierId,
          amount: input.amountPaid,
          method: input.paymentMethod,
          paidAt,
          recordedBy: ctx.user.details.username,
        })
        .returning({ id: supplierPayments.id });
      await recordSupplierMoney(tx, ctx, {
        supplyId: id,
        paymentId: payment!.id,
        method: input.paymentMethod,
        amount: input.amountPaid,
        paidAt,
        description: `Payment for ${supplyName(row)}`,
      });
      await tx
        .update(supplyRecords)
        .set({
          balance: applied.balance,
          creditStatus: applied.creditStatus,
          updatedAt: now(),
        })
        .where(and(eq(supplyRecords.businessId, ctx.businessId), eq(supplyRecords.id, id)));
      return readSupply(tx, ctx.businessId, id);
    },
  );
}

/** GET /supplyrecord/credit/summary: supplies on credit counted in the database. */
export async function supplyCreditSummary(ctx: Ctx): Promise<SupplyCreditSummary> {
  const { rows } = await ctx.db.execute<{ supplies: number; open: number; amount: string; balance: string }>(sql`
    SELECT count(*)::int AS supplies, count(*) FILTER (WHERE balance > 0)::int AS open,
           coalesce(sum(total) FILTER (WHERE balance > 0), 0)::text AS amount, coalesce(sum(balance), 0)::text AS balance
    FROM supply_records WHERE business_id = ${ctx.businessId} AND credit_amount > 0`);
  const r = rows[0]!;
  const amount = Number(r.amount);
  const balance = Number(r.balance);
  return { supplies: Number(r.supplies), open: Number(r.open), amount, amountPaid: amount - balance, balance };
}
