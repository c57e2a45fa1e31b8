import { sql } from "drizzle-orm";
import type { Db, DbOrTx, Tx } from "../../db/client.ts";
import { now } from "../../platform/clock.ts";
import { transact } from "../../platform/retry.ts";

// The eTIMS outbox's state machine (etims.table.ts etimsOutbox): the database queues a sale,
// document, product or stock movement when it is recorded (migrations 0034, 0038); the queue (flows/etims-queue.ts)
// takes the head of each business's queue in turn, sends it, and records what KRA answered.

export type OutboxKind = "sale" | "document" | "item" | "stock" | "credit" | "resend";
export type OutboxRow = {
  id: number;
  businessId: string;
  kind: OutboxKind;
  refId: string;
  state: "queued" | "sending" | "failed" | "done";
  invcNo: number | null;
  /** A stock movement's report number (insertStockIO sarNo), shared by the rows of one report. */
  sarNo: number | null;
  attempts: number;
  errorCode: string | null;
  error: string | null;
  queuedAt: Date;
};

/** How long a sender may hold the head before another takes it over (a sender that died mid-send). */
export const SEND_LEASE_MS = 2 * 60_000;

export type Claim =
  | { kind: "send"; row: OutboxRow; resend: boolean }
  | { kind: "empty" }
  | { kind: "busy" }
  | { kind: "wait"; untilMs: number };

type RawRow = {
  id: string | number;
  business_id: string;
  kind: OutboxKind;
  ref_id: string;
  state: OutboxRow["state"];
  invc_no: number | null;
  sar_no: number | null;
  attempts: number;
  error_code: string | null;
  error: string | null;
  queued_at: Date | string;
  next_attempt_at: Date | string;
  lease_until: Date | string | null;
};
const toRow = (r: RawRow): OutboxRow => ({
  id: Number(r.id),
  businessId: r.business_id,
  kind: r.kind,
  refId: r.ref_id,
  state: r.state,
  invcNo: r.invc_no,
  sarNo: r.sar_no,
  attempts: r.attempts,
  errorCode: r.error_code,
  error: r.error,
  queuedAt: new Date(r.queued_at),
});

/**
 * Takes the head of the business's queue (the oldest row not done or failed) for sending: the
 * device row is locked meanwhile, so senders of one business take turns and rows go in order.
 * A sale or document gets our next invoice number when it first reaches the head, and keeps it
 * across retries (KRA's numbers stay gapless). A head another sender holds (its lease running)
 * is "busy"; one waiting for its retry is "wait".
 */
export async function claimHead(db: Db, businessId: string, leaseMs = SEND_LEASE_MS): Promise<Claim> {
  return transact(db, async (tx) => {
    const { rows: devices } = await tx.execute<{ next_invc_no: number }>(
      sql`SELECT next_invc_no FROM etims_devices WHERE business_id = ${businessId} FOR UPDATE`,
    );
    const device = devices[0];
    if (!device) return { kind: "empty" } as const;
    const { rows } = await tx.execute<RawRow>(sql`
      SELECT * FROM etims_outbox WHERE business_id = ${businessId} AND state IN ('queued', 'sending')
      ORDER BY id LIMIT 1`);
    const head = rows[0];
    if (!head) return { kind: "empty" } as const;
    const at = now().getTime();
    if (head.state === "sending" && head.lease_until && new Date(head.lease_until).getTime() > at)
      return { kind: "busy" } as const;
    if (head.state === "queued" && new Date(head.next_attempt_at).getTime() > at)
      return { kind: "wait", untilMs: new Date(head.next_attempt_at).getTime() } as const;
    // A head found "sending" with its lease run out: its sender died, perhaps after KRA signed it.
    const resend = head.state === "sending";
    let invcNo = head.invc_no;
    if (head.kind !== "item" && head.kind !== "stock" && invcNo === null) {
      invcNo = device.next_invc_no;
      await tx.execute(sql`UPDATE etims_devices SET next_invc_no = next_invc_no + 1 WHERE business_id = ${businessId}`);
    }
    const { rows: updated } = await tx.execute<RawRow>(sql`
      UPDATE etims_outbox SET state = 'sending', invc_no = ${invcNo}, attempts = attempts + 1,
        lease_until = ${new Date(at + leaseMs).toISOString()}::timestamptz
      WHERE id = ${head.id} RETURNING *`);
    return { kind: "send", row: toRow(updated[0]!), resend } as const;
  });
}

