import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Channel } from "@app/shared/pos/cart";
import { creditStatusOf, NOT_PAID } from "@app/shared/sales/credit";
import { ROOM_CHARGE } from "@app/shared/sales/payments";
import type { CreateSaleInput, Sale } from "@app/shared/sales/sale";
import { initialEtimsState } from "@app/shared/tax/vat";
import type { Tx } from "../../db/client.ts";
import type { Ctx } from "../../platform/context.ts";
import { runIdempotent, type Idempotency } from "../../platform/idempotency.ts";
import { applyStockChanges, lockProducts, promotionsForProducts } from "../inventory/inventory.public.ts";
import { applyPromotions } from "@app/shared/pos/promotions";
import { linkTicketToSale, placeOf } from "../restaurant/restaurant.public.ts";
import {
  checkExpectedTotal,
  checkOfflineAt,
  checkSellable,
  checkStock,
  mergeLines,
  offlineStockTaking,
  priceLines,
  checkWholesale,
  taxLines,
  type TaxedLine,
} from "./sale-lines.ts";
import { checkCustomerCredit, resolveSaleCustomer } from "./sale-customer.ts";
import { claimMpesaPayments, paymentColumns, recordSaleMoney, settleOrThrow } from "./sale-payments.service.ts";
import { readSale, toSale, type SaleRow } from "./sale-read.ts";
import { adjustmentsOf, applyDiscounts, discountNote, type DiscountedLine } from "./sale-discounts.ts";
import { recordSaleHistory } from "./sale-history.ts";
import { verifyOwnerPin } from "../hr/hr.public.ts";
import { amountDue } from "@app/shared/pos/discounts";
import { now } from "../../platform/clock.ts";

