import { oscuDate } from "@app/shared/etims/oscu";
import { oscuStockType, stockToOscu, type EtimsStockLine } from "@app/shared/etims/stock-io";
import { effectiveTaxType, type TaxType } from "@app/shared/tax/vat";
import {
  productsForEtims,
  stockMovementsForEtims,
  type StockMovementEtims,
} from "../modules/inventory/inventory.public.ts";
import {
  EtimsError,
  numberStockReport,
  queuedAfter,
  remainingQuantities,
  retryDelayMs,
  settleStockRows,
  stockReportRows,
  type OscuDevice,
  type OutboxRow,
} from "../modules/etims/etims.public.ts";
import { ensureRegistered, registeredBy, Unsendable, vatRegistered, type EtimsQueueDeps } from "./etims-items.ts";

/**
 * Stock movements to KRA (issue 30 item 7): the outbox's "stock" rows (one per stock ledger row,
 * migration 0038) are reported in batches. When a stock row reaches the head of its business's
 * queue, the stock rows right behind it of the same KRA stock type (sale, purchase, adjustment,
 * transfer...) and the same day join it in one report (insertStockIO, one line per movement),
 * numbered once (sarNo); then each product touched gets its remaining quantity (saveStockMaster:
 * the quantity after its last movement in the report, so KRA's stock follows ours in order; a
 * report sent again after KRA refused it gives the newest quantity KRA has heard of instead).
 *
 * Same rules as the rest of the queue: KRA down → the report waits at the head with its number
 * and is sent again whole (KRA answers 994 to a report it already holds: counted as done, the
 * quantities are sent again); a product KRA cannot take (no details, refused by KRA) → its rows
 * are failed with the reason and the rest of the report goes; KRA refusing the report → its rows
 * are failed with KRA's reason (in the server's log, and on the owner's list, which retries them).
 */

/** At most this many movements in one report. */
export const STOCK_REPORT_MAX = 100;

const reportKey = (m: StockMovementEtims | undefined) =>
  m ? `${oscuStockType(m.reason, m.delta)}|${oscuDate(m.createdAt)}` : "gone";

/** The stock rows behind the head that join its report: next in the queue, same type and day. */
async function joiningRows(q: EtimsQueueDeps, head: OutboxRow): Promise<number[]> {
  const behind = await queuedAfter(q.db, head.businessId, head.id, STOCK_REPORT_MAX - 1);
  const run: OutboxRow[] = [];
  for (const r of behind) {
    if (r.kind !== "stock" || r.sarNo !== null || r.state !== "queued") break;
    run.push(r);
  }
  const moves = await stockMovementsForEtims(q.db, head.businessId, [head.refId, ...run.map((r) => r.refId)]);
  const key = reportKey(moves.get(head.refId));
  const joining: number[] = [];
  for (const r of run) {
    if (reportKey(moves.get(r.refId)) !== key) break;
    joining.push(r.id);
  }
  return joining;
}

type Report = { rows: OutboxRow[]; moves: StockMovementEtims[]; failed: Map<number, Unsendable> };

/** The report's lines: each product registered with KRA first; rows whose product KRA cannot take are set apart. */
async function linesOf(q: EtimsQueueDeps, device: OscuDevice, businessId: string, report: Report) {
  const products = await productsForEtims(q.db, businessId, [...new Set(report.moves.map((m) => m.productId))]);
  const vat = await vatRegistered(q.db, businessId);
  const codes = new Map<string, string | Unsendable>();
  const lines: (EtimsStockLine & { move: StockMovementEtims })[] = [];
  for (const [i, m] of report.moves.entries()) {
    const p = products.get(m.productId);
    const taxType = effectiveTaxType((p?.taxType ?? null) as TaxType | null, vat);
    if (p && !codes.has(p.id)) {
      const code = p.error
        ? new Unsendable("item", `KRA cannot take "${p.name}" until it is registered: ${p.error}`)
        : await ensureRegistered(q, device, businessId, p, taxType).catch((err: unknown) => {
            if (err instanceof Unsendable) return err;
            throw err;
          });
      codes.set(p.id, code);
    }
    const code = p ? codes.get(p.id)! : new Unsendable("missing", "The product is no longer there.");
    if (code instanceof Unsendable) {
      report.failed.set(report.rows[i]!.id, code);
      continue;
    }
    lines.push({
      move: m,
      itemCd: code,
      itemClsCd: p!.itemClass!,
      name: p!.name,
      barcode: p!.barcode,
      pkgUnitCd: p!.packagingUnit!,
      qtyUnitCd: p!.quantityUnit!,
      delta: m.delta,
      unitPrice: p!.sellingPrice,
      taxType,
    });
  }
  return lines;
}

