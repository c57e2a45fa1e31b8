import { randomUUID } from "node:crypto";
import { and, eq, gte, ilike, lt, lte, or, sql, type SQL } from "drizzle-orm";
import type { Channel } from "@app/shared/pos/cart";
import { creditStatusOf, NOT_PAID } from "@app/shared/sales/credit";
import {
  ROOM_CHARGE,
  settlePayments,
  type Customer,
  type PaymentInput,
  type RecordedPaymentMethod,
  type SettlementResult,
} from "@app/shared/sales/payments";
import type { CreateSaleInput, ListSalesQuery, Sale } from "@app/shared/sales/sale";
import { initialEtimsState } from "@app/shared/tax/vat";
import type { Tx } from "../../db/client.ts";
import type { Ctx } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import { runIdempotent, type Idempotency } from "../../platform/idempotency.ts";
import { applyStockChanges, lockProducts } from "../inventory/inventory.public.ts";
import { claimForSale } from "../mpesa/mpesa.public.ts";
import { linkTicketToSale, placeOf } from "../restaurant/restaurant.public.ts";
import { recordMoneyMovement, type MovementActor } from "../transactions/transactions.public.ts";
import {
  checkExpectedTotal,
  checkOfflineAt,
  checkSellable,
  checkStock,
  mergeLines,
  offlineStockTaking,
  priceLines,
  taxLines,
  type TaxedLine,
} from "./sale-lines.ts";
import { checkCustomerCredit, resolveSaleCustomer } from "./sale-customer.ts";
import { CHANNEL_NOUN, liveSale, newestFirst, readSale, toSale, withDetails, type SaleRow } from "./sale-read.ts";
import { sales } from "./sales.table.ts";
import { now } from "../../platform/clock.ts";
import { containing } from "../../platform/search.ts";

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

