import type { EtimsProof } from "@app/shared/etims/proof";
import { ETIMS_DEFAULT_REFUND_REASON } from "@app/shared/etims/queue";
import { oscuPaymentType, saleToOscu, type EtimsSaleInput } from "@app/shared/etims/sale-payload";
import { effectiveTaxType, type TaxType } from "@app/shared/tax/vat";
import { transact } from "../platform/retry.ts";
import type { Jobs } from "../platform/jobs.ts";
import { productsForEtims } from "../modules/inventory/inventory.public.ts";
import { findSale, saleUpdatedAt, setSaleEtims } from "../modules/sales/sales.public.ts";
import {
  documentForEtims,
  setDocumentEtims,
  type EtimsDocument,
} from "../modules/sales-documents/sales-documents.public.ts";
import {
  businessesDue,
  correctionOf,
  claimHead,
  deviceOf,
  deviceInfoOf,
  EtimsError,
  markDone,
  markFailed,
  markRetry,
  retryDelayMs,
  setCorrectionProof,
  signedInvcNo,
  type Correction,
  type OscuDevice,
  type OutboxRow,
} from "../modules/etims/etims.public.ts";
import type { Tx } from "../db/client.ts";
import type { Sale } from "@app/shared/sales/sale";
import { ensureRegistered, Unsendable, vatRegistered, type EtimsQueueDeps } from "./etims-items.ts";
import { sendStockReport } from "./etims-stock.ts";

export type { EtimsQueueDeps } from "./etims-items.ts";

/**
 * The eTIMS queue: sends what the outbox holds (a sale, wholesale order, invoice or credit note
 * with saveTrnsSalesOsdc; a product with saveItem; stock movements with insertStockIO and
 * saveStockMaster, flows/etims-stock.ts) one business at a time, in order, and stores
 * what KRA answers on the sale or document. A flow: it reads and writes sales, documents and
 * products, which the etims module (below the documents) may not import.
 *
 * - KRA down or silent (network, timeout, 5xx, KRA's own 99x): the head waits and is tried again
 *   with backoff; rows behind it wait (KRA's numbers stay in order).
 * - KRA refuses (9xx) or the row cannot be sent (a product without its eTIMS details): the row is
 *   failed with the reason in plain words; the next goes on. The owner retries it after fixing.
 * - Never twice: one row per sale or document (by its id), one sender per business at a time
 *   (the device row's lock), our invoice number kept across retries; a sender that died mid-send
 *   is taken over after its lease, under the same invoice number, and KRA refuses a number it
 *   already holds (994) rather than sign it twice.
 */

export const SEND_JOB = "etims-send";
export const SWEEP_JOB = "etims-sweep";

type Line = {
  productId: string | null;
  name: string;
  quantity: number;
  unitPrice: number;
  total: number;
  taxType: TaxType;
};

async function linesToOscu(q: EtimsQueueDeps, device: OscuDevice, businessId: string, lines: Line[]) {
  const products = await productsForEtims(
    q.db,
    businessId,
    lines.flatMap((l) => (l.productId ? [l.productId] : [])),
  );
  const out: EtimsSaleInput["lines"] = [];
  for (const [i, l] of lines.entries()) {
    const p = l.productId ? products.get(l.productId) : undefined;
    if (!p) throw new Unsendable("details", `Line ${i + 1} ("${l.name}") is not a product, so KRA cannot take it.`);
    const itemCd = await ensureRegistered(q, device, businessId, p, l.taxType);
    out.push({
      itemCd,
      itemClsCd: p.itemClass!,
      name: l.name,
      barcode: p.barcode,
      pkgUnitCd: p.packagingUnit!,
      qtyUnitCd: p.quantityUnit!,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      total: l.total,
      taxType: l.taxType,
    });
  }
  return out;
}

type DeviceInfo = Awaited<ReturnType<typeof deviceInfoOf>>;

type Target = {
  kind: "sale" | "document" | "credit";
  input: Omit<EtimsSaleInput, "lines">;
  /** Lines still to be mapped (products registered first), or KRA's lines as already signed (a credit note's). */
  lines: Line[] | EtimsSaleInput["lines"];
  /** A sale's (or its new receipt's): which sale, when it last changed and how its lines read when sent. */
  sale?: { id: string; updatedAt: string; linesKey: string };
};

const saleLinesOf = (sale: Sale): Line[] =>
  sale.products.map((l) => ({
    productId: l.productId,
    name: l.name,
    quantity: l.productQuantity,
    unitPrice: l.productPrice,
    total: l.totalPrice,
    taxType: l.taxType,
  }));

