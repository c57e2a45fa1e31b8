// What other modules may use of the sales module: its public entry (modules/README.md).
import { and, eq, inArray, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { formatKES } from "@app/shared/money/money";
import type { StatementEntry } from "@app/shared/money/statement";
import type { ServedSale } from "@app/shared/payroll/commission";
import type { EtimsProof } from "@app/shared/etims/proof";
import type { Sale } from "@app/shared/sales/sale";
import type { DbOrTx, Tx } from "../../db/client.ts";
import type { Ctx } from "../../platform/context.ts";
import type { CustomerSalesSummary } from "../customers/customers.public.ts";
import { readSale } from "./sale-read.ts";
import { recordSale, type SaleLinesInput } from "./sales.service.ts";
import { creditPayments, saleLines, sales } from "./sales.table.ts";
import { now } from "../../platform/clock.ts";

/** A customer's paybill payment naming a credit sale is applied to it (mpesa module). */
export { applyPaybillCustomerPayment, applyPaybillPayment } from "./credit.service.ts";

/** One sale or wholesale order as the API shapes it, or null: what a reprinted receipt shows. */
export { findSale } from "./sale-read.ts";
/** One sale of a channel (404 when not found) and the business a sale belongs to: the receipt-print flow. */
export { businessIdOfSale, readSale } from "./sale-read.ts";
export type { SaleLinesInput };

/**
 * POS "charge to room" (rooms module): records a retail sale, stock taken through the ledger as
 * for any sale, settled by the guest's room bill (payment method "Room"), in the caller's
 * transaction so that the sale and the bill's charge are written together or not at all.
 */
export function recordRoomChargeSale(
  tx: Tx,
  ctx: Ctx,
  id: string,
  input: SaleLinesInput,
  room: { roomName: string; guestName: string; guestPhone: string },
): Promise<Sale> {
  return recordSale(tx, ctx, "retail", id, input, { kind: "room", ...room });
}

/** A retail sale as the API returns it (a replayed charge to room). */
export function readRetailSale(db: DbOrTx, businessId: string, id: string): Promise<Sale> {
  return readSale(db, businessId, "retail", id);
}

/** Of these sales, the ones voided: a voided sale charged to a room drops off the guest's bill. */
export async function voidedSaleIds(db: DbOrTx, businessId: string, ids: readonly string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: sales.id })
    .from(sales)
    .where(and(eq(sales.businessId, businessId), inArray(sales.id, [...ids]), eq(sales.status, "voided")));
  return new Set(rows.map((r) => r.id));
}

/**
 * The sales (retail and wholesale) each member of staff served in a period, summed in SQL by
 * employee and voided or not, with their item counts: what commissions are computed from.
 */
export async function salesServedInPeriod(
  db: DbOrTx,
  businessId: string,
  start: Date,
  end: Date,
): Promise<ServedSale[]> {
  const { rows } = await db.execute<{
    served_by_id: string;
    voided: boolean;
    n: number;
    total: string;
    items: string;
  }>(sql`
    SELECT served_by_id, voided, count(*)::int AS n, sum(total)::text AS total, sum(items)::text AS items
    FROM (
      SELECT s.served_by_id, s.status = 'voided' AS voided, s.total,
        (SELECT coalesce(sum(l.quantity), 0) FROM ${saleLines} l WHERE l.business_id = s.business_id AND l.sale_id = s.id) AS items
      FROM ${sales} s
      WHERE s.business_id = ${businessId} AND s.created_at >= ${start.toISOString()} AND s.created_at < ${end.toISOString()}
        AND s.served_by_id IS NOT NULL
    ) x
    GROUP BY served_by_id, voided`);
  return rows.map((r) => ({
    servedById: r.served_by_id,
    voided: r.voided,
    count: r.n,
    total: Number(r.total),
    items: Number(r.items),
  }));
}

