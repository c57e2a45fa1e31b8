import { ticketDiscounts, type Ticket } from "@app/shared/pos/cart";
import { amountDue } from "@app/shared/pos/discounts";
import { promotionReason } from "@app/shared/pos/promotions";
import type { Settlement } from "@app/shared/sales/payments";
import type { CreateSaleInput, Sale } from "@app/shared/sales/sale";
import { newIdempotencyKey, newUuid } from "../../../lib/idempotency-key.ts";
import type { OfflineSale } from "../../../lib/offline/outbox.ts";

/**
 * The outbox entry of a sale the till could not send: the request as it would have gone, stamped
 * with the device's time, and what the till showed of it (for the list of unsynced sales).
 */
export function offlineSaleOf(
  channel: OfflineSale["channel"],
  input: CreateSaleInput,
  ticket: Pick<Ticket, "products" | "total">,
  servedBy: string,
  now = new Date(),
): OfflineSale {
  return {
    id: newUuid(),
    idempotencyKey: newIdempotencyKey(),
    channel,
    businessId: input.businessId,
    input: { ...input, offlineAt: now.toISOString() },
    shown: {
      total: ticket.total,
      servedBy,
      lines: ticket.products.map((l) => ({ name: l.name, quantity: l.quantity })),
    },
  };
}

/**
 * What the receipt shows of a sale kept on the device: the ticket's lines and prices, the
 * payments and change as the till settled them. It has no sale number yet (the server gives
 * one when the sale arrives), so the receipt is marked "not yet synced".
 */
export function offlineReceiptOf(
  sale: OfflineSale,
  ticket: Ticket,
  settled: Settlement,
  servedBy: string,
  cashRoundingStep = 0,
): Sale {
  const at = sale.input.offlineAt;
  // The same shared rules the server applies when the sale arrives (pos/discounts.ts).
  const priced = ticketDiscounts(ticket);
  const { rounding } = amountDue(ticket.total, sale.input.payments, cashRoundingStep);
  return {
    _id: sale.id,
    businessId: sale.businessId,
    saleNumber: 0,
    channel: sale.channel,
    status: "completed",
    paymentStatus: settled.paymentStatus,
    paymentMethod: settled.paymentMethod,
    products: ticket.products.map((l, i) => {
      const d = priced?.lines[i];
      // A manual adjustment replaces the promotion, as on the server (pos/promotions.ts).
      const promotion = l.adjustment ? null : (l.promotion ?? null);
      return {
        productId: l.productId,
        name: l.name,
        image: l.image,
        productQuantity: l.quantity,
        productPrice: d?.givenUnitPrice ?? l.unitPrice,
        totalPrice: d?.total ?? l.totalPrice,
        // Not printed on the receipt; the server taxes the line when the sale arrives.
        taxType: "B",
        listPrice: l.unitPrice,
        discount: d?.discount ?? 0,
        discountReason: d?.discount
          ? l.reason || (promotion ? promotionReason(promotion.name) : null) || ticket.discountReason || null
          : null,
        approvedBy: null,
        promotionId: promotion?.id ?? null,
        promotionName: promotion?.name ?? null,
      };
    }),
    payments: sale.input.payments.map((p) => ({
      method: p.method,
      amount: p.amount,
      tendered: p.tendered ?? null,
      reference: p.reference ?? null,
    })),
    change: settled.change,
    amount: ticket.total,
    balance: settled.creditAmount,
    amountPaid: ticket.total - settled.creditAmount,
    creditStatus: null,
    creditPaymentMethod: null,
    paymentTransactions: [],
    customerName: null,
    customerPhone: null,
    customerId: null,
    clearedBy: null,
    servedBy,
    sectionId: null,
    sectionName: null,
    tableId: null,
    tableName: null,
    ticketId: ticket.ticketId,
    deletedBy: null,
    deletedAt: null,
    voidReason: null,
    vatBands: [],
    etimsState: "not_required",
    etimsProof: null,
    etimsError: null,
    offlineAt: at,
    stockShortfall: null,
    discount: priced?.discount ?? 0,
    ticketDiscount: priced?.ticketDiscount ?? 0,
    discountApprovedBy: null,
    cashRounding: rounding,
    createdAt: at,
    updatedAt: at,
  };
}