/** What KRA holds of a sale's lines: a change to them after sending asks for a credit note and a new receipt. */
const linesKeyOf = (lines: Line[]) =>
  JSON.stringify(lines.map((l) => [l.productId, l.quantity, l.unitPrice, l.total, l.taxType]));

function saleInput(row: OutboxRow, sale: Sale): Omit<EtimsSaleInput, "lines"> {
  return {
    invcNo: row.invcNo!,
    traderInvoiceNo: `${sale.channel === "wholesale" ? "O" : "S"}-${sale.saleNumber}`,
    receiptType: "S",
    originalInvcNo: 0,
    refundReasonCd: null,
    paymentTypeCd: oscuPaymentType(sale.paymentMethod, sale.payments, sale.balance),
    at: new Date(sale.offlineAt ?? sale.createdAt),
    buyerPin: null,
    buyerName: sale.customerName,
    buyerPhone: sale.customerPhone,
    user: { id: sale.servedBy, name: sale.servedBy },
  };
}

async function targetOf(q: EtimsQueueDeps, row: OutboxRow): Promise<Target> {
  if (row.kind === "sale" || row.kind === "resend" || row.kind === "credit") {
    const correction = row.kind === "sale" ? null : await correctionOf(q.db, row.businessId, row.refId);
    if (row.kind !== "sale" && !correction) throw new Unsendable("missing", "The sale's change is no longer there.");
    const sale = await findSale(q.db, row.businessId, correction?.saleId ?? row.refId);
    if (!sale) throw new Unsendable("missing", "The sale is no longer there.");
    if (row.kind === "credit") return creditTarget(row, correction!, sale);
    const lines = saleLinesOf(sale);
    return {
      kind: "sale",
      input: saleInput(row, sale),
      lines,
      sale: { id: sale._id, updatedAt: sale.updatedAt, linesKey: linesKeyOf(lines) },
    };
  }
  const doc = await documentForEtims(q.db, row.businessId, row.refId);
  if (!doc) throw new Unsendable("missing", "The document is no longer there.");
  return { kind: "document", input: await documentInput(q, row, doc), lines: documentLines(doc) };
}

/**
 * A credit note (R) cancelling the receipt KRA signed: its lines, payment and buyer exactly as
 * signed (kept on the outbox row), under our next invoice number. A receipt signed before these
 * were kept is cancelled as the sale reads now (the same, unless it was edited since).
 */
function creditTarget(row: OutboxRow, credit: Correction, sale: Sale): Target {
  if (!credit.original) throw new Unsendable("original", "The receipt this credit note cancels is not signed by KRA.");
  const signed = credit.original.sent as (Omit<EtimsSaleInput, "at"> & { at: string }) | null;
  const base = signed ? { ...signed, at: new Date(signed.at) } : { ...saleInput(row, sale), lines: saleLinesOf(sale) };
  const { lines, ...input } = base;
  return {
    kind: "credit",
    input: {
      ...input,
      invcNo: row.invcNo!,
      traderInvoiceNo: `${input.traderInvoiceNo}-R${credit.original.invcNo}`,
      receiptType: "R",
      originalInvcNo: credit.original.invcNo,
      refundReasonCd: credit.refundReasonCd ?? ETIMS_DEFAULT_REFUND_REASON,
      at: credit.createdAt,
    },
    lines,
  };
}

const mapped = (lines: Target["lines"]): lines is EtimsSaleInput["lines"] => lines.length > 0 && "itemCd" in lines[0]!;

async function documentInput(q: EtimsQueueDeps, row: OutboxRow, doc: EtimsDocument) {
  let originalInvcNo = 0;
  if (doc.type === "credit_note") {
    const original = doc.relatedId ? await signedInvcNo(q.db, row.businessId, "document", doc.relatedId) : null;
    if (!original?.invcNo)
      throw new Unsendable(
        "original",
        "This credit note's invoice is not signed by KRA (it was issued before eTIMS was connected, or KRA refused it): KRA takes a credit note only after its invoice.",
      );
    originalInvcNo = original.invcNo;
  }
  return {
    invcNo: row.invcNo!,
    traderInvoiceNo: doc.number,
    receiptType: doc.type === "credit_note" ? ("R" as const) : ("S" as const),
    originalInvcNo,
    refundReasonCd: doc.type === "credit_note" ? (doc.refundReason ?? ETIMS_DEFAULT_REFUND_REASON) : null,
    // An invoice is sold on credit (KRA's 02); a credit note follows its invoice.
    paymentTypeCd: "02",
    at: doc.issuedAt,
    buyerPin: doc.partyKraPin,
    buyerName: doc.partyName,
    buyerPhone: null,
    user: { id: doc.createdBy, name: doc.createdBy },
  };
}