/** Inserts the sale, its number and its lines in one statement. */
async function insertSale(
  tx: Tx,
  row: Omit<
    SaleRow,
    | "saleNumber"
    | "createdAt"
    | "updatedAt"
    | "status"
    | "voidedAt"
    | "voidedBy"
    | "voidReason"
    | "hiddenAt"
    | "hiddenBy"
    | "etimsProof"
    | "etimsError"
    | "etimsRefundReason"
  >,
  lines: (TaxedLine &
    Partial<
      Pick<DiscountedLine, "listPrice" | "discount" | "discountReason" | "approvedBy" | "promotionId" | "promotionName">
    >)[],
): Promise<SaleRow> {
  const param = <T>(values: T[]) => sql.param(values);
  const at = now().toISOString();
  const { rows } = await tx.execute<{ sale_number: number; created_at: string }>(sql`
    WITH num AS (
      INSERT INTO business_counters (business_id, name, value) VALUES (${row.businessId}, 'sale', 1)
      ON CONFLICT (business_id, name) DO UPDATE SET value = business_counters.value + 1
      RETURNING value
    ), sale AS (
      INSERT INTO sales (business_id, id, sale_number, channel, payment_status, payment_method, payments, total, change, credit_amount, balance,
                         credit_status, credit_payment_method, customer_name, customer_phone, customer_id, served_by, served_by_id, section_id, section_name, table_id, table_name, ticket_id,
                         vat_bands, etims_state, offline_at, stock_shortfall, discount, ticket_discount, discount_approved_by, promotion_discount, cash_rounding,
                         created_at, updated_at)
      SELECT ${row.businessId}, ${row.id}, num.value::int, ${row.channel}, ${row.paymentStatus}, ${row.paymentMethod}, ${JSON.stringify(row.payments)}::jsonb, ${row.total}, ${row.change},
             ${row.creditAmount}, ${row.balance}, ${row.creditStatus}::text, ${row.creditPaymentMethod}::text, ${row.customerName}::text, ${row.customerPhone}::text,
             ${row.customerId}::uuid, ${row.servedBy}, ${row.servedById}::uuid, ${row.sectionId}::uuid, ${row.sectionName}::text, ${row.tableId}::uuid, ${row.tableName}::text, ${row.ticketId}::uuid,
             ${JSON.stringify(row.vatBands)}::jsonb, ${row.etimsState}, ${row.offlineAt?.toISOString() ?? null}::timestamptz,
             ${row.stockShortfall ? JSON.stringify(row.stockShortfall) : null}::jsonb, ${row.discount}, ${row.ticketDiscount},
             ${row.discountApprovedBy}::text, ${row.promotionDiscount}, ${row.cashRounding}, ${at}::timestamptz, ${at}::timestamptz
      FROM num
      RETURNING sale_number, created_at
    ), lines AS (
      INSERT INTO sale_lines (business_id, sale_id, line_no, product_id, name, unit_price, quantity, total_price, tax_type,
                              list_price, discount, discount_reason, approved_by, promotion_id, promotion_name)
      SELECT ${row.businessId}, ${row.id}, l.no, l.pid, l.name, l.price, l.qty, l.total, l.tax, l.list, l.discount, l.reason, l.approved,
             l.promo, l.promo_name
      FROM unnest(${param(lines.map((l) => l.lineNo))}::int[], ${param(lines.map((l) => l.productId))}::uuid[], ${param(lines.map((l) => l.name))}::text[],
                  ${param(lines.map((l) => l.unitPrice))}::bigint[], ${param(lines.map((l) => l.quantity))}::int[], ${param(lines.map((l) => l.totalPrice))}::bigint[],
                  ${param(lines.map((l) => l.taxType))}::text[], ${param(lines.map((l) => l.listPrice ?? null))}::bigint[],
                  ${param(lines.map((l) => l.discount ?? 0))}::bigint[], ${param(lines.map((l) => l.discountReason ?? null))}::text[],
                  ${param(lines.map((l) => l.approvedBy ?? null))}::text[], ${param(lines.map((l) => l.promotionId ?? null))}::uuid[],
                  ${param(lines.map((l) => l.promotionName ?? null))}::text[])
           AS l(no, pid, name, price, qty, total, tax, list, discount, reason, approved, promo, promo_name)
    )
    SELECT sale_number, created_at FROM sale`);
  const createdAt = new Date(rows[0]!.created_at);
  return {
    ...row,
    etimsProof: null,
    etimsError: null,
    etimsRefundReason: null,
    saleNumber: Number(rows[0]!.sale_number),
    status: "completed",
    voidedAt: null,
    voidedBy: null,
    voidReason: null,
    hiddenAt: null,
    hiddenBy: null,
    createdAt,
    updatedAt: createdAt,
  };
}

/**
 * Records a sale (retail) or wholesale order: prices the lines, checks the payments, takes the
 * stock through the ledger and writes the sale, all in one transaction. Not enough stock: 409
 * naming each short product, nothing recorded. A retry with the same Idempotency-Key returns
 * the first sale (kept by reference, read again). The sale number is taken last, so its
 * per-business counter row stays locked only until COMMIT.
 * A sale made offline (`offlineAt`, the device's time, issue 17) is never refused for stock:
 * the customer paid and left. What stock there is is taken, and what was missing is kept on
 * the sale (stockShortfall) for the owner to review.
 */
export async function createSale(
  ctx: Ctx,
  channel: Channel,
  input: CreateSaleInput,
  idem: Idempotency = {},
): Promise<Sale> {
  const id = randomUUID();
  // The owner's PIN (a discount beyond the cashier's limit) is checked first, in its own
  // transaction, so a wrong try counts towards the lock even though the sale is refused.
  const ownerApproval = input.approval ? await verifyOwnerPin(ctx.db, ctx.businessId, input.approval.pin) : null;
  return runIdempotent(
    ctx.db,
    {
      businessId: ctx.businessId,
      key: idem.key,
      scope: `sale:${channel}`,
      fingerprint: idem.fingerprint,
      byReference: {
        ref: { saleId: id },
        replay: (ref) => readSale(ctx.db, ctx.businessId, channel, String(ref.saleId)),
      },
    },
    (tx) => recordSale(tx, ctx, channel, id, input, { kind: "till", input }, ownerApproval),
  );
}

