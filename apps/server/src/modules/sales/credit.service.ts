import { randomUUID } from "node:crypto";
import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import type { Channel } from "@app/shared/pos/cart";
import {
  applyCreditPayment as creditPaymentOutcome,
  creditPaymentDateProblem,
  type CreditPaymentInput,
} from "@app/shared/sales/credit";
import type { CreditSummary, Debt, OpenCreditQuery, Sale } from "@app/shared/sales/sale";
import { cappedSum } from "../../db/money-sql.ts";
import type { Tx } from "../../db/client.ts";
import type { ActorCtx, Ctx } from "../../platform/context.ts";
import { ERROR_CODES } from "@app/shared/errors/errors";
import { mayMoveCredit } from "@app/shared/permissions/sales";
import { AppError, conflict } from "../../platform/errors.ts";
import { runIdempotent, type Idempotency } from "../../platform/idempotency.ts";
import { lockCustomer } from "../customers/customers.public.ts";
import { OWNER_ONLY_CREDIT_MESSAGE } from "./sale-changes.service.ts";
import { recordSaleHistory } from "./sale-history.ts";
import { recordMoneyMovement } from "../transactions/transactions.public.ts";
import { CHANNEL_NOUN, findSaleRow, readSale, withDetails } from "./sale-read.ts";
import { creditPayments, sales } from "./sales.table.ts";
import { now } from "../../platform/clock.ts";
import { transact } from "../../platform/retry.ts";

/**
 * PUT /sales/salecredit/{id} and /orders/salecredit/{id}: a payment towards a credit sale.
 * The sale row is locked, so two payments at the same moment are applied one after the other
 * and can never take the balance below zero; the one that would is refused with 422. A payment
 * dated in the future (beyond a few minutes of clock skew) or before the sale is refused with 400
 * naming `paymentDate`. The payment and a history row (balance before and after) commit together.
 */
export function recordCreditPayment(
  ctx: Ctx,
  channel: Channel,
  id: string,
  input: CreditPaymentInput,
  idem: Idempotency = {},
): Promise<Sale> {
  return runIdempotent(
    ctx.db,
    { businessId: ctx.businessId, key: idem.key, scope: `credit-payment:${id}`, fingerprint: idem.fingerprint },
    (tx) => applyCreditPayment(tx, ctx, channel, id, input),
  );
}

/**
 * The payment itself, in the caller's transaction: the sale row is locked first, so payments at
 * the same moment are applied one after the other. `reference` (an M-Pesa code) goes into the
 * cash book's movement.
 */
async function applyCreditPayment(
  tx: Tx,
  ctx: ActorCtx,
  channel: Channel,
  id: string,
  input: CreditPaymentInput & { reference?: string },
): Promise<Sale> {
  const row = await findSaleRow(tx, ctx.businessId, channel, id, true);
  const noun = CHANNEL_NOUN[channel];
  if (row.status !== "completed") throw conflict(`${noun} #${row.saleNumber} is voided`);
  if (row.creditAmount <= 0) throw conflict(`${noun} #${row.saleNumber} is not a credit sale`);
  const applied = creditPaymentOutcome({ amount: row.total, balance: row.balance }, input.amountPaid);
  if (!applied.ok) {
    const code = input.amountPaid > row.balance ? ERROR_CODES.CREDIT_OVERPAYMENT : ERROR_CODES.UNPROCESSABLE;
    throw new AppError(code, applied.message, { amountPaid: applied.message });
  }
  const paidAt = input.paymentDate ? new Date(input.paymentDate) : new Date();
  const dateProblem = creditPaymentDateProblem(paidAt, row.createdAt, new Date());
  if (dateProblem) throw new AppError(ERROR_CODES.VALIDATION, dateProblem, { paymentDate: dateProblem });
  const before = await readSale(tx, ctx.businessId, channel, id);
  const paymentId = randomUUID();
  await recordMoneyMovement(tx, ctx.businessId, ctx.user, {
    kind: "credit_repayment",
    direction: "in",
    method: input.paymentMethod,
    amount: input.amountPaid,
    occurredAt: paidAt,
    reference: input.reference ?? null,
    description: `Payment on ${noun} #${row.saleNumber}`,
    source: { area: "sales", id, itemId: paymentId },
  });
  await tx.insert(creditPayments).values({
    businessId: ctx.businessId,
    id: paymentId,
    saleId: id,
    amount: input.amountPaid,
    method: input.paymentMethod,
    paidAt,
    recordedBy: ctx.user.details.username,
  });
  await tx
    .update(sales)
    .set({
      balance: applied.balance,
      creditStatus: applied.creditStatus,
      creditPaymentMethod: input.paymentMethod,
      clearedBy: applied.balance === 0 ? ctx.user.details.username : null,
      updatedAt: now(),
    })
    .where(and(eq(sales.businessId, ctx.businessId), eq(sales.id, id)));
  const after = await readSale(tx, ctx.businessId, channel, id);
  await recordSaleHistory(tx, ctx, id, "credit_payment", before, after, { creditPaymentId: paymentId });
  return after;
}