const documentLines = (doc: EtimsDocument): Line[] =>
  doc.lines.map((l) => ({
    productId: l.productId,
    name: l.description,
    quantity: l.quantity,
    unitPrice: l.unitPrice,
    total: l.total,
    taxType: l.taxType,
  }));

async function setOutcome(
  q: EtimsQueueDeps,
  tx: Parameters<typeof setSaleEtims>[0],
  row: OutboxRow,
  outcome: { state: "signed" | "failed"; proof: EtimsProof | null; error: string | null },
) {
  if (row.kind === "sale") await setSaleEtims(tx, row.businessId, row.refId, outcome);
  else if (row.kind === "document") await setDocumentEtims(tx, row.businessId, row.refId, outcome);
  else if (row.kind === "credit" || row.kind === "resend") {
    if (outcome.proof) await setCorrectionProof(tx, row.businessId, row.refId, outcome.proof);
    const correction = row.kind === "resend" ? await correctionOf(tx, row.businessId, row.refId) : null;
    // A new receipt is the sale's: the sale reads signed (or refused) with it. A credit note leaves the sale as it is.
    if (correction) await setSaleEtims(tx, row.businessId, correction.saleId, outcome);
  }
}

/**
 * The sale was edited while KRA signed it (the edit saw it still pending, so asked nothing of
 * KRA): KRA holds lines the sale no longer has. Asking it to be signed again makes 0039's
 * trigger credit what KRA signed and queue the sale as it now is. The sale's row is locked by
 * the signed state just written, so an edit either came before (seen here) or waits and sees it signed.
 */
async function resignIfChanged(tx: Tx, businessId: string, sent: NonNullable<Target["sale"]>) {
  // Unchanged since it was read (nearly always): one small read, not the whole sale.
  if ((await saleUpdatedAt(tx, businessId, sent.id)) === sent.updatedAt) return;
  const sale = await findSale(tx, businessId, sent.id);
  if (sale?.status === "completed" && linesKeyOf(saleLinesOf(sale)) !== sent.linesKey)
    await setSaleEtims(tx, businessId, sent.id, { state: "pending", proof: null, error: null });
}

/** Sends one claimed row; "retry" when KRA was down (the business's queue waits), else "next". */
async function sendRow(
  q: EtimsQueueDeps,
  device: OscuDevice,
  info: DeviceInfo,
  row: OutboxRow,
): Promise<"next" | "retry"> {
  if (row.kind === "stock") return sendStockReport(q, device, row);
  try {
    if (row.kind === "item") {
      const p = (await productsForEtims(q.db, row.businessId, [row.refId])).get(row.refId);
      if (!p) throw new Unsendable("missing", "The product is no longer there.");
      const taxType = effectiveTaxType(p.taxType as TaxType | null, await vatRegistered(q.db, row.businessId));
      await ensureRegistered(q, device, row.businessId, { ...p, registeredAt: null }, taxType);
      await transact(q.db, (tx) => markDone(tx, row.id));
      return "next";
    }
    const target = await targetOf(q, row);
    const lines = mapped(target.lines) ? target.lines : await linesToOscu(q, device, row.businessId, target.lines);
    const sent = { ...target.input, lines };
    const signature = await q.etims.client.saveTrnsSalesOsdc(device, saleToOscu(sent));
    const proof: EtimsProof = {
      sdcId: info?.sdcId ?? "",
      mrcNo: info?.mrcNo ?? "",
      invcNo: row.invcNo!,
      curRcptNo: signature.curRcptNo,
      totRcptNo: signature.totRcptNo,
      intrlData: signature.intrlData,
      rcptSign: signature.rcptSign,
      sdcDateTime: signature.sdcDateTime,
    };
    await transact(q.db, async (tx) => {
      // Done first, with what KRA signed: a sale voided meanwhile is credited from it (0039's trigger).
      await markDone(tx, row.id, target.kind === "sale" ? sent : null);
      await setOutcome(q, tx, row, { state: "signed", proof, error: null });
      if (target.sale) await resignIfChanged(tx, row.businessId, target.sale);
    });
    return "next";
  } catch (err) {
    if (err instanceof EtimsError && err.retryable) {
      await markRetry(q.db, row, err.message, retryDelayMs(row.attempts, q.retryBaseMs));
      return "retry";
    }
    const failure =
      err instanceof Unsendable
        ? { code: err.code, message: err.message, keepInvcNo: false }
        : err instanceof EtimsError
          ? {
              code: err.resultCd ?? "refused",
              message:
                err.resultCd === "994"
                  ? `KRA already holds our invoice number ${row.invcNo} for this, but its signature did not reach us (the server stopped while sending). ${err.message}`
                  : err.message,
              keepInvcNo: err.resultCd === "994",
            }
          : null;
    if (!failure) throw err; // our own fault (database): the job fails and runs again; the lease hands the row on
    await transact(q.db, async (tx) => {
      await markFailed(tx, row, failure);
      await setOutcome(q, tx, row, { state: "failed", proof: null, error: failure.message });
    });
    return "next";
  }
}

