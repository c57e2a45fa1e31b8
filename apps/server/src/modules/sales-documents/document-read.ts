import type { EtimsProof } from "@app/shared/etims/proof";
import { sql, type SQL } from "drizzle-orm";
import {
  balanceOf,
  documentNumber,
  invoiceStatusOf,
  isOverdue,
  type DocumentStatus,
  type DocumentType,
  type InvoiceMoney,
  type SalesDocument,
} from "@app/shared/sales-documents/document";
import { todayIn } from "@app/shared/inventory/daily-stock";
import type { EtimsState, TaxType, VatBand } from "@app/shared/tax/vat";
import type { MoneyMethod } from "@app/shared/transactions/transaction";
import type { DbOrTx } from "../../db/client.ts";
import { notFound } from "../../platform/errors.ts";

/** A document row with what was paid, refunded and credited on it, summed (never stored). */
export type DocRow = {
  id: string;
  businessId: string;
  type: DocumentType;
  seq: number;
  state: "open" | "converted" | "cancelled" | "issued";
  clientId: string | null;
  partyName: string;
  partyKraPin: string | null;
  partyContact: string | null;
  partyAddress: string | null;
  issuedAt: Date;
  dueDate: string | null;
  validUntil: string | null;
  total: number;
  tax: number;
  vatBands: VatBand[];
  relatedId: string | null;
  reason: string | null;
  notes: string;
  etimsState: EtimsState;
  etimsError: string | null;
  etimsProof: EtimsProof | null;
  createdBy: string;
  createdAt: Date;
  updatedAt: Date;
  paid: number;
  refunded: number;
  credited: number;
};

/** Paid, refunded and credited of the document aliased d. */
const MONEY = sql`
  (SELECT coalesce(sum(p.amount), 0) FROM document_payments p WHERE p.business_id = d.business_id AND p.document_id = d.id AND NOT p.refund)::bigint AS paid,
  (SELECT coalesce(sum(p.amount), 0) FROM document_payments p WHERE p.business_id = d.business_id AND p.document_id = d.id AND p.refund)::bigint AS refunded,
  (SELECT coalesce(sum(c.total), 0) FROM sales_documents c WHERE c.business_id = d.business_id AND c.related_id = d.id AND c.type = 'credit_note')::bigint AS credited`;

/**
 * The status of the row aliased x (which has paid, refunded and credited), in SQL for filtering
 * lists: the same rule as invoiceStatusOf in packages/shared (a test holds the two together).
 */
export const STATUS_SQL = sql`CASE
  WHEN x.type = 'credit_note' THEN 'Issued'
  WHEN x.type = 'quotation' THEN CASE x.state WHEN 'open' THEN 'Open' WHEN 'converted' THEN 'Converted' ELSE 'Cancelled' END
  WHEN x.state = 'cancelled' THEN 'Cancelled'
  WHEN x.total - x.credited <= 0 THEN 'Credited'
  WHEN x.total - x.credited - (x.paid - x.refunded) <= 0 THEN 'Paid'
  WHEN x.paid - x.refunded > 0 THEN 'Partial'
  ELSE 'Pending' END`;

/** Documents with their money, as a subquery aliased x (for WHERE on status). */
export const DOCS = (businessId: string) => sql`(
  SELECT d.business_id, d.id, d.type, d.seq, d.state, d.client_id, d.party_name, d.party_kra_pin, d.party_contact, d.party_address,
         d.issued_at, d.due_date::text AS due_date, d.valid_until::text AS valid_until, d.total, d.tax, d.vat_bands, d.related_id,
         d.reason, d.notes, d.etims_state, d.etims_error, d.etims_proof, d.created_by, d.created_at, d.updated_at, ${MONEY}
  FROM sales_documents d WHERE d.business_id = ${businessId}
) x`;

type RawDoc = Record<string, unknown>;

function toRow(r: RawDoc): DocRow {
  return {
    id: r.id as string,
    businessId: r.business_id as string,
    type: r.type as DocumentType,
    seq: Number(r.seq),
    state: r.state as DocRow["state"],
    clientId: (r.client_id as string | null) ?? null,
    partyName: r.party_name as string,
    partyKraPin: (r.party_kra_pin as string | null) ?? null,
    partyContact: (r.party_contact as string | null) ?? null,
    partyAddress: (r.party_address as string | null) ?? null,
    issuedAt: new Date(r.issued_at as string),
    dueDate: (r.due_date as string | null) ?? null,
    validUntil: (r.valid_until as string | null) ?? null,
    total: Number(r.total),
    tax: Number(r.tax),
    vatBands: r.vat_bands as VatBand[],
    relatedId: (r.related_id as string | null) ?? null,
    reason: (r.reason as string | null) ?? null,
    notes: r.notes as string,
    etimsState: r.etims_state as EtimsState,
    etimsError: (r.etims_error as string | null) ?? null,
    etimsProof: (r.etims_proof as EtimsProof | null) ?? null,
    createdBy: r.created_by as string,
    createdAt: new Date(r.created_at as string),
    updatedAt: new Date(r.updated_at as string),
    paid: Number(r.paid),
    refunded: Number(r.refunded),
    credited: Number(r.credited),
  };
}

/** Rows of documents matching `where` (on x), with `tail` (ORDER BY, LIMIT). */
export async function selectDocs(db: DbOrTx, businessId: string, where: SQL, tail: SQL = sql``): Promise<DocRow[]> {
  const { rows } = await db.execute<RawDoc>(sql`SELECT x.* FROM ${DOCS(businessId)} WHERE ${where} ${tail}`);
  return rows.map(toRow);
}

export const moneyOf = (r: DocRow): InvoiceMoney => ({
  cancelled: r.state === "cancelled",
  total: r.total,
  credited: r.credited,
  paid: r.paid,
  refunded: r.refunded,
});