/**
 * A customer's paybill payment whose account number names this credit sale (mpesa module, in the
 * transaction that stores the confirmation): applied as an M-Pesa payment on the sale when it is
 * live, on credit, owes at least that much and was paid after the sale; otherwise nothing is
 * changed and false is returned (the payment stays unclaimed, labelled with the sale).
 */
export async function applyPaybillPayment(
  tx: Tx,
  actor: ActorCtx,
  saleId: string,
  payment: { amount: number; paidAt: Date; receipt: string },
): Promise<boolean> {
  // A sale or a wholesale order: they share the sale numbers an account number names.
  const [row] = await tx
    .select()
    .from(sales)
    .where(and(eq(sales.businessId, actor.businessId), eq(sales.id, saleId)))
    .for("update");
  if (!row || row.status !== "completed" || row.creditAmount <= 0 || payment.amount > row.balance) return false;
  if (creditPaymentDateProblem(payment.paidAt, row.createdAt, new Date())) return false;
  await applyCreditPayment(tx, actor, row.channel, saleId, {
    amountPaid: payment.amount,
    paymentMethod: "M-Pesa",
    paymentDate: payment.paidAt.toISOString(),
    reference: payment.receipt,
  });
  return true;
}

/**
 * A customer's paybill payment with their phone as the account number (mpesa module, in the
 * confirmation's transaction): spread over their live credit sales and orders, oldest first, each
 * taking at most its balance, when together they owe at least the amount and were made before it.
 * Otherwise nothing changes and false is returned (the payment waits, labelled with the customer).
 */
export async function applyPaybillCustomerPayment(
  tx: Tx,
  actor: ActorCtx,
  customerId: string,
  payment: { amount: number; paidAt: Date; receipt: string },
): Promise<boolean> {
  await lockCustomer(tx, actor.businessId, customerId, { allowArchived: true });
  const now = new Date();
  const owing = (
    await tx
      .select({ id: sales.id, channel: sales.channel, balance: sales.balance, createdAt: sales.createdAt })
      .from(sales)
      .where(
        and(
          eq(sales.businessId, actor.businessId),
          eq(sales.customerId, customerId),
          eq(sales.status, "completed"),
          gt(sales.balance, 0),
        ),
      )
      .orderBy(asc(sales.createdAt))
      .for("update")
  ).filter((s) => !creditPaymentDateProblem(payment.paidAt, s.createdAt, now)); // made before the payment
  if (owing.reduce((n, s) => n + s.balance, 0) < payment.amount) return false;
  let left = payment.amount;
  for (const sale of owing) {
    if (left === 0) break;
    const part = Math.min(sale.balance, left);
    await applyCreditPayment(tx, actor, sale.channel, sale.id, {
      amountPaid: part,
      paymentMethod: "M-Pesa",
      paymentDate: payment.paidAt.toISOString(),
      reference: payment.receipt,
    });
    left -= part;
  }
  return true;
}

/** /debts: who owes what across open credit sales and orders, oldest debt first, with totals. */
export async function listDebts(ctx: Ctx, channels: readonly Channel[]): Promise<Debt[]> {
  const { rows } = await ctx.db.execute<{
    customer_name: string;
    customer_phone: string;
    sales: number;
    amount: number;
    balance: number;
    oldest_at: string;
  }>(sql`
    SELECT coalesce(customer_name, '') AS customer_name, coalesce(customer_phone, '') AS customer_phone,
           count(*)::int AS sales, ${cappedSum(sql`total`)} AS amount, ${cappedSum(sql`balance`)} AS balance, min(created_at) AS oldest_at
    FROM sales
    WHERE business_id = ${ctx.businessId} AND channel = ANY(${sql.param([...channels])}::text[])
      AND status = 'completed' AND credit_amount > 0 AND balance > 0
    GROUP BY 1, 2
    ORDER BY min(created_at), 1`);
  return rows.map((r) => ({
    customerName: r.customer_name,
    customerPhone: r.customer_phone,
    sales: Number(r.sales),
    amount: Number(r.amount),
    amountPaid: Number(r.amount) - Number(r.balance),
    balance: Number(r.balance),
    oldestAt: new Date(r.oldest_at).toISOString(),
  }));
}