/**
 * Sends a business's queue, in order, until it is empty, another sender holds its head, or KRA
 * is down (then returns when to try again, in ms from now).
 */
export async function drainBusiness(
  q: EtimsQueueDeps,
  businessId: string,
): Promise<{ sent: number; retryInMs: number | null }> {
  const device = await deviceOf(q.db, q.etims, businessId);
  if (!device) return { sent: 0, retryInMs: null };
  // The control unit's ids, printed with KRA's answer: read once per drain, not once per sale.
  const info = await deviceInfoOf(q.db, businessId);
  let sent = 0;
  for (;;) {
    // The till's sales first: between rows the queue lets the requests in flight finish.
    await q.yieldToRequests?.();
    const claim = await claimHead(q.db, businessId, q.leaseMs);
    if (claim.kind === "empty" || claim.kind === "busy") return { sent, retryInMs: null };
    if (claim.kind === "wait") return { sent, retryInMs: Math.max(0, claim.untilMs - Date.now()) };
    const outcome = await sendRow(q, device, info, claim.row);
    if (outcome === "retry") return { sent, retryInMs: retryDelayMs(claim.row.attempts, q.retryBaseMs) };
    sent++;
  }
}

/** Queues a send of the business's outbox now (or after `afterMs`): one queued per business. */
export function queueSend(jobs: Jobs, businessId: string, afterMs = 0): Promise<string | null> {
  return jobs.send(
    SEND_JOB,
    { businessId },
    { singletonKey: businessId, ...(afterMs > 0 ? { startAfterSeconds: Math.ceil(afterMs / 1000) } : {}) },
  );
}

/**
 * The queue's jobs: a send per business (woken when a job-running process sees its rows due, every
 * WATCH_MS), and a sweep every minute for the same (a process that runs no watch, such as a
 * `--no-jobs` server beside workers, still gets its rows sent).
 */
export function registerEtimsQueue(jobs: Jobs, q: EtimsQueueDeps): void {
  // The businesses this process is sending now, and those seen due meanwhile: a send running
  // takes every row queued before it finds the queue empty, so a look then only asks for one
  // more send when it ends (a till's every sale queuing a send that finds the queue busy cost
  // the till more than the sending itself).
  const draining = new Set<string>();
  const dueMeanwhile = new Set<string>();
  jobs.define<{ businessId: string }>(
    SEND_JOB,
    async ({ businessId }) => {
      draining.add(businessId);
      try {
        const result = await drainBusiness(q, businessId);
        if (result.retryInMs !== null) await queueSend(jobs, businessId, Math.max(result.retryInMs, 500));
        return result;
      } finally {
        draining.delete(businessId);
        if (dueMeanwhile.delete(businessId)) wake(businessId);
      }
    },
    { policy: "short", retries: 5, retryDelaySeconds: 5, concurrency: 4, expireInSeconds: 600 },
  );
  const sweep = async () => {
    const due = await businessesDue(q.db);
    for (const b of due) await queueSend(jobs, b);
    return { queued: due.length };
  };
  jobs.every(SWEEP_JOB, "* * * * *", sweep);
  // The looks of a business within WAKE_COALESCE_MS queue one send (each send is a write to the
  // job table), which sends all that is queued by then.
  const waking = new Set<string>();
  const wake = (businessId: string) => {
    if (draining.has(businessId)) return void dueMeanwhile.add(businessId);
    if (waking.has(businessId)) return;
    waking.add(businessId);
    setTimeout(() => {
      waking.delete(businessId);
      void queueSend(jobs, businessId).catch((err: unknown) =>
        q.log.error({ err, businessId }, "could not queue an eTIMS send"),
      );
    }, WAKE_COALESCE_MS).unref();
  };
  jobs.watch("etims-outbox", WATCH_MS, () => businessesDue(q.db), wake);
}

/**
 * How often a job-running process looks for businesses with rows due (one query on the outbox's
 * open rows): a sale is sent about this long after it is made, at most, when the tills are quiet.
 */
export const WATCH_MS = 250;

/** How long the queue gathers a business's looks before it queues one send for them. */
export const WAKE_COALESCE_MS = 50;