/** How many sales (any status, voided too) a member of staff served: history HR must keep. */
export async function salesServedCountOf(db: DbOrTx, businessId: string, employeeId: string): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM ${sales} WHERE business_id = ${businessId} AND served_by_id = ${employeeId}`,
  );
  return rows[0]?.n ?? 0;
}

/**
 * For each customer: what they owe (balances of their live credit sales and orders), when they
 * last bought, and how many sales name them (voided ones too: those also keep a customer from
 * being deleted).
 */
export async function customerSalesSummaries(
  db: DbOrTx,
  businessId: string,
  customerIds: readonly string[],
): Promise<Map<string, CustomerSalesSummary>> {
  if (!customerIds.length) return new Map();
  const { rows } = await db.execute<{ customer_id: string; balance: string; last_at: string | null; n: number }>(sql`
    SELECT customer_id,
           coalesce(sum(balance) FILTER (WHERE status = 'completed' AND credit_amount > 0), 0)::text AS balance,
           max(created_at) FILTER (WHERE status = 'completed') AS last_at, count(*)::int AS n
    FROM ${sales}
    WHERE business_id = ${businessId} AND customer_id = ANY(${sql.param([...customerIds])}::uuid[])
    GROUP BY customer_id`);
  return new Map(
    rows.map((r) => [
      r.customer_id,
      {
        balance: Number(r.balance),
        lastPurchaseAt: r.last_at ? new Date(r.last_at).toISOString() : null,
        sales: Number(r.n),
      },
    ]),
  );
}

/**
 * A customer's statement entries: each live credit sale or order (the part put on credit, when
 * it was made) and each payment towards one. Voided sales and their payments are left out.
 */
export async function customerStatementEntries(
  db: DbOrTx,
  businessId: string,
  customerId: string,
): Promise<StatementEntry[]> {
  const { rows } = await db.execute<{
    kind: "charge" | "payment";
    at: string;
    sale_id: string;
    sale_number: number;
    channel: string;
    amount: string;
    total: string;
    method: string | null;
  }>(sql`
    SELECT 'charge' AS kind, s.created_at AS at, s.id AS sale_id, s.sale_number, s.channel,
           s.credit_amount::text AS amount, s.total::text AS total, NULL AS method
    FROM ${sales} s
    WHERE s.business_id = ${businessId} AND s.customer_id = ${customerId} AND s.status = 'completed' AND s.credit_amount > 0
    UNION ALL
    SELECT 'payment', p.paid_at, s.id, s.sale_number, s.channel, p.amount::text, s.total::text, p.method
    FROM ${creditPayments} p
    JOIN ${sales} s ON s.business_id = p.business_id AND s.id = p.sale_id
    WHERE s.business_id = ${businessId} AND s.customer_id = ${customerId} AND s.status = 'completed' AND s.credit_amount > 0`);
  return rows.map((r) => {
    const reference = `${r.channel === "wholesale" ? "Order" : "Sale"} #${r.sale_number}`;
    const amount = Number(r.amount);
    const total = Number(r.total);
    return {
      date: new Date(r.at).toISOString(),
      kind: r.kind,
      reference,
      refId: r.sale_id,
      description:
        r.kind === "charge"
          ? amount === total
            ? `On credit, ${formatKES(total)}`
            : `On credit ${formatKES(amount)} of ${formatKES(total)}`
          : `Payment, ${r.method}`,
      amount,
    };
  });
}

/** The completed sale (or order) with this number, or null: a paybill account number naming a sale (M-Pesa). */
export async function findSaleByNumber(
  db: DbOrTx,
  businessId: string,
  saleNumber: number,
): Promise<{ id: string; saleNumber: number } | null> {
  const { rows } = await db.execute<{ id: string; sale_number: number }>(sql`
    SELECT id, sale_number FROM sales WHERE business_id = ${businessId} AND sale_number = ${saleNumber} AND status = 'completed'`);
  return rows[0] ? { id: rows[0].id, saleNumber: Number(rows[0].sale_number) } : null;
}

/**
 * An M-Pesa payment confirmed by STK Query (which carries no receipt number) paid this sale; its
 * code came later with Daraja's callback (mpesa module): the sale's first M-Pesa payment of that
 * amount without a reference takes it, so receipts and the sale show the code. The cash book's
 * movement keeps what it was written with (the ledger is append-only).
 */
