// What other modules may use of the sales-documents module: its public entry (modules/README.md).
import { sql } from "drizzle-orm";
import type { EtimsProof } from "@app/shared/etims/proof";
import { documentNumber } from "@app/shared/sales-documents/document";
import type { TaxType } from "@app/shared/tax/vat";
import type { DbOrTx, Tx } from "../../db/client.ts";

/** The invoice with this number (INV-000123 -> 123) of the business, or null (M-Pesa paybill matching). */
export async function findInvoiceByNumber(tx: Tx, businessId: string, seq: number): Promise<{ id: string } | null> {
  const { rows } = await tx.execute<{ id: string }>(sql`
    SELECT id FROM sales_documents WHERE business_id = ${businessId} AND type = 'invoice' AND seq = ${seq}`);
  return rows[0] ?? null;
}

/** A customer's paybill payment naming an open invoice is recorded on it (mpesa module). */
export { applyPaybillInvoicePayment } from "./document-money.service.ts";

/** An invoice or credit note as KRA eTIMS takes it (the eTIMS queue, flows/etims-queue.ts); null for any other. */
export type EtimsDocument = {
  id: string;
  type: "invoice" | "credit_note";
  number: string;
  issuedAt: Date;
  partyName: string;
  partyKraPin: string | null;
  createdBy: string;
  /** A credit note's invoice. */
  relatedId: string | null;
  refundReason: string | null;
  lines: {
    productId: string | null;
    description: string;
    quantity: number;
    unitPrice: number;
    total: number;
    taxType: TaxType;
  }[];
};

export async function documentForEtims(db: DbOrTx, businessId: string, id: string): Promise<EtimsDocument | null> {
  const { rows } = await db.execute<{
    id: string;
    type: string;
    seq: number;
    issued_at: Date | string;
    party_name: string;
    party_kra_pin: string | null;
    created_by: string;
    related_id: string | null;
    etims_refund_reason: string | null;
  }>(sql`
    SELECT id, type, seq, issued_at, party_name, party_kra_pin, created_by, related_id, etims_refund_reason
    FROM sales_documents WHERE business_id = ${businessId} AND id = ${id} AND type IN ('invoice', 'credit_note')`);
  const d = rows[0];
  if (!d) return null;
  const { rows: lines } = await db.execute<{
    product_id: string | null;
    description: string;
    quantity: number;
    unit_price: string | number;
    total: string | number;
    tax_type: TaxType;
  }>(sql`
    SELECT product_id, description, quantity, unit_price, total, tax_type FROM document_lines
    WHERE business_id = ${businessId} AND document_id = ${id} ORDER BY line_no`);
  const type = d.type as EtimsDocument["type"];
  return {
    id: d.id,
    type,
    number: documentNumber(type, d.seq),
    issuedAt: new Date(d.issued_at),
    partyName: d.party_name,
    partyKraPin: d.party_kra_pin,
    createdBy: d.created_by,
    relatedId: d.related_id,
    refundReason: d.etims_refund_reason,
    lines: lines.map((l) => ({
      productId: l.product_id,
      description: l.description,
      quantity: l.quantity,
      unitPrice: Number(l.unit_price),
      total: Number(l.total),
      taxType: l.tax_type,
    })),
  };
}

/** What KRA eTIMS made of an invoice or credit note: signed with its proof, failed with the reason, or pending again. */
export async function setDocumentEtims(
  db: DbOrTx,
  businessId: string,
  id: string,
  outcome: { state: "pending" | "signed" | "failed"; proof: EtimsProof | null; error: string | null },
): Promise<void> {
  await db.execute(sql`
    UPDATE sales_documents SET etims_state = ${outcome.state}, etims_error = ${outcome.error},
      etims_proof = ${outcome.proof ? JSON.stringify(outcome.proof) : null}::jsonb
    WHERE business_id = ${businessId} AND id = ${id}`);
}
