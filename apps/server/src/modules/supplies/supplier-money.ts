import type { CreditPaymentInput } from "@app/shared/sales/credit";
import type { Tx } from "../../db/client.ts";
import type { Ctx } from "../../platform/context.ts";
import { reconcileSourceMovements, recordMoneyMovement } from "../transactions/transactions.public.ts";

/** A payment to a supplier is money out of the business: the cash book sees it in the payment's transaction. */
export async function recordSupplierMoney(
  tx: Tx,
  ctx: Ctx,
  p: {
    supplyId: string;
    paymentId: string;
    method: CreditPaymentInput["paymentMethod"];
    amount: number;
    paidAt: Date;
    description: string;
  },
): Promise<void> {
  await recordMoneyMovement(tx, ctx.businessId, ctx.user, {
    kind: "supplier_payment",
    direction: "out",
    method: p.method,
    amount: p.amount,
    occurredAt: p.paidAt,
    description: p.description,
    source: { area: "supplies", id: p.supplyId, itemId: p.paymentId },
  });
}

/** A supply deleted (entered by mistake) takes back what the ledger had from it: its delivery payment. */
export async function reverseSupplyMoney(tx: Tx, ctx: Ctx, supplyId: string, description: string): Promise<void> {
  await reconcileSourceMovements(tx, ctx.businessId, ctx.user, { area: "supplies", id: supplyId }, [], {
    correction: "deleted",
    description,
  });
}