/**
 * GET /sales/credit/summary: the live credit sales of these channels counted in the database
 * (how many, how many still owing, what those came to and still owe), so a total never
 * depends on how many rows a page loaded.
 */
export async function creditSummary(ctx: Ctx, channels: readonly Channel[]): Promise<CreditSummary> {
  const { rows } = await ctx.db.execute<{ sales: number; open: number; amount: string; balance: string }>(sql`
    SELECT count(*)::int AS sales, count(*) FILTER (WHERE balance > 0)::int AS open,
           ${cappedSum(sql`CASE WHEN balance > 0 THEN total ELSE 0 END`)} AS amount, ${cappedSum(sql`balance`)} AS balance
    FROM sales
    WHERE business_id = ${ctx.businessId} AND channel = ANY(${sql.param([...channels])}::text[])
      AND status = 'completed' AND credit_amount > 0`);
  const r = rows[0]!;
  const amount = Number(r.amount);
  const balance = Number(r.balance);
  return { sales: Number(r.sales), open: Number(r.open), amount, amountPaid: amount - balance, balance };
}

/** GET /sales/credit/open: credit sales and orders still owing, oldest (lowest number) first, a page at a time. */
export async function listOpenCredit(
  ctx: Ctx,
  channels: readonly Channel[],
  q: Pick<OpenCreditQuery, "limit" | "afterNumber">,
): Promise<Sale[]> {
  const rows = await ctx.db
    .select()
    .from(sales)
    .where(
      and(
        eq(sales.businessId, ctx.businessId),
        inArray(sales.channel, [...channels]),
        sql`${sales.status} = 'completed' AND ${sales.creditAmount} > 0 AND ${sales.balance} > 0`,
        q.afterNumber !== undefined ? gt(sales.saleNumber, q.afterNumber) : undefined,
      ),
    )
    .orderBy(asc(sales.saleNumber))
    .limit(q.limit);
  return withDetails(ctx.db, ctx.businessId, rows);
}

/**
 * PUT /sales/salecustomer/{id} and /orders/salecustomer/{id}: links a sale to a customer record
 * (the credit pages' "pick the customer"); the sale then shows the customer's name and phone and
 * counts in what they owe. The sale is locked before the customer, as an edit does. Linking a
 * sale that has no customer record yet (a typed name and phone) is how staff correct it; moving a
 * credit sale from one customer record to another moves its debt, and is the owner's alone (403,
 * as for an edit). Every link keeps a history row with the names before and after.
 */
export async function linkSaleCustomer(ctx: Ctx, channel: Channel, id: string, customerId: string): Promise<Sale> {
  return transact(ctx.db, async (tx) => {
    const row = await findSaleRow(tx, ctx.businessId, channel, id, true);
    if (row.status !== "completed") throw conflict(`${CHANNEL_NOUN[channel]} #${row.saleNumber} is voided`);
    const customer = await lockCustomer(tx, ctx.businessId, customerId);
    const moved = row.creditAmount > 0 && row.customerId !== null && row.customerId !== customer.id;
    if (moved && !mayMoveCredit(ctx.user))
      throw new AppError(ERROR_CODES.SALE_CREDIT_OWNER_ONLY, OWNER_ONLY_CREDIT_MESSAGE);
    const before = await readSale(tx, ctx.businessId, channel, id);
    await tx
      .update(sales)
      .set({
        customerId: customer.id,
        customerName: customer.name,
        customerPhone: customer.phone,
        updatedAt: now(),
      })
      .where(and(eq(sales.businessId, ctx.businessId), eq(sales.id, id)));
    const after = await readSale(tx, ctx.businessId, channel, id);
    await recordSaleHistory(tx, ctx, id, "edited", before, after, { note: `Linked to the customer ${customer.name}` });
    return after;
  });
}
