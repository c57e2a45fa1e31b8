import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { oscuDateTime } from "@app/shared/etims/oscu";
import {
  oscuSupplierSaleSchema,
  supplierSaleToPurchase,
  type EtimsPurchase,
  type EtimsPurchaseFields,
  type EtimsPurchases,
  type EtimsPurchasesFetched,
  type ListEtimsPurchasesQuery,
} from "@app/shared/etims/purchases";
import type { Db, DbOrTx } from "../../db/client.ts";
import { now } from "../../platform/clock.ts";
import type { Ctx } from "../../platform/context.ts";
import { AppError, notFound } from "../../platform/errors.ts";
import { transact } from "../../platform/retry.ts";
import { appErrorOf } from "./device.service.ts";
import { deviceOf } from "./device-key.ts";
import type { EtimsDeps } from "./etims-deps.ts";
import { etimsDevices } from "./etims.table.ts";
import { etimsPurchaseLines, etimsPurchases } from "./purchases.table.ts";

// The suppliers' invoices to this business that KRA holds (selectTrnsPurchaseSalesList): fetched
// on the owner's demand and nightly, kept once each, listed for the owner to confirm or reject
// (purchase-answer.ts, flows/etims-purchases.ts).

/** The first fetch asks for everything KRA holds. */
const EVERYTHING_SINCE = "20000101000000";
/**
 * Each later fetch asks again for the hour before the last one: an invoice KRA registered in the
 * same second as our last fetch (or on a clock a little behind ours) is not missed, and one
 * already kept is not kept twice (etims_purchases_invoice_key).
 */
const FETCH_OVERLAP_MS = 60 * 60_000;

export type PurchaseRow = typeof etimsPurchases.$inferSelect;
/** A kept invoice with its lines: what the owner's answer is built from. */
export type StoredPurchase = PurchaseRow & EtimsPurchaseFields;

const notConnected = () => new AppError("NOT_CONFIGURED", "eTIMS is not connected for this business.");

/**
 * Fetches the invoices suppliers issued to the business since the last fetch and keeps the new
 * ones with their lines, each given our purchase number for KRA. KRA answering "no search result"
 * (001) keeps nothing but the date. Throws NOT_CONFIGURED without a device, and KRA's refusal or
 * absence as the API's error (nothing kept then).
 */
export async function fetchEtimsPurchases(db: Db, deps: EtimsDeps, businessId: string): Promise<EtimsPurchasesFetched> {
  const device = await deviceOf(db, deps, businessId);
  if (!device) throw notConnected();
  const [dev] = await db
    .select({ last: etimsDevices.purchasesFetchedAt })
    .from(etimsDevices)
    .where(eq(etimsDevices.businessId, businessId));
  const since = dev?.last ? oscuDateTime(new Date(dev.last.getTime() - FETCH_OVERLAP_MS)) : EVERYTHING_SINCE;
  const at = now();
  let list: Record<string, unknown>[];
  try {
    list = await deps.client.selectTrnsPurchaseSalesList(device, since);
  } catch (err) {
    throw appErrorOf(err);
  }
  const invoices: EtimsPurchaseFields[] = [];
  for (const raw of list) {
    const parsed = oscuSupplierSaleSchema.safeParse(raw);
    if (parsed.success) invoices.push(supplierSaleToPurchase(parsed.data));
    else
      deps.log.warn(
        { businessId, supplier: raw.spplrTin, invoice: raw.spplrInvcNo, issue: parsed.error.issues[0]?.message },
        "eTIMS: a supplier's invoice KRA sent could not be read; skipped",
      );
  }
  const added = await transact(db, async (tx) => {
    // One fetch at a time per business (the button and the nightly job): our numbers stay unique.
    await tx
      .select({ id: etimsDevices.businessId })
      .from(etimsDevices)
      .where(eq(etimsDevices.businessId, businessId))
      .for("update");
    const { rows } = await tx.execute<{ n: number }>(
      sql`SELECT coalesce(max(invc_no), 0)::int AS n FROM etims_purchases WHERE business_id = ${businessId}`,
    );
    let invcNo = Number(rows[0]!.n);
    let count = 0;
    for (const { lines, ...p } of invoices) {
      const [row] = await tx
        .insert(etimsPurchases)
        .values({ ...p, businessId, invcNo: invcNo + 1, fetchedAt: at })
        .onConflictDoNothing({
          target: [
            etimsPurchases.businessId,
            etimsPurchases.supplierPin,
            etimsPurchases.supplierBranch,
            etimsPurchases.supplierInvoiceNo,
            etimsPurchases.receiptType,
          ],
        })
        .returning({ id: etimsPurchases.id });
      if (!row) continue;
      invcNo += 1;
      count += 1;
      if (lines.length)
        await tx.insert(etimsPurchaseLines).values(lines.map((l) => ({ ...l, businessId, purchaseId: row.id })));
    }
    await tx.update(etimsDevices).set({ purchasesFetchedAt: at }).where(eq(etimsDevices.businessId, businessId));
    return count;
  });
  return { added, fetchedAt: at.toISOString() };
}

