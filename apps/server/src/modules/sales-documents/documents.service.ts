import { randomUUID } from "node:crypto";
import { and, eq, sql, type SQL } from "drizzle-orm";
import {
  checkInvoiceCancel,
  checkQuotationEdit,
  type CreateInvoiceInput,
  type CreateQuotationInput,
  type DocumentPage,
  type DocumentType,
  type ListDocumentsQuery,
  type RuleCheck,
  type SalesDocument,
  type UpdateInvoiceInput,
  type UpdateQuotationInput,
} from "@app/shared/sales-documents/document";
import { todayIn } from "@app/shared/inventory/daily-stock";
import type { Db, Tx } from "../../db/client.ts";
import type { Ctx } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import { runIdempotent, type Idempotency } from "../../platform/idempotency.ts";
import { findClient } from "./clients.service.ts";
import { buildLines, type LineRow, type PricedDocument } from "./document-lines.ts";
import { DOCS, findDoc, selectDocs, STATUS_SQL, withDetails } from "./document-read.ts";
import { documentLines, salesDocuments } from "./sales-documents.table.ts";
import { now } from "../../platform/clock.ts";
import { containing } from "../../platform/search.ts";
import { limitOffset } from "../../platform/paging.ts";
import { transact } from "../../platform/retry.ts";

/** Throws the rule's refusal as the API's error (the rule codes are ERROR_CODES). */
export function enforce(check: RuleCheck): void {
  if (check.ok) return;
  throw new AppError(check.code, check.message, check.field ? { [check.field]: check.message } : undefined);
}

/** "2026-03-01" plus n days, as a date. */
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/**
 * The next number of a document type for the business: the counter row is incremented and
 * stays locked until the creating transaction ends, so a rolled-back create gives its number
 * back and two creates at once take turns: numbers have no gaps and no duplicates.
 */
export async function nextNumber(tx: Tx, businessId: string, type: DocumentType): Promise<number> {
  const { rows } = await tx.execute<{ value: number }>(sql`
    INSERT INTO document_counters (business_id, type, value) VALUES (${businessId}, ${type}, 1)
    ON CONFLICT (business_id, type) DO UPDATE SET value = document_counters.value + 1
    RETURNING value`);
  return Number(rows[0]!.value);
}

/** Who a document is made out to, copied in when it is issued: a client of the business or a walk-in. */
export async function partyOf(tx: Tx, ctx: Ctx, input: { clientId?: string; customerName?: string }) {
  if (input.clientId) {
    const c = await findClient(tx, ctx.businessId, input.clientId);
    return {
      clientId: c.id,
      partyName: c.companyName,
      partyKraPin: c.kraPin,
      partyContact: [c.contactName, c.phone, c.email].filter(Boolean).join(", ") || null,
      partyAddress: c.address,
    };
  }
  const name = input.customerName?.trim();
  if (!name)
    throw new AppError("VALIDATION_ERROR", "Choose a client or name the walk-in customer", {
      clientId: "Choose a client or name the walk-in customer",
    });
  return { clientId: null, partyName: name, partyKraPin: null, partyContact: null, partyAddress: null };
}

async function writeLines(tx: Tx, businessId: string, documentId: string, lines: LineRow[]) {
  await tx
    .delete(documentLines)
    .where(and(eq(documentLines.businessId, businessId), eq(documentLines.documentId, documentId)));
  if (lines.length) await tx.insert(documentLines).values(lines.map((l) => ({ ...l, businessId, documentId })));
}

/** Inserts a document with the next number of its type and its lines. */
export async function insertDocument(
  tx: Tx,
  ctx: Ctx,
  doc: Omit<
    typeof salesDocuments.$inferInsert,
    "businessId" | "id" | "seq" | "total" | "tax" | "vatBands" | "createdBy"
  >,
  priced: PricedDocument,
): Promise<string> {
  const id = randomUUID();
  // Taken last before the insert, so the counter row is locked only for the rest of the transaction.
  const seq = await nextNumber(tx, ctx.businessId, doc.type);
  await tx.insert(salesDocuments).values({
    ...doc,
    businessId: ctx.businessId,
    id,
    seq,
    total: priced.total,
    tax: priced.tax,
    vatBands: priced.vatBands,
    createdBy: ctx.user.details.username,
  });
  await writeLines(tx, ctx.businessId, id, priced.lines);
  return id;
}

export async function readDocument(db: Db | Tx, ctx: Ctx, type: DocumentType, id: string): Promise<SalesDocument> {
  const [doc] = await withDetails(
    db,
    ctx.businessId,
    [await findDoc(db, ctx.businessId, type, id)],
    ctx.business.timeZone,
  );
  return doc!;
}

export const today = (ctx: Ctx) => todayIn(ctx.business.timeZone);

/** A quotation's status as its rules name it. */
export const quotationStatus = (row: { state: string }) =>
  row.state === "open" ? "Open" : row.state === "converted" ? "Converted" : "Cancelled";

/**
 * POST /invoices and /quotations: a new document to a client or a walk-in with the next number
 * of its type, its lines and VAT per band, in one transaction (a retry with the same
 * Idempotency-Key returns the first document).
 */
