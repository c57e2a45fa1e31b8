import { randomUUID } from "node:crypto";
import {
  checkInvoicePayment,
  documentNumber,
  planCreditNote,
  refundDue,
  type CreateCreditNoteInput,
  type InvoicePaymentInput,
  type SalesDocument,
} from "@app/shared/sales-documents/document";
import { formatKES } from "@app/shared/money/money";
import { initialEtimsState } from "@app/shared/tax/vat";
import type { Tx } from "../../db/client.ts";
import type { ActorCtx, Ctx } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import { runIdempotent, type Idempotency } from "../../platform/idempotency.ts";
import { checkMoneyDate } from "../../platform/money-date.ts";
import { recordMoneyMovement } from "../transactions/transactions.public.ts";
import { pricedLine, summarise } from "./document-lines.ts";
import { findDoc, moneyOf, withDetails } from "./document-read.ts";
import { enforce, insertDocument, readDocument } from "./documents.service.ts";
import { documentPayments } from "./sales-documents.table.ts";

/**
 * POST /invoices/{id}/payments: a part (or full) payment. The invoice row is locked and the
 * balance summed under the lock, so two payments at once never take it below zero: the one that
 * would is refused (422 INVOICE_OVERPAYMENT). The money goes into the ledger in the same transaction.
 */
export function payInvoice(
  ctx: Ctx,
  id: string,
  input: InvoicePaymentInput,
  idem: Idempotency = {},
): Promise<SalesDocument> {
  checkMoneyDate(input.paidAt, "paidAt");
  return runIdempotent(
    ctx.db,
    { businessId: ctx.businessId, key: idem.key, scope: `invoice-payment:${id}`, fingerprint: idem.fingerprint },
    async (tx) => {
      const row = await findDoc(tx, ctx.businessId, "invoice", id, true);
      enforce(checkInvoicePayment(moneyOf(row), input.amount));
      await insertInvoicePayment(tx, ctx, { id, seq: row.seq }, input);
      return readDocument(tx, ctx, "invoice", id);
    },
  );
}

/** The payment row and its money movement, in the caller's transaction (the invoice locked and checked). */
async function insertInvoicePayment(
  tx: Tx,
  actor: ActorCtx,
  invoice: { id: string; seq: number },
  input: InvoicePaymentInput,
): Promise<void> {
  const paymentId = randomUUID();
  const paidAt = input.paidAt ? new Date(input.paidAt) : new Date();
  await tx.insert(documentPayments).values({
    businessId: actor.businessId,
    id: paymentId,
    documentId: invoice.id,
    amount: input.amount,
    method: input.method,
    paidAt,
    reference: input.reference || null,
    recordedBy: actor.user.details.username,
  });
  await recordMoneyMovement(tx, actor.businessId, actor.user, {
    kind: "invoice_payment",
    direction: "in",
    method: input.method,
    amount: input.amount,
    occurredAt: paidAt,
    reference: input.reference || null,
    description: `Payment on ${documentNumber("invoice", invoice.seq)}`,
    source: { area: "sales-documents", id: invoice.id, itemId: paymentId },
  });
}

/**
 * A customer's paybill payment whose account number names this invoice (mpesa module, in the
 * transaction that stores the confirmation): recorded as an M-Pesa payment with its code when the
 * invoice is open and owes at least that much; otherwise nothing changes and false is returned.
 */
export async function applyPaybillInvoicePayment(
  tx: Tx,
  actor: ActorCtx,
  invoiceId: string,
  payment: { amount: number; paidAt: Date; receipt: string },
): Promise<boolean> {
  const row = await findDoc(tx, actor.businessId, "invoice", invoiceId, true);
  if (!checkInvoicePayment(moneyOf(row), payment.amount).ok) return false;
  await insertInvoicePayment(
    tx,
    actor,
    { id: invoiceId, seq: row.seq },
    { amount: payment.amount, method: "M-Pesa", paidAt: payment.paidAt.toISOString(), reference: payment.receipt },
  );
  return true;
}

/**
 * POST /invoices/{id}/creditNotes: credits units of the invoice's lines (planCreditNote: never
 * more than invoiced, all credit notes together). It has its own CN number and VAT per band, and
 * references the invoice. When the invoice was paid beyond what is left owing, the difference is
 * refunded (refundMethod required) and goes out in the ledger. Returns the credit note.
 */
export function createCreditNote(
  ctx: Ctx,
  invoiceId: string,
  input: CreateCreditNoteInput,
  idem: Idempotency = {},
): Promise<SalesDocument> {
  return runIdempotent(
    ctx.db,
    { businessId: ctx.businessId, key: idem.key, scope: `credit-note:${invoiceId}`, fingerprint: idem.fingerprint },
    async (tx) => {
      const row = await findDoc(tx, ctx.businessId, "invoice", invoiceId, true);
      const [invoice] = await withDetails(tx, ctx.businessId, [row], ctx.business.timeZone);
      const plan = planCreditNote({ ...moneyOf(row), lines: invoice!.lines }, input.lines);
      if (!plan.ok) return enforce(plan) as never;
      const refund = refundDue(moneyOf(row), plan.total);
      if (refund > 0 && !input.refundMethod)
        throw new AppError("VALIDATION_ERROR", "Choose how the refund is paid", {
          refundMethod: `This invoice was paid: ${formatKES(refund)} is to be refunded. Choose how.`,
        });
      const byLine = new Map(invoice!.lines.map((l) => [l.lineNo, l]));
      const priced = summarise(
        plan.lines.map((l, i) => {
          const from = byLine.get(l.lineNo)!;
          return pricedLine({
            lineNo: i + 1,
            productId: from.productId,
            description: from.description,
            quantity: l.quantity,
            unitPrice: l.unitPrice,
            taxType: from.taxType,
            invoiceLineNo: l.lineNo,
          });
        }),
      );
      const creditNoteId = await insertDocument(
        tx,
        ctx,
        {
          type: "credit_note",
          state: "issued",
          clientId: row.clientId,
          partyName: row.partyName,
          partyKraPin: row.partyKraPin,
          partyContact: row.partyContact,
          partyAddress: row.partyAddress,
          issuedAt: new Date(),
          relatedId: row.id,
          reason: input.reason,
          etimsRefundReason: input.etimsRefundReason ?? null,
          etimsState: initialEtimsState(ctx.business.kraPin),
        },
        priced,
      );
      if (refund > 0) {
        const refundId = randomUUID();
        await tx.insert(documentPayments).values({
          businessId: ctx.businessId,
          id: refundId,
          documentId: row.id,
          amount: refund,
          method: input.refundMethod!,
          paidAt: new Date(),
          refund: true,
          creditNoteId,
          recordedBy: ctx.user.details.username,
        });
        await recordMoneyMovement(tx, ctx.businessId, ctx.user, {
          kind: "invoice_refund",
          direction: "out",
          method: input.refundMethod!,
          amount: refund,
          description: `Refund on ${documentNumber("invoice", row.seq)}`,
          source: { area: "sales-documents", id: row.id, itemId: refundId },
        });
      }
      return readDocument(tx, ctx, "credit_note", creditNoteId);
    },
  );
}