/** Fetches every connected business's supplier invoices, one by one (the nightly job); one failure does not stop the rest. */
export async function fetchAllEtimsPurchases(
  deps: EtimsDeps,
): Promise<{ businessId: string; ok: boolean; message: string }[]> {
  const rows = await deps.db.select({ businessId: etimsDevices.businessId }).from(etimsDevices);
  const out: { businessId: string; ok: boolean; message: string }[] = [];
  for (const { businessId } of rows) {
    try {
      const r = await fetchEtimsPurchases(deps.db, deps, businessId);
      out.push({ businessId, ok: true, message: `${r.added} new supplier invoices` });
    } catch (err) {
      out.push({ businessId, ok: false, message: err instanceof Error ? err.message : String(err) });
    }
  }
  return out;
}

/** The invoices' lines, by invoice, in their order. */
async function linesOf(db: DbOrTx, businessId: string, ids: string[]) {
  if (!ids.length) return new Map<string, EtimsPurchaseFields["lines"]>();
  const rows = await db
    .select()
    .from(etimsPurchaseLines)
    .where(and(eq(etimsPurchaseLines.businessId, businessId), inArray(etimsPurchaseLines.purchaseId, ids)))
    .orderBy(asc(etimsPurchaseLines.purchaseId), asc(etimsPurchaseLines.seq));
  const out = new Map<string, EtimsPurchaseFields["lines"]>();
  for (const { businessId: _b, purchaseId, ...line } of rows)
    out.set(purchaseId, [...(out.get(purchaseId) ?? []), line]);
  return out;
}

export function toEtimsPurchase(r: PurchaseRow, lines: EtimsPurchaseFields["lines"]): EtimsPurchase {
  return {
    _id: r.id,
    supplierPin: r.supplierPin,
    supplierName: r.supplierName,
    supplierBranch: r.supplierBranch,
    supplierInvoiceNo: r.supplierInvoiceNo,
    receiptType: r.receiptType,
    paymentType: r.paymentType,
    saleDate: r.saleDate,
    totalTaxable: r.totalTaxable,
    totalTax: r.totalTax,
    total: r.total,
    bands: r.bands,
    remark: r.remark,
    lines,
    state: r.state,
    confirmedAs: r.confirmedAs,
    supplyId: r.supplyId,
    supplyNumber: r.supplyNumber,
    expenseId: r.expenseId,
    decidedBy: r.decidedBy,
    decidedAt: r.decidedAt?.toISOString() ?? null,
    fetchedAt: r.fetchedAt.toISOString(),
  };
}

/** One kept invoice of this business with its lines; 404 for any other (another business's too). */
export async function findPurchase(db: DbOrTx, businessId: string, id: string, lock = false): Promise<StoredPurchase> {
  const query = db
    .select()
    .from(etimsPurchases)
    .where(and(eq(etimsPurchases.businessId, businessId), eq(etimsPurchases.id, id)));
  const [row] = await (lock ? query.for("update") : query);
  if (!row) throw notFound("Supplier invoice");
  const lines = (await linesOf(db, businessId, [id])).get(id) ?? [];
  return { ...row, lines };
}

/**
 * Suppliers' invoices waiting for the owner to confirm (or reject): the dashboard's eTIMS card and
 * the bell count them. A supplier's credit note is left out: it cannot be confirmed here, and an
 * owner may leave it.
 */
export async function purchasesToConfirm(db: DbOrTx, businessId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(etimsPurchases)
    .where(
      and(
        eq(etimsPurchases.businessId, businessId),
        eq(etimsPurchases.state, "new"),
        eq(etimsPurchases.receiptType, "S"),
      ),
    );
  return Number(row?.n ?? 0);
}

/** GET /api/etims/purchases: the invoices to answer first, then the newest; how many wait; when last fetched. */
export async function listEtimsPurchases(ctx: Ctx, q: ListEtimsPurchasesQuery): Promise<EtimsPurchases> {
  const where = and(
    eq(etimsPurchases.businessId, ctx.businessId),
    q.state ? eq(etimsPurchases.state, q.state) : undefined,
  );
  const [rows, [waiting], [device]] = await Promise.all([
    ctx.db
      .select()
      .from(etimsPurchases)
      .where(where)
      .orderBy(
        sql`${etimsPurchases.state} <> 'new'`,
        desc(etimsPurchases.saleDate),
        desc(etimsPurchases.fetchedAt),
        desc(etimsPurchases.invcNo),
      )
      .limit(q.limit),
    ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(etimsPurchases)
      .where(and(eq(etimsPurchases.businessId, ctx.businessId), eq(etimsPurchases.state, "new"))),
    ctx.db
      .select({ last: etimsDevices.purchasesFetchedAt })
      .from(etimsDevices)
      .where(eq(etimsDevices.businessId, ctx.businessId)),
  ]);
  const lines = await linesOf(
    ctx.db,
    ctx.businessId,
    rows.map((r) => r.id),
  );
  return {
    connected: !!device,
    fetchedAt: device?.last?.toISOString() ?? null,
    waiting: Number(waiting?.n ?? 0),
    items: rows.map((r) => toEtimsPurchase(r, lines.get(r.id) ?? [])),
  };
}