/** The lines of a sale as the till sends them, whoever settles it. */
export type SaleLinesInput = Pick<
  CreateSaleInput,
  "products" | "expectedTotal" | "sectionId" | "tableId" | "ticketId" | "ticketDiscount" | "discountReason"
>;

/**
 * How a sale is settled: at the till (payments, change, credit, a customer), or put on a
 * checked-in guest's room bill (the rooms module's "charge to room": one payment "Room",
 * nothing owed on the sale itself).
 */
export type SaleSettlement =
  { kind: "till"; input: CreateSaleInput } | { kind: "room"; roomName: string; guestName: string; guestPhone: string };

/** What a sale charged to a room stores of its payment. */
function roomColumns(total: number, settle: Extract<SaleSettlement, { kind: "room" }>) {
  return {
    ...paymentColumns(
      { ok: true, change: 0, paidNow: total, creditAmount: 0, paymentStatus: "Paid", paymentMethod: ROOM_CHARGE },
      [{ method: ROOM_CHARGE, amount: total, reference: `Room ${settle.roomName}`.slice(0, 40) }],
      total,
    ),
    balance: 0,
    creditStatus: null,
    creditPaymentMethod: null,
    // The guest's name is on the sale (the till that charged the room names them); their phone
    // stays on the booking, which only the Rooms area reads (issue 28).
    customerName: settle.guestName,
    customerPhone: null,
    customerId: null,
  };
}

/** What a sale paid at the till stores: its payments and, for credit, the customer within their limit. */
async function tillColumns(
  tx: Tx,
  ctx: Ctx,
  total: number,
  input: CreateSaleInput,
  customer: Awaited<ReturnType<typeof resolveSaleCustomer>>,
) {
  // A sale paid wholly in cash rounds to the business's step; the rounding is paid beside the total.
  const { due, rounding } = amountDue(total, input.payments, ctx.business.cashRounding);
  // A customer picked at the till names the sale; a typed name and phone stay as typed.
  const named = {
    customerName: (input.customerId ? customer?.name : input.customerName?.trim()) || null,
    customerPhone: (input.customerId ? customer?.phone : input.customerPhone?.trim()) || null,
  };
  const settled = settleOrThrow(due, { payments: input.payments, ...named });
  await checkCustomerCredit(tx, ctx, customer, { adding: settled.creditAmount, override: input.overrideCreditLimit });
  return {
    ...paymentColumns(settled, input.payments, total),
    balance: settled.creditAmount,
    creditStatus: settled.creditAmount > 0 ? creditStatusOf(total, settled.creditAmount) : null,
    creditPaymentMethod: settled.creditAmount > 0 ? NOT_PAID : null,
    ...named,
    customerId: customer?.id ?? null,
    cashRounding: rounding,
  };
}