export function createDocument(
  ctx: Ctx,
  input: CreateInvoiceInput | CreateQuotationInput,
  idem: Idempotency,
  doc: Pick<typeof salesDocuments.$inferInsert, "type" | "dueDate" | "validUntil" | "etimsState"> & {
    type: "invoice" | "quotation";
  },
): Promise<SalesDocument> {
  return runIdempotent(
    ctx.db,
    { businessId: ctx.businessId, key: idem.key, scope: doc.type, fingerprint: idem.fingerprint },
    async (tx) => {
      const party = await partyOf(tx, ctx, input);
      const priced = await buildLines(
        tx,
        { id: ctx.businessId, vatRegistered: ctx.business.vatRegistered },
        input.lines,
      );
      const id = await insertDocument(
        tx,
        ctx,
        { ...doc, state: "open", ...party, issuedAt: new Date(), notes: input.notes },
        priced,
      );
      return readDocument(tx, ctx, doc.type, id);
    },
  );
}

/** An open invoice's or quotation's new party, dates, notes and lines. */
export async function replaceContent(
  tx: Tx,
  ctx: Ctx,
  id: string,
  input: UpdateInvoiceInput | UpdateQuotationInput,
  priced: PricedDocument,
  dates: { dueDate?: string; validUntil?: string },
) {
  const party = await partyOf(tx, ctx, input);
  await tx
    .update(salesDocuments)
    .set({
      ...party,
      ...dates,
      notes: input.notes,
      total: priced.total,
      tax: priced.tax,
      vatBands: priced.vatBands,
      updatedAt: now(),
    })
    .where(and(eq(salesDocuments.businessId, ctx.businessId), eq(salesDocuments.id, id)));
  await writeLines(tx, ctx.businessId, id, priced.lines);
}

/** DELETE /invoices/{id} and /quotations/{id}: cancelled, never erased (its number stays taken: no gaps). */
export function cancelDocument(ctx: Ctx, type: "invoice" | "quotation", id: string): Promise<SalesDocument> {
  return transact(ctx.db, async (tx) => {
    const row = await findDoc(tx, ctx.businessId, type, id, true);
    if (type === "invoice") enforce(checkInvoiceCancel({ cancelled: row.state === "cancelled", ...row }));
    else enforce(checkQuotationEdit({ status: quotationStatus(row) }));
    await tx
      .update(salesDocuments)
      .set({ state: "cancelled", updatedAt: now() })
      .where(and(eq(salesDocuments.businessId, ctx.businessId), eq(salesDocuments.id, id)));
    return readDocument(tx, ctx, type, id);
  });
}

/** GET /invoices, /quotations, /creditNotes: newest first, with totals of all that match. */
export async function listDocuments(ctx: Ctx, type: DocumentType, q: ListDocumentsQuery): Promise<DocumentPage> {
  const where: SQL[] = [sql`x.type = ${type}`];
  const status = sql`(${STATUS_SQL})`;
  const overdue = sql`(${status} IN ('Pending', 'Partial') AND x.due_date IS NOT NULL AND x.due_date < ${today(ctx)})`;
  if (q.status) where.push(sql`${status} = ${q.status}`);
  if (q.overdue !== undefined) where.push(q.overdue ? overdue : sql`NOT ${overdue}`);
  if (q.clientId) where.push(sql`x.client_id = ${q.clientId}`);
  if (q.q) {
    const like = containing(q.q);
    const digits = /^(?:[A-Za-z]+-?)?0*(\d{1,9})$/.exec(q.q.trim());
    where.push(
      sql`(x.party_name ILIKE ${like} OR x.party_kra_pin ILIKE ${like} OR x.notes ILIKE ${like}${digits ? sql` OR x.seq = ${Number(digits[1])}` : sql``})`,
    );
  }
  const cond = sql.join(where, sql` AND `);
  const [rows, totals] = await Promise.all([
    selectDocs(ctx.db, ctx.businessId, cond, sql`ORDER BY x.seq DESC ${limitOffset(q)}`),
    ctx.db.execute<{ count: number; total: string; balance: string; overdue: number }>(sql`
      SELECT count(*)::int AS count, coalesce(sum(x.total), 0)::text AS total,
             coalesce(sum(CASE WHEN x.type = 'invoice' AND x.state <> 'cancelled'
                               THEN greatest(x.total - x.credited - (x.paid - x.refunded), 0) ELSE 0 END), 0)::text AS balance,
             count(*) FILTER (WHERE ${overdue})::int AS overdue
      FROM ${DOCS(ctx.businessId)} WHERE ${cond}`),
  ]);
  const t = totals.rows[0]!;
  return {
    items: await withDetails(ctx.db, ctx.businessId, rows, ctx.business.timeZone),
    total: Number(t.count),
    totals: { count: Number(t.count), total: Number(t.total), balance: Number(t.balance), overdue: Number(t.overdue) },
  };
}

export async function businessIdOfDocument(db: Db, id: string): Promise<string | null> {
  const [row] = await db
    .select({ businessId: salesDocuments.businessId })
    .from(salesDocuments)
    .where(eq(salesDocuments.id, id))
    .limit(1);
  return row?.businessId ?? null;
}
