import { randomUUID } from "node:crypto";
import { and, eq, sql, type SQL } from "drizzle-orm";
import {
  checkInvoiceCancel,
  checkInvoiceEdit,
  checkQuotationConvert,
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
import { initialEtimsState } from "@app/shared/tax/vat";
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
async function partyOf(tx: Tx, ctx: Ctx, input: { clientId?: string; customerName?: string }) {
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

const today = (ctx: Ctx) => todayIn(ctx.business.timeZone);

/** POST /invoices: a tax invoice with the next INV number, its lines and VAT per band, in one transaction. */
export function createInvoice(ctx: Ctx, input: CreateInvoiceInput, idem: Idempotency = {}): Promise<SalesDocument> {
  return runIdempotent(
    ctx.db,
    { businessId: ctx.businessId, key: idem.key, scope: "invoice", fingerprint: idem.fingerprint },
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
        {
          type: "invoice",
          state: "open",
          ...party,
          issuedAt: new Date(),
          dueDate: input.dueDate ?? addDays(today(ctx), 14),
          notes: input.notes,
          etimsState: initialEtimsState(ctx.business.kraPin),
        },
        priced,
      );
      return readDocument(tx, ctx, "invoice", id);
    },
  );
}

/** POST /quotations: a quotation (QUO number) to a client or a walk-in; not a tax document (eTIMS not required). */
export function createQuotation(ctx: Ctx, input: CreateQuotationInput, idem: Idempotency = {}): Promise<SalesDocument> {
  return runIdempotent(
    ctx.db,
    { businessId: ctx.businessId, key: idem.key, scope: "quotation", fingerprint: idem.fingerprint },
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
        {
          type: "quotation",
          state: "open",
          ...party,
          issuedAt: new Date(),
          validUntil: input.validUntil ?? addDays(today(ctx), 30),
          notes: input.notes,
          etimsState: "not_required",
        },
        priced,
      );
      return readDocument(tx, ctx, "quotation", id);
    },
  );
}

async function replaceContent(
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

/** PUT /invoices/{id}: until it is paid (a paid invoice is corrected by a credit note: 409 DOCUMENT_LOCKED). */
export function updateInvoice(
  ctx: Ctx,
  id: string,
  input: UpdateInvoiceInput,
  idem: Idempotency = {},
): Promise<SalesDocument> {
  return runIdempotent(
    ctx.db,
    { businessId: ctx.businessId, key: idem.key, scope: `invoice-edit:${id}`, fingerprint: idem.fingerprint },
    async (tx) => {
      const row = await findDoc(tx, ctx.businessId, "invoice", id, true);
      const priced = await buildLines(
        tx,
        { id: ctx.businessId, vatRegistered: ctx.business.vatRegistered },
        input.lines,
      );
      enforce(checkInvoiceEdit({ cancelled: row.state === "cancelled", ...row }, priced.total));
      await replaceContent(tx, ctx, id, input, priced, input.dueDate ? { dueDate: input.dueDate } : {});
      return readDocument(tx, ctx, "invoice", id);
    },
  );
}

export function updateQuotation(
  ctx: Ctx,
  id: string,
  input: UpdateQuotationInput,
  idem: Idempotency = {},
): Promise<SalesDocument> {
  return runIdempotent(
    ctx.db,
    { businessId: ctx.businessId, key: idem.key, scope: `quotation-edit:${id}`, fingerprint: idem.fingerprint },
    async (tx) => {
      const row = await findDoc(tx, ctx.businessId, "quotation", id, true);
      enforce(
        checkQuotationEdit({
          status: row.state === "open" ? "Open" : row.state === "converted" ? "Converted" : "Cancelled",
        }),
      );
      const priced = await buildLines(
        tx,
        { id: ctx.businessId, vatRegistered: ctx.business.vatRegistered },
        input.lines,
      );
      await replaceContent(tx, ctx, id, input, priced, input.validUntil ? { validUntil: input.validUntil } : {});
      return readDocument(tx, ctx, "quotation", id);
    },
  );
}

/** DELETE /invoices/{id} and /quotations/{id}: cancelled, never erased (its number stays taken: no gaps). */
export function cancelDocument(ctx: Ctx, type: "invoice" | "quotation", id: string): Promise<SalesDocument> {
  return ctx.db.transaction(async (tx) => {
    const row = await findDoc(tx, ctx.businessId, type, id, true);
    if (type === "invoice") enforce(checkInvoiceCancel({ cancelled: row.state === "cancelled", ...row }));
    else
      enforce(
        checkQuotationEdit({
          status: row.state === "open" ? "Open" : row.state === "converted" ? "Converted" : "Cancelled",
        }),
      );
    await tx
      .update(salesDocuments)
      .set({ state: "cancelled", updatedAt: now() })
      .where(and(eq(salesDocuments.businessId, ctx.businessId), eq(salesDocuments.id, id)));
    return readDocument(tx, ctx, type, id);
  });
}

/**
 * POST /quotations/{id}/convert: the quotation becomes an invoice (same party, lines and prices;
 * the invoice's VAT follows the business's registration today). The quotation row is locked,
 * so converting twice, even at the same moment, gives one invoice and 409 QUOTATION_CONVERTED.
 */
export function convertQuotation(
  ctx: Ctx,
  id: string,
  input: { dueDate: string },
  idem: Idempotency = {},
): Promise<SalesDocument> {
  return runIdempotent(
    ctx.db,
    { businessId: ctx.businessId, key: idem.key, scope: `quotation-convert:${id}`, fingerprint: idem.fingerprint },
    async (tx) => {
      const q = await findDoc(tx, ctx.businessId, "quotation", id, true);
      enforce(
        checkQuotationConvert({
          status: q.state === "open" ? "Open" : q.state === "converted" ? "Converted" : "Cancelled",
        }),
      );
      const [quotation] = await withDetails(tx, ctx.businessId, [q], ctx.business.timeZone);
      const priced = await buildLines(
        tx,
        { id: ctx.businessId, vatRegistered: ctx.business.vatRegistered },
        quotation!.lines.map((l) => ({
          productId: l.productId ?? undefined,
          description: l.description,
          quantity: l.quantity,
          unitPrice: l.unitPrice,
          taxType: l.taxType,
        })),
      );
      const invoiceId = await insertDocument(
        tx,
        ctx,
        {
          type: "invoice",
          state: "open",
          clientId: q.clientId,
          partyName: q.partyName,
          partyKraPin: q.partyKraPin,
          partyContact: q.partyContact,
          partyAddress: q.partyAddress,
          issuedAt: new Date(),
          dueDate: input.dueDate,
          relatedId: q.id,
          notes: q.notes,
          etimsState: initialEtimsState(ctx.business.kraPin),
        },
        priced,
      );
      await tx
        .update(salesDocuments)
        .set({ state: "converted", relatedId: invoiceId, updatedAt: now() })
        .where(and(eq(salesDocuments.businessId, ctx.businessId), eq(salesDocuments.id, q.id)));
      return readDocument(tx, ctx, "invoice", invoiceId);
    },
  );
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