/** The work of recording a sale, in a transaction the caller owns (createSale, the rooms module). */
export async function recordSale(
  tx: Tx,
  ctx: Ctx,
  channel: Channel,
  id: string,
  lineInput: SaleLinesInput,
  settle: SaleSettlement,
  ownerApproval: string | null = null,
): Promise<Sale> {
  // Till M-Pesa payments are claimed first (one conditional UPDATE each), so a second sale claiming
  // the same payment waits there and is refused before it locks any stock; their codes become the references.
  if (settle.kind === "till" && settle.input.payments.some((p) => p.mpesaPaymentId)) {
    const payments = await claimMpesaPayments(tx, ctx, id, settle.input.payments);
    settle = { kind: "till", input: { ...settle.input, payments } };
  }
  // A sale made offline (the till's outbox) is paid and gone: never refused for stock.
  const offlineAt = settle.kind === "till" ? checkOfflineAt(settle.input.offlineAt, now()) : null;
  const customer = settle.kind === "till" ? await resolveSaleCustomer(tx, ctx, settle.input) : null;
  const merged = mergeLines(lineInput.products);
  const extras = adjustmentsOf(lineInput.products);
  const locked = await lockProducts(tx, ctx.businessId, [...merged.keys()]);
  checkSellable(locked, merged.keys());
  // An offline sale is paid and gone: priced as the till did, never refused (its lines came from the catalogue then).
  if (channel === "wholesale" && !offlineAt) checkWholesale(locked, merged);
  const offlineStock = offlineAt ? offlineStockTaking(locked, merged) : null;
  if (!offlineStock) checkStock(locked, merged);
  const listed = priceLines(locked, merged, channel);
  // The owner's promotions, as they ran when the sale was made (an offline sale: on the device's time).
  const promoted = applyPromotions(
    listed.lines.map((l) => ({
      productId: l.productId,
      listUnitPrice: l.unitPrice,
      quantity: l.quantity,
      adjusted: !!extras.get(l.productId)?.adjustment,
    })),
    await promotionsForProducts(tx, ctx.businessId, [...merged.keys()]),
    offlineAt ?? now(),
    ctx.business.timeZone,
  );
  const discounted = applyDiscounts(listed, extras, lineInput, ctx.user, ownerApproval, promoted);
  const priced = discounted;
  const { total } = priced;
  const { lines, vatBands } = taxLines(priced.lines, locked, ctx.business.vatRegistered);
  checkExpectedTotal(lineInput.expectedTotal, total);
  const columns =
    settle.kind === "room" ? roomColumns(total, settle) : await tillColumns(tx, ctx, total, settle.input, customer);
  const place = await placeOf(tx, ctx.businessId, lineInput.sectionId, lineInput.tableId);
  if (lineInput.ticketId) await linkTicketToSale(tx, ctx.businessId, lineInput.ticketId, id);
  await applyStockChanges(
    tx,
    ctx.businessId,
    offlineStock?.changes ?? lines.map((l) => ({ productId: l.productId, delta: -l.quantity })),
    { reason: "sale", refType: channel === "retail" ? "sale" : "order", refId: id },
    ctx.user,
  );
  const row = await insertSale(
    tx,
    {
      businessId: ctx.businessId,
      id,
      channel,
      ...columns,
      clearedBy: null,
      servedBy: ctx.user.details.username,
      servedById: ctx.user.userId,
      ticketId: lineInput.ticketId ?? null,
      ...place,
      vatBands,
      etimsState: initialEtimsState(ctx.business.kraPin),
      offlineAt,
      stockShortfall: offlineStock?.shortfall ?? null,
      discount: discounted.discount,
      ticketDiscount: discounted.ticketDiscount,
      discountApprovedBy: discounted.approvedBy,
      promotionDiscount: discounted.promotionDiscount,
      cashRounding: "cashRounding" in columns ? columns.cashRounding : 0,
    },
    lines,
  );
  // After the number is taken (the description names it); one more short statement under the counter's lock.
  // A sale charged to a room takes no money now: the guest pays it with the room's bill.
  if (settle.kind === "till") {
    await recordSaleMoney(tx, ctx.businessId, ctx.user, {
      id,
      channel,
      saleNumber: row.saleNumber,
      payments: settle.input.payments,
      cashRounding: row.cashRounding,
    });
  }
  const sale = toSale(
    row,
    lines.map((l) => ({ ...l, saleId: id, image: locked.get(l.productId)!.image })),
    [],
  );
  // The history says what was given, why, and who allowed it (the owner's PIN or the cashier's own limit).
  if (discounted.discount !== 0)
    await recordSaleHistory(tx, ctx, id, "discounted", null, sale, { note: discountNote(sale) });
  return sale;
}