/**
 * KRA signed (or registered) it: the row is done, in the transaction that stores KRA's answer,
 * with what KRA signed (`sent`, a sale's: a credit note later cancels exactly that).
 */
export async function markDone(tx: Tx, id: number, sent: Record<string, unknown> | null = null): Promise<void> {
  await tx.execute(sql`
    UPDATE etims_outbox SET state = 'done', done_at = ${now().toISOString()}::timestamptz, lease_until = NULL,
      error_code = NULL, error = NULL, sent = ${sent === null ? null : JSON.stringify(sent)}::jsonb
    WHERE id = ${id}`);
}

/** The wait before the n-th retry: base, doubled each time, at most 30 minutes. */
export const retryDelayMs = (attempts: number, baseMs: number) =>
  Math.min(30 * 60_000, baseMs * 2 ** Math.max(0, attempts - 1));

/** KRA was down or silent: the row waits at the head of its queue (in order) and is tried again later. */
export async function markRetry(db: DbOrTx, row: OutboxRow, message: string, delayMs: number): Promise<void> {
  await db.execute(sql`
    UPDATE etims_outbox SET state = 'queued', lease_until = NULL, error_code = 'network', error = ${message},
      next_attempt_at = ${new Date(now().getTime() + delayMs).toISOString()}::timestamptz
    WHERE id = ${row.id}`);
}

/**
 * KRA refused it (or it cannot be sent as it is): the row is failed with the reason and leaves
 * the head. Its invoice number goes back to the next row, unless KRA already holds it (994), so
 * KRA's sequence keeps no gap.
 */
export async function markFailed(
  tx: Tx,
  row: OutboxRow,
  failure: { code: string; message: string; keepInvcNo: boolean },
): Promise<void> {
  const release = row.invcNo !== null && !failure.keepInvcNo;
  if (release)
    await tx.execute(sql`
      UPDATE etims_devices SET next_invc_no = ${row.invcNo}
      WHERE business_id = ${row.businessId} AND next_invc_no = ${row.invcNo! + 1}`);
  await tx.execute(sql`
    UPDATE etims_outbox SET state = 'failed', lease_until = NULL, error_code = ${failure.code},
      error = ${failure.message}, invc_no = ${release ? null : row.invcNo}
    WHERE id = ${row.id}`);
}

/** The owner's "retry": a failed row goes back in the queue (behind nothing: its place is its id). */
export async function requeue(tx: Tx, businessId: string, refId: string): Promise<OutboxRow | null> {
  const { rows } = await tx.execute<RawRow>(sql`
    UPDATE etims_outbox SET state = 'queued', attempts = 0, error_code = NULL, error = NULL, lease_until = NULL,
      next_attempt_at = ${now().toISOString()}::timestamptz
    WHERE business_id = ${businessId} AND ref_id = ${refId} AND state = 'failed' RETURNING *`);
  return rows[0] ? toRow(rows[0]) : null;
}

/** The invoice number a sale or document was signed under (a credit note's orgInvcNo), or null. */
export async function signedInvcNo(db: DbOrTx, businessId: string, kind: OutboxKind, refId: string) {
  const { rows } = await db.execute<{ invc_no: number | null; state: string }>(sql`
    SELECT invc_no, state FROM etims_outbox WHERE business_id = ${businessId} AND kind = ${kind} AND ref_id = ${refId}
    ORDER BY id DESC LIMIT 1`);
  const r = rows[0];
  return r ? { invcNo: r.state === "done" ? r.invc_no : null, state: r.state } : null;
}

