import { and, desc, eq, isNull, type SQL } from "drizzle-orm";
import { failureOf, maskPhone, type TillPayment, type UnclaimedQuery } from "@app/shared/mpesa/mpesa";
import type { DbOrTx, Tx } from "../../db/client.ts";
import { now } from "../../platform/clock.ts";
import type { Ctx } from "../../platform/context.ts";
import { conflict } from "../../platform/errors.ts";
import { mpesaPayments } from "./mpesa.table.ts";

// Till payments as the till sees them: one payment, the unclaimed ones, and claiming one for a sale.

export type PaymentRow = typeof mpesaPayments.$inferSelect;

export function toTillPayment(r: PaymentRow): TillPayment {
  return {
    _id: r.id,
    source: r.source,
    status: r.status,
    amount: r.amount,
    receipt: r.receipt,
    maskedPhone: maskPhone(r.phone),
    firstName: r.firstName,
    accountNumber: r.accountNumber,
    paidAt: r.paidAt.toISOString(),
    failure: r.status === "failed" ? (failureOf(r.resultCode) ?? "other") : null,
    resultCode: r.resultCode,
    matched:
      r.matchedKind && r.matchedId ? { kind: r.matchedKind, id: r.matchedId, label: r.matchedLabel ?? "" } : null,
    saleId: r.saleId,
    createdAt: r.createdAt.toISOString(),
  };
}

export async function paymentOf(db: DbOrTx, businessId: string, id: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(mpesaPayments)
    .where(and(eq(mpesaPayments.businessId, businessId), eq(mpesaPayments.id, id)));
  return row;
}

/** The business that owns a till payment (tenancy guard of /api/mpesa/payments/{id}). */
export async function businessIdOfPayment(db: DbOrTx, id: string): Promise<string | null> {
  const [row] = await db.select({ b: mpesaPayments.businessId }).from(mpesaPayments).where(eq(mpesaPayments.id, id));
  return row?.b ?? null;
}

/** Unclaimed, confirmed payments (newest first), of exactly the amount due when given. */
export async function listUnclaimed(ctx: Ctx, q: UnclaimedQuery): Promise<TillPayment[]> {
  const where: (SQL | undefined)[] = [
    eq(mpesaPayments.businessId, ctx.businessId),
    eq(mpesaPayments.status, "confirmed"),
    isNull(mpesaPayments.saleId),
    isNull(mpesaPayments.claimedAt), // an invoice paid by account number has no sale but is taken
    q.amount !== undefined ? eq(mpesaPayments.amount, q.amount) : undefined,
    q.receipt ? eq(mpesaPayments.receipt, q.receipt) : undefined,
  ];
  const rows = await ctx.db
    .select()
    .from(mpesaPayments)
    .where(and(...where))
    .orderBy(desc(mpesaPayments.paidAt))
    .limit(50);
  return rows.map(toTillPayment);
}

/**
 * Attaches a confirmed, unclaimed M-Pesa payment of exactly `amount` to a sale, inside the sale's
 * transaction: one conditional UPDATE, so of two sales claiming it at once only one gets it.
 * Returns the M-Pesa code (the sale's payment reference); 409 when it is taken, not confirmed,
 * or of another amount.
 */
export async function claimForSale(
  tx: Tx,
  businessId: string,
  claim: { paymentId: string; saleId: string; amount: number; by: string },
): Promise<string | null> {
  const [row] = await tx
    .update(mpesaPayments)
    .set({ saleId: claim.saleId, claimedBy: claim.by, claimedAt: now(), updatedAt: now() })
    .where(
      and(
        eq(mpesaPayments.businessId, businessId),
        eq(mpesaPayments.id, claim.paymentId),
        eq(mpesaPayments.status, "confirmed"),
        eq(mpesaPayments.amount, claim.amount),
        isNull(mpesaPayments.saleId),
        isNull(mpesaPayments.claimedAt),
      ),
    )
    .returning({ receipt: mpesaPayments.receipt });
  if (!row)
    throw conflict(
      "This M-Pesa payment is not available: it is already attached to another sale, not confirmed, or of another amount.",
      { payments: "M-Pesa payment not available" },
    );
  return row.receipt;
}

/** Labels a payment with what its paybill account number names: the till then shows whose it is. */
export async function labelPayment(
  tx: Tx,
  businessId: string,
  paymentId: string,
  match: { kind: "sale" | "invoice" | "customer"; id: string; label: string },
): Promise<void> {
  await tx
    .update(mpesaPayments)
    .set({ matchedKind: match.kind, matchedId: match.id, matchedLabel: match.label })
    .where(and(eq(mpesaPayments.businessId, businessId), eq(mpesaPayments.id, paymentId)));
}

/**
 * Marks a payment taken by what its account number named (attached to the sale when it named
 * one), so no till can claim it again.
 */
export async function markTaken(
  tx: Tx,
  businessId: string,
  paymentId: string,
  taken: { saleId: string | null; by: string },
): Promise<void> {
  await tx
    .update(mpesaPayments)
    .set({ saleId: taken.saleId, claimedBy: taken.by, claimedAt: now(), updatedAt: now() })
    .where(and(eq(mpesaPayments.businessId, businessId), eq(mpesaPayments.id, paymentId)));
}
