import { and, asc, eq } from "drizzle-orm";
import type { Channel } from "@app/shared/pos/cart";
import { snapshotOf, type SaleHistoryAction, type SaleHistoryEntry } from "@app/shared/sales/sale-history";
import type { Sale } from "@app/shared/sales/sale";
import type { DbOrTx, Tx } from "../../db/client.ts";
import type { ActorCtx } from "../../platform/context.ts";
import { findSaleRow } from "./sale-read.ts";
import { creditPayments, saleHistory } from "./sales.table.ts";

/**
 * Writes one history row of a sale: who (the signed-in user), what, and the sale before and
 * after. Called inside the change's own transaction, so a change and its row commit together;
 * under an Idempotency-Key a retry replays the result and writes neither again.
 */
export async function recordSaleHistory(
  tx: Tx,
  ctx: ActorCtx,
  saleId: string,
  action: SaleHistoryAction,
  before: Sale | null,
  after: Sale | null,
  extra: { creditPaymentId?: string; note?: string } = {},
): Promise<void> {
  await tx.insert(saleHistory).values({
    businessId: ctx.businessId,
    saleId,
    action,
    actorKind: ctx.user.kind,
    actorId: ctx.user.userId,
    actorName: ctx.user.details.username,
    before: before ? snapshotOf(before) : null,
    after: after ? snapshotOf(after) : null,
    creditPaymentId: extra.creditPaymentId ?? null,
    note: extra.note ?? null,
  });
}

/** GET /sales/{id}/history and /orders/{id}/history: the sale's audit trail, oldest first. */
export async function listSaleHistory(
  db: DbOrTx,
  businessId: string,
  channel: Channel,
  id: string,
): Promise<SaleHistoryEntry[]> {
  await findSaleRow(db, businessId, channel, id);
  const rows = await db
    .select({ h: saleHistory, p: creditPayments })
    .from(saleHistory)
    .leftJoin(
      creditPayments,
      and(eq(creditPayments.businessId, saleHistory.businessId), eq(creditPayments.id, saleHistory.creditPaymentId)),
    )
    .where(and(eq(saleHistory.businessId, businessId), eq(saleHistory.saleId, id)))
    .orderBy(asc(saleHistory.createdAt), asc(saleHistory.id));
  return rows.map(({ h, p }) => ({
    _id: h.id,
    saleId: h.saleId,
    action: h.action,
    actorName: h.actorName,
    actorKind: h.actorKind,
    at: h.createdAt.toISOString(),
    before: h.before,
    after: h.after,
    payment: p
      ? {
          _id: p.id,
          paymentDate: p.paidAt.toISOString(),
          amountPaid: p.amount,
          paymentMethod: p.method,
          recordedBy: p.recordedBy,
        }
      : null,
    note: h.note,
  }));
}