/** Sends the stock report the claimed head starts; "retry" when KRA was down (the queue waits). */
export async function sendStockReport(
  q: EtimsQueueDeps,
  device: OscuDevice,
  head: OutboxRow,
): Promise<"next" | "retry"> {
  const sarNo = await numberStockReport(q.db, head, head.sarNo === null ? await joiningRows(q, head) : []);
  const rows = await stockReportRows(q.db, head.businessId, sarNo);
  const found = await stockMovementsForEtims(
    q.db,
    head.businessId,
    rows.map((r) => r.refId),
  );
  // A movement gone (its product deleted for good) has nothing left to report.
  const gone = rows.filter((r) => !found.has(r.refId));
  await settleStockRows(
    q.db,
    gone.map((r) => r.id),
    { state: "done" },
  );
  const live = rows.filter((r) => found.has(r.refId));
  const report: Report = { rows: live, moves: live.map((r) => found.get(r.refId)!), failed: new Map() };
  try {
    const lines = await linesOf(q, device, head.businessId, report);
    for (const [id, why] of report.failed)
      await settleStockRows(q.db, [id], { state: "failed", code: why.code, message: why.message });
    if (lines.length) {
      const first = lines[0]!.move;
      const body = stockToOscu({
        sarNo,
        sarTyCd: oscuStockType(first.reason, first.delta),
        at: first.createdAt,
        user: { id: registeredBy.id, name: first.actorName || registeredBy.name },
        lines,
      });
      await q.etims.client.insertStockIO(device, body).catch((err: unknown) => {
        // KRA holds this report already (a sender stopped after sending it): done, the quantities follow.
        if (err instanceof EtimsError && err.resultCd === "994") return;
        throw err;
      });
      // Each product's quantity after its last movement here, unless newer ones are already
      // reported (this report sent again after a refusal): then theirs.
      const left = new Map<string, { itemCd: string; quantity: number }>();
      for (const l of lines) left.set(l.move.productId, { itemCd: l.itemCd, quantity: l.move.quantityAfter });
      const newest = await remainingQuantities(q.db, head.businessId, [...left.keys()], sarNo);
      for (const [productId, { itemCd, quantity }] of left)
        await q.etims.client.saveStockMaster(device, {
          itemCd,
          rsdQty: newest.get(productId) ?? quantity,
          regrId: registeredBy.id,
          regrNm: registeredBy.name,
          modrId: registeredBy.id,
          modrNm: registeredBy.name,
        });
    }
    await settleStockRows(
      q.db,
      live.filter((r) => !report.failed.has(r.id)).map((r) => r.id),
      { state: "done" },
    );
    return "next";
  } catch (err) {
    const ids = live.filter((r) => !report.failed.has(r.id)).map((r) => r.id);
    if (err instanceof EtimsError && err.retryable) {
      await settleStockRows(q.db, ids, {
        state: "retry",
        message: err.message,
        delayMs: retryDelayMs(head.attempts, q.retryBaseMs),
      });
      return "retry";
    }
    if (!(err instanceof EtimsError)) throw err; // our own fault (database): the job runs again; the lease hands it on
    q.log.warn(
      { businessId: head.businessId, sarNo, resultCd: err.resultCd },
      `KRA refused a stock report: ${err.message}`,
    );
    await settleStockRows(q.db, ids, { state: "failed", code: err.resultCd ?? "refused", message: err.message });
    return "next";
  }
}