/** Records a sale's checkout payments in the money ledger (sale_payment, money in). */
export async function recordSaleMoney(
  tx: Tx,
  businessId: string,
  actor: MovementActor,
  sale: { id: string; channel: Channel; saleNumber: number; payments: CreateSaleInput["payments"] },
): Promise<void> {
  await recordMoneyMovement(
    tx,
    businessId,
    actor,
    checkoutMoney(sale.payments).map((p) => ({
      kind: "sale_payment" as const,
      direction: "in" as const,
      method: p.method,
      amount: p.amount,
      reference: p.reference,
      description: `${CHANNEL_NOUN[sale.channel]} #${sale.saleNumber}`,
      source: { area: "sales" as const, id: sale.id },
    })),
  );
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
  >,
  lines: TaxedLine[],
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
                         vat_bands, etims_state, offline_at, stock_shortfall, created_at, updated_at)
      SELECT ${row.businessId}, ${row.id}, num.value::int, ${row.channel}, ${row.paymentStatus}, ${row.paymentMethod}, ${JSON.stringify(row.payments)}::jsonb, ${row.total}, ${row.change},
             ${row.creditAmount}, ${row.balance}, ${row.creditStatus}::text, ${row.creditPaymentMethod}::text, ${row.customerName}::text, ${row.customerPhone}::text,
             ${row.customerId}::uuid, ${row.servedBy}, ${row.servedById}::uuid, ${row.sectionId}::uuid, ${row.sectionName}::text, ${row.tableId}::uuid, ${row.tableName}::text, ${row.ticketId}::uuid,
             ${JSON.stringify(row.vatBands)}::jsonb, ${row.etimsState}, ${row.offlineAt?.toISOString() ?? null}::timestamptz,
             ${row.stockShortfall ? JSON.stringify(row.stockShortfall) : null}::jsonb, ${at}::timestamptz, ${at}::timestamptz
      FROM num
      RETURNING sale_number, created_at
    ), lines AS (
      INSERT INTO sale_lines (business_id, sale_id, line_no, product_id, name, unit_price, quantity, total_price, tax_type)
      SELECT ${row.businessId}, ${row.id}, l.no, l.pid, l.name, l.price, l.qty, l.total, l.tax
      FROM unnest(${param(lines.map((l) => l.lineNo))}::int[], ${param(lines.map((l) => l.productId))}::uuid[], ${param(lines.map((l) => l.name))}::text[],
                  ${param(lines.map((l) => l.unitPrice))}::bigint[], ${param(lines.map((l) => l.quantity))}::int[], ${param(lines.map((l) => l.totalPrice))}::bigint[],
                  ${param(lines.map((l) => l.taxType))}::text[])
           AS l(no, pid, name, price, qty, total, tax)
    )
    SELECT sale_number, created_at FROM sale`);
  const createdAt = new Date(rows[0]!.created_at);
  return {
    ...row,
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
export function createSale(ctx: Ctx, channel: Channel, input: CreateSaleInput, idem: Idempotency = {}): Promise<Sale> {
  const id = randomUUID();
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
    (tx) => recordSale(tx, ctx, channel, id, input, { kind: "till", input }),
  );
}

/** The lines of a sale as the till sends them, whoever settles it. */
export type SaleLinesInput = Pick<CreateSaleInput, "products" | "expectedTotal" | "sectionId" | "tableId" | "ticketId">;

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
    customerName: settle.guestName,
    customerPhone: settle.guestPhone,
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
  // A customer picked at the till names the sale; a typed name and phone stay as typed.
  const named = {
    customerName: (input.customerId ? customer?.name : input.customerName?.trim()) || null,
    customerPhone: (input.customerId ? customer?.phone : input.customerPhone?.trim()) || null,
  };
  const settled = settleOrThrow(total, { payments: input.payments, ...named });
  await checkCustomerCredit(tx, ctx, customer, { adding: settled.creditAmount, override: input.overrideCreditLimit });
  return {
    ...paymentColumns(settled, input.payments, total),
    balance: settled.creditAmount,
    creditStatus: settled.creditAmount > 0 ? creditStatusOf(total, settled.creditAmount) : null,
    creditPaymentMethod: settled.creditAmount > 0 ? NOT_PAID : null,
    ...named,
    customerId: customer?.id ?? null,
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
): Promise<Sale> {
  // Till M-Pesa payments are claimed first (one conditional UPDATE each), so a second sale claiming
  // the same payment waits there and is refused before it locks any stock; their codes become the references.
  if (settle.kind === "till" && settle.input.payments.some((p) => p.mpesaPaymentId)) {
    const payments = await claimMpesaPayments(tx, ctx, id, settle.input.payments);
    settle = { kind: "till", input: { ...settle.input, payments } };
  }
  // A sale made offline (the till's outbox) is paid and gone: never refused for stock.
  const offlineAt = settle.kind === "till" ? checkOfflineAt(settle.input.offlineAt) : null;
  const customer = settle.kind === "till" ? await resolveSaleCustomer(tx, ctx, settle.input) : null;
  const merged = mergeLines(lineInput.products);
  const locked = await lockProducts(tx, ctx.businessId, [...merged.keys()]);
  checkSellable(locked, merged.keys());
  const offlineStock = offlineAt ? offlineStockTaking(locked, merged) : null;
  if (!offlineStock) checkStock(locked, merged);
  const priced = priceLines(locked, merged, channel);
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
    });
  }
  return toSale(
    row,
    lines.map((l) => ({ ...l, saleId: id, image: locked.get(l.productId)!.image })),
    [],
  );
}

/** GET /sales and /orders: newest first, with filters for the credit pages. */
export async function listSales(ctx: Ctx, channel: Channel, q: ListSalesQuery): Promise<Sale[]> {
  const where: (SQL | undefined)[] = [liveSale(ctx.businessId, channel)];
  if (q.before) where.push(lt(sales.createdAt, new Date(q.before)));
  if (q.beforeNumber) where.push(lt(sales.saleNumber, q.beforeNumber));
  if (q.credit !== undefined) where.push(q.credit ? sql`${sales.creditAmount} > 0` : sql`${sales.creditAmount} = 0`);
  if (q.open !== undefined)
    where.push(q.open ? sql`${sales.creditAmount} > 0 AND ${sales.balance} > 0` : sql`${sales.balance} = 0`);
  if (q.creditStatus) where.push(eq(sales.creditStatus, q.creditStatus));
  if (q.stockReview !== undefined)
    where.push(q.stockReview ? sql`${sales.stockShortfall} IS NOT NULL` : sql`${sales.stockShortfall} IS NULL`);
  if (q.search) {
    const like = containing(q.search);
    const number = /^\d{1,9}$/.test(q.search) ? eq(sales.saleNumber, Number(q.search)) : undefined;
    where.push(or(number, ilike(sales.customerName, like), ilike(sales.customerPhone, like)));
  }
  const rows = await ctx.db
    .select()
    .from(sales)
    .where(and(...where))
    .orderBy(...newestFirst)
    .limit(q.limit);
  return withDetails(ctx.db, ctx.businessId, rows);
}

/** GET /sales/log/sales: every sale made between two instants (Older Sales), newest first. */
export async function salesLog(
  ctx: Ctx,
  q: { startDate: string; endDate: string; channel?: Channel },
): Promise<Sale[]> {
  const rows = await ctx.db
    .select()
    .from(sales)
    .where(
      and(
        eq(sales.businessId, ctx.businessId),
        sql`${sales.status} = 'completed'`,
        q.channel ? eq(sales.channel, q.channel) : undefined,
        gte(sales.createdAt, new Date(q.startDate)),
        lte(sales.createdAt, new Date(q.endDate)),
      ),
    )
    .orderBy(...newestFirst)
    .limit(5000);
  return withDetails(ctx.db, ctx.businessId, rows);
}
