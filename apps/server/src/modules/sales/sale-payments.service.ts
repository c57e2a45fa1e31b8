import type { Channel } from "@app/shared/pos/cart";
import {
  settlePayments,
  type Customer,
  type PaymentInput,
  type RecordedPaymentMethod,
  type SettlementResult,
} from "@app/shared/sales/payments";
import type { CreateSaleInput } from "@app/shared/sales/sale";
import type { Tx } from "../../db/client.ts";
import type { Ctx } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import { claimForSale } from "../mpesa/mpesa.public.ts";
import { recordMoneyMovement, type MovementActor } from "../transactions/transactions.public.ts";
import { CHANNEL_NOUN } from "./sale-read.ts";

// The payments of a sale: settling them, what the sale stores of them, the money ledger and M-Pesa claims.

/** Settled payments, or the 400 that names the field at fault. */
export function settleOrThrow(
  total: number,
  input: Pick<CreateSaleInput, "payments"> & Customer,
): Extract<SettlementResult, { ok: true }> {
  const settled = settlePayments(total, input.payments, input);
  if (!settled.ok) throw new AppError("VALIDATION_ERROR", settled.message, { [settled.field]: settled.message });
  return settled;
}

/** What a sale stores of its settled payments (create and edit alike). */
export function paymentColumns(
  settled: Extract<SettlementResult, { ok: true }>,
  payments: readonly (Omit<PaymentInput, "method"> & { method: RecordedPaymentMethod })[],
  total: number,
) {
  return {
    paymentStatus: settled.paymentStatus,
    paymentMethod: settled.paymentMethod,
    payments: payments.map((p) => ({
      method: p.method,
      amount: p.amount,
      tendered: p.tendered ?? null,
      reference: p.reference || null,
    })),
    total,
    change: settled.change,
    creditAmount: settled.creditAmount,
  };
}

const MONEY_METHODS = new Set<string>(["Cash", "M-Pesa", "Bank Transfer"]);

/**
 * The money a sale's checkout payments took in, as ledger targets or movements: not the credit
 * part, and not a charge to a room (the guest pays it with the room's bill).
 */
export function checkoutMoney(payments: readonly { method: string; amount: number; reference?: string | null }[]) {
  return payments
    .filter((p): p is typeof p & { method: "Cash" | "M-Pesa" | "Bank Transfer" } => MONEY_METHODS.has(p.method))
    .map((p) => ({ method: p.method, amount: p.amount, reference: p.reference || null }));
}

/**
 * A cash sale's payments with its rounding taken out of the last cash payment: what pays the
 * sale itself (sale_payment). The rounding is its own line in the cash book (cash_rounding).
 */
export function withoutRounding<P extends { method: string; amount: number }>(
  payments: readonly P[],
  rounding: number,
): P[] {
  if (!rounding) return [...payments];
  const last = payments.map((p) => p.method).lastIndexOf("Cash");
  return payments.map((p, i) => (i === last ? { ...p, amount: p.amount - rounding } : p));
}

/**
 * Records a sale's checkout payments in the money ledger (sale_payment, money in), and a cash
 * sale's rounding beside them (cash_rounding: in when rounded up, out when rounded down).
 */
export async function recordSaleMoney(
  tx: Tx,
  businessId: string,
  actor: MovementActor,
  sale: {
    id: string;
    channel: Channel;
    saleNumber: number;
    payments: CreateSaleInput["payments"];
    cashRounding?: number;
  },
): Promise<void> {
  const description = `${CHANNEL_NOUN[sale.channel]} #${sale.saleNumber}`;
  const rounding = sale.cashRounding ?? 0;
  await recordMoneyMovement(tx, businessId, actor, [
    ...checkoutMoney(withoutRounding(sale.payments, rounding)).map((p) => ({
      kind: "sale_payment" as const,
      direction: "in" as const,
      method: p.method,
      amount: p.amount,
      reference: p.reference,
      description,
      source: { area: "sales" as const, id: sale.id },
    })),
    ...(rounding
      ? [
          {
            kind: "cash_rounding" as const,
            direction: rounding > 0 ? ("in" as const) : ("out" as const),
            method: "Cash" as const,
            amount: Math.abs(rounding),
            reference: null,
            description: `${description}: cash rounding`,
            source: { area: "sales" as const, id: sale.id },
          },
        ]
      : []),
  ]);
}

/**
 * Claims the M-Pesa till payments a sale's payments name (each for exactly its amount, one sale
 * per payment, 409 if another sale took it first) and takes their M-Pesa codes as references.
 */
export async function claimMpesaPayments(
  tx: Tx,
  ctx: Ctx,
  saleId: string,
  payments: CreateSaleInput["payments"],
): Promise<CreateSaleInput["payments"]> {
  const out: CreateSaleInput["payments"] = [];
  for (const [i, p] of payments.entries()) {
    if (!p.mpesaPaymentId) {
      out.push(p);
      continue;
    }
    if (p.method !== "M-Pesa")
      throw new AppError("VALIDATION_ERROR", "Only an M-Pesa payment can name an M-Pesa transaction", {
        [`payments.${i}.mpesaPaymentId`]: "Only for M-Pesa",
      });
    const receipt = await claimForSale(tx, ctx.businessId, {
      paymentId: p.mpesaPaymentId,
      saleId,
      amount: p.amount,
      by: ctx.user.details.username,
    });
    out.push({ ...p, reference: receipt ?? p.reference });
  }
  return out;
}