export function statusOf(r: DocRow): DocumentStatus {
  if (r.type === "credit_note") return "Issued";
  if (r.type === "quotation") return r.state === "open" ? "Open" : r.state === "converted" ? "Converted" : "Cancelled";
  return invoiceStatusOf(moneyOf(r));
}

/** Documents with their lines, payments, credit notes and related document, in the API's shape. */
export async function withDetails(
  db: DbOrTx,
  businessId: string,
  rows: DocRow[],
  timeZone: string,
): Promise<SalesDocument[]> {
  if (!rows.length) return [];
  const ids = sql.param(rows.map((r) => r.id));
  const [lines, payments, credits, related] = await Promise.all([
    db.execute<{
      document_id: string;
      line_no: number;
      product_id: string | null;
      description: string;
      quantity: number;
      unit_price: string;
      total: string;
      tax_type: TaxType;
      taxable: string;
      tax: string;
      invoice_line_no: number | null;
      credited_quantity: string;
    }>(sql`
      SELECT l.*, (SELECT coalesce(sum(cl.quantity), 0) FROM document_lines cl
                   JOIN sales_documents c ON c.business_id = cl.business_id AND c.id = cl.document_id AND c.type = 'credit_note'
                   WHERE c.business_id = l.business_id AND c.related_id = l.document_id AND cl.invoice_line_no = l.line_no)::text AS credited_quantity
      FROM document_lines l WHERE l.business_id = ${businessId} AND l.document_id = ANY(${ids}::uuid[])
      ORDER BY l.document_id, l.line_no`),
    db.execute<{
      id: string;
      document_id: string;
      amount: string;
      method: MoneyMethod;
      paid_at: string;
      reference: string | null;
      refund: boolean;
      recorded_by: string;
    }>(sql`
      SELECT id, document_id, amount::text, method, paid_at, reference, refund, recorded_by FROM document_payments
      WHERE business_id = ${businessId} AND document_id = ANY(${ids}::uuid[]) ORDER BY paid_at DESC, created_at DESC`),
    db.execute<{ id: string; related_id: string; seq: number; total: string; issued_at: string }>(sql`
      SELECT id, related_id, seq, total::text, issued_at FROM sales_documents
      WHERE business_id = ${businessId} AND type = 'credit_note' AND related_id = ANY(${ids}::uuid[]) ORDER BY seq`),
    db.execute<{ id: string; type: DocumentType; seq: number }>(sql`
      SELECT id, type, seq FROM sales_documents WHERE business_id = ${businessId}
        AND id = ANY(${sql.param(rows.flatMap((r) => (r.relatedId ? [r.relatedId] : [])))}::uuid[])`),
  ]);
  const today = todayIn(timeZone);
  return rows.map((r) => {
    const status = statusOf(r);
    const rel = related.rows.find((x) => x.id === r.relatedId);
    return {
      _id: r.id,
      businessId: r.businessId,
      type: r.type,
      number: documentNumber(r.type, r.seq),
      seq: r.seq,
      status,
      overdue: r.type === "invoice" && isOverdue(status, r.dueDate, today),
      clientId: r.clientId,
      party: { name: r.partyName, kraPin: r.partyKraPin, contact: r.partyContact, address: r.partyAddress },
      issuedAt: r.issuedAt.toISOString(),
      dueDate: r.dueDate,
      validUntil: r.validUntil,
      lines: lines.rows
        .filter((l) => l.document_id === r.id)
        .map((l) => ({
          lineNo: l.line_no,
          productId: l.product_id,
          description: l.description,
          quantity: l.quantity,
          unitPrice: Number(l.unit_price),
          total: Number(l.total),
          taxType: l.tax_type,
          taxable: Number(l.taxable),
          tax: Number(l.tax),
          invoiceLineNo: l.invoice_line_no,
          creditedQuantity: Number(l.credited_quantity),
        })),
      total: r.total,
      tax: r.tax,
      vatBands: r.vatBands,
      amountPaid: r.paid,
      refunded: r.refunded,
      credited: r.credited,
      balance: r.type === "invoice" && status !== "Cancelled" ? balanceOf(moneyOf(r)) : 0,
      payments: payments.rows
        .filter((p) => p.document_id === r.id)
        .map((p) => ({
          _id: p.id,
          amount: Number(p.amount),
          method: p.method,
          paidAt: new Date(p.paid_at).toISOString(),
          reference: p.reference,
          refund: p.refund,
          recordedBy: p.recorded_by,
        })),
      creditNotes: credits.rows
        .filter((c) => c.related_id === r.id)
        .map((c) => ({
          _id: c.id,
          number: documentNumber("credit_note", c.seq),
          total: Number(c.total),
          issuedAt: new Date(c.issued_at).toISOString(),
        })),
      related: rel ? { _id: rel.id, number: documentNumber(rel.type, rel.seq), type: rel.type } : null,
      reason: r.reason,
      notes: r.notes,
      etimsState: r.etimsState,
      etimsError: r.etimsError,
      etimsProof: r.etimsProof,
      createdBy: r.createdBy,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    };
  });
}

/** One document of a type (404 in the words of that type), optionally locked for a change. */
export async function findDoc(
  db: DbOrTx,
  businessId: string,
  type: DocumentType,
  id: string,
  forUpdate = false,
): Promise<DocRow> {
  if (forUpdate)
    await db.execute(sql`SELECT 1 FROM sales_documents WHERE business_id = ${businessId} AND id = ${id} FOR UPDATE`);
  const [row] = await selectDocs(db, businessId, sql`x.id = ${id} AND x.type = ${type}`);
  if (!row) throw notFound(type === "invoice" ? "Invoice" : type === "quotation" ? "Quotation" : "Credit note");
  return row;
}