export async function fillMpesaReference(
  tx: Tx,
  businessId: string,
  saleId: string,
  payment: { amount: number; receipt: string },
): Promise<void> {
  const [row] = await tx
    .select({ payments: sales.payments })
    .from(sales)
    .where(and(eq(sales.businessId, businessId), eq(sales.id, saleId)))
    .for("update");
  if (!row) return;
  const list = row.payments as { method: string; amount: number; reference: string | null }[];
  const i = list.findIndex((p) => p.method === "M-Pesa" && p.amount === payment.amount && !p.reference);
  if (i < 0) return;
  const payments = list.map((p, j) => (j === i ? { ...p, reference: payment.receipt } : p));
  await tx
    .update(sales)
    .set({ payments: payments as typeof sales.$inferInsert.payments, updatedAt: now() })
    .where(and(eq(sales.businessId, businessId), eq(sales.id, saleId)));
}

/** The sales tables, for reading only: the reports' rollups are recomputed from them (reports/rollups.ts). */
export { creditPayments, saleLines, sales };

/** What customers still owe on live credit sales and orders. */
export async function creditOutstanding(db: DbOrTx, businessId: string): Promise<number> {
  const { rows } = await db.execute<{ owed: string }>(sql`
    SELECT coalesce(sum(balance), 0)::text AS owed FROM ${sales}
    WHERE business_id = ${businessId} AND status = 'completed' AND credit_amount > 0 AND balance > 0`);
  return Number(rows[0]?.owed ?? 0);
}

/**
 * SQL that is true when the sale `saleId` of `businessId` is voided: a guest bill leaves out
 * room charges whose sale was voided (rooms module), without reading the sales table itself.
 */
export function saleIsVoided(businessId: SQLWrapper, saleId: SQLWrapper): SQL {
  return sql`EXISTS (SELECT 1 FROM ${sales} s WHERE s.business_id = ${businessId} AND s.id = ${saleId} AND s.status = 'voided')`;
}

/**
 * Discounts given at the till between two instants (issue 31, /summary): completed sales and
 * orders with a discount, by who served them; amount = the discounts' sum in cents. What the
 * owner's promotions took off is not the cashier's and is left out (item 2).
 */
export async function discountsByEmployee(
  db: DbOrTx,
  businessId: string,
  start: string,
  end: string,
): Promise<{ key: string; label: string; count: number; amount: number; cost: number; quantity: number }[]> {
  const { rows } = await db.execute<{ key: string; label: string; count: number; amount: string }>(sql`
    SELECT coalesce(served_by_id::text, served_by) AS key, max(served_by) AS label, count(*)::int AS count,
           sum(discount - promotion_discount)::text AS amount
    FROM sales
    WHERE business_id = ${businessId} AND status = 'completed' AND discount - promotion_discount <> 0
      AND created_at >= ${start}::timestamptz AND created_at < ${end}::timestamptz
    GROUP BY 1
    ORDER BY sum(discount - promotion_discount) DESC, 1`);
  return rows.map((r) => ({
    key: r.key,
    label: r.label,
    count: Number(r.count),
    amount: Number(r.amount),
    cost: 0,
    quantity: 0,
  }));
}

/**
 * What KRA eTIMS made of a sale (the eTIMS queue, flows/etims-queue.ts): signed with KRA's
 * proof, failed with the reason in plain words, or pending again (the owner's retry).
 */
/** When the sale last changed (lines, payments, status), or null: the eTIMS queue's cheap check for an edit. */
export async function saleUpdatedAt(db: DbOrTx, businessId: string, id: string): Promise<string | null> {
  const [row] = await db
    .select({ updatedAt: sales.updatedAt })
    .from(sales)
    .where(and(eq(sales.businessId, businessId), eq(sales.id, id)));
  return row ? row.updatedAt.toISOString() : null;
}

export async function setSaleEtims(
  tx: DbOrTx,
  businessId: string,
  id: string,
  outcome: { state: "pending" | "signed" | "failed"; proof: EtimsProof | null; error: string | null },
): Promise<void> {
  await tx
    .update(sales)
    .set({ etimsState: outcome.state, etimsProof: outcome.proof, etimsError: outcome.error })
    .where(and(eq(sales.businessId, businessId), eq(sales.id, id)));
}