/** Businesses with a row due now (queued and its time come, or a sender's lease run out). */
export async function businessesDue(db: DbOrTx): Promise<string[]> {
  const at = now().toISOString();
  const { rows } = await db.execute<{ business_id: string }>(sql`
    SELECT DISTINCT business_id FROM etims_outbox
    WHERE (state = 'queued' AND next_attempt_at <= ${at}::timestamptz)
       OR (state = 'sending' AND lease_until <= ${at}::timestamptz)`);
  return rows.map((r) => r.business_id);
}

/**
 * Which open rows the owner sees: not a stock movement's report while it waits (no receipt the
 * owner waits for, and a busy till queues hundreds), only once KRA refused it. One whose product
 * KRA could not register ("item") or that is gone ("missing") is not listed: the product is, with
 * KRA's reason, and its remaining quantity reaches KRA with its next movement once it is fixed.
 */
const ownersRows = sql`(kind <> 'stock' OR (state = 'failed' AND coalesce(error_code, '') NOT IN ('item', 'missing')))`;

/**
 * The rows not yet done (queued, sending, failed), oldest first: the owner's list of sales,
 * documents, products and the stock reports KRA refused.
 */
export async function openRows(db: DbOrTx, businessId: string, limit: number): Promise<OutboxRow[]> {
  const { rows } = await db.execute<RawRow>(sql`
    SELECT * FROM etims_outbox WHERE business_id = ${businessId} AND state <> 'done' AND ${ownersRows}
    ORDER BY id LIMIT ${limit}`);
  return rows.map(toRow);
}

export type OutboxCounts = { pending: number; failed: number; overdue: number; oldestPendingAt: string | null };

/**
 * Counts for the dashboard card and the list's head: waiting, refused, waiting over 24 hours, of
 * the rows the list shows. Stock reports count only as refused; KRA's 24 hours are the sales'.
 */
export async function outboxCounts(db: DbOrTx, businessId: string): Promise<OutboxCounts> {
  const since = new Date(now().getTime() - 24 * 3600_000).toISOString();
  const { rows } = await db.execute<{ pending: number; failed: number; overdue: number; oldest: Date | null }>(sql`
    SELECT count(*) FILTER (WHERE state IN ('queued', 'sending') AND kind NOT IN ('item', 'stock'))::int AS pending,
           count(*) FILTER (WHERE state = 'failed')::int AS failed,
           count(*) FILTER (WHERE kind NOT IN ('item', 'stock') AND queued_at < ${since}::timestamptz)::int AS overdue,
           min(queued_at) FILTER (WHERE state IN ('queued', 'sending') AND kind NOT IN ('item', 'stock')) AS oldest
    FROM etims_outbox WHERE business_id = ${businessId} AND state <> 'done' AND ${ownersRows}`);
  const r = rows[0]!;
  return {
    pending: r.pending,
    failed: r.failed,
    overdue: r.overdue,
    oldestPendingAt: r.oldest ? new Date(r.oldest).toISOString() : null,
  };
}

/** The next 7-digit sequence of a KRA item code, taken once per product. */
export async function takeItemSeq(tx: Tx, businessId: string): Promise<number> {
  const { rows } = await tx.execute<{ seq: number }>(sql`
    UPDATE etims_devices SET next_item_seq = next_item_seq + 1 WHERE business_id = ${businessId}
    RETURNING next_item_seq - 1 AS seq`);
  return rows[0]!.seq;
}

/** The queued rows behind `afterId`, in order: the stock rows that may join the head's report. */
export async function queuedAfter(db: DbOrTx, businessId: string, afterId: number, limit: number) {
  const { rows } = await db.execute<RawRow>(sql`
    SELECT * FROM etims_outbox WHERE business_id = ${businessId} AND state IN ('queued', 'sending') AND id > ${afterId}
    ORDER BY id LIMIT ${limit}`);
  return rows.map(toRow);
}

/**
 * Numbers a stock report: the head (claimed) and the queued stock rows behind it that join it
 * take our next sarNo, once; a head already numbered (a retry, or a sender that died) keeps its
 * report as it was, so KRA answers 994 to a report it already holds rather than take it twice.
 */
export async function numberStockReport(db: Db, head: OutboxRow, joining: readonly number[]): Promise<number> {
  if (head.sarNo !== null) return head.sarNo;
  return transact(db, async (tx) => {
    const { rows } = await tx.execute<{ sar_no: number }>(sql`
      UPDATE etims_devices SET next_sar_no = next_sar_no + 1 WHERE business_id = ${head.businessId}
      RETURNING next_sar_no - 1 AS sar_no`);
    const sarNo = rows[0]!.sar_no;
    const ids = [head.id, ...joining];
    await tx.execute(sql`
      UPDATE etims_outbox SET sar_no = ${sarNo}
      WHERE business_id = ${head.businessId} AND kind = 'stock' AND sar_no IS NULL
        AND (id = ${head.id} OR (state = 'queued' AND id IN (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})))`);
    return sarNo;
  });
}

/**
 * Each product's remaining quantity as KRA should hold it once stock report `sarNo` is in: the
 * quantity after its newest ledger movement that is not still waiting in the queue (this report's
 * own rows count). In order, that is the report's last movement of it; a report sent again after
 * KRA refused it comes after newer ones already reported, and must not wind KRA's stock back.
 */
export async function remainingQuantities(
  db: DbOrTx,
  businessId: string,
  productIds: readonly string[],
  sarNo: number,
): Promise<Map<string, number>> {
  if (!productIds.length) return new Map();
  const { rows } = await db.execute<{ product_id: string; quantity: number | null }>(sql`
    SELECT p.id AS product_id, (
      SELECT m.quantity_after FROM stock_movements m
      WHERE m.business_id = ${businessId} AND m.product_id = p.id
        AND NOT EXISTS (SELECT 1 FROM etims_outbox o
          WHERE o.business_id = m.business_id AND o.kind = 'stock' AND o.ref_id = m.id
            AND o.state IN ('queued', 'sending') AND o.sar_no IS DISTINCT FROM ${sarNo})
      ORDER BY m.created_at DESC, m.seq DESC LIMIT 1) AS quantity
    FROM unnest(ARRAY[${sql.join(
      productIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}]) AS p(id)`);
  return new Map(rows.flatMap((r) => (r.quantity === null ? [] : [[r.product_id, Number(r.quantity)] as const])));
}

/** The rows of a stock report still to send, in order. */
export async function stockReportRows(db: DbOrTx, businessId: string, sarNo: number): Promise<OutboxRow[]> {
  const { rows } = await db.execute<RawRow>(sql`
    SELECT * FROM etims_outbox WHERE business_id = ${businessId} AND kind = 'stock' AND sar_no = ${sarNo}
      AND state IN ('queued', 'sending') ORDER BY id`);
  return rows.map(toRow);
}

export type StockOutcome =
  | { state: "done" }
  | { state: "retry"; message: string; delayMs: number }
  | { state: "failed"; code: string; message: string };

/**
 * Rows of a stock report leave the queue together: done; back to wait at the head (KRA down,
 * keeping their number); or failed with the reason (their number dropped: a retry reports them anew).
 */
export async function settleStockRows(db: DbOrTx, ids: readonly number[], outcome: StockOutcome): Promise<void> {
  if (!ids.length) return;
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const at = now().getTime();
  if (outcome.state === "done")
    await db.execute(sql`
      UPDATE etims_outbox SET state = 'done', done_at = ${new Date(at).toISOString()}::timestamptz, lease_until = NULL,
        error_code = NULL, error = NULL
      WHERE id IN (${list})`);
  else if (outcome.state === "retry")
    await db.execute(sql`
      UPDATE etims_outbox SET state = 'queued', lease_until = NULL, error_code = 'network', error = ${outcome.message},
        next_attempt_at = ${new Date(at + outcome.delayMs).toISOString()}::timestamptz
      WHERE id IN (${list})`);
  else
    await db.execute(sql`
      UPDATE etims_outbox SET state = 'failed', lease_until = NULL, sar_no = NULL, error_code = ${outcome.code},
        error = ${outcome.message}
      WHERE id IN (${list})`);
}
