// What other modules may use of the sales-documents module: its public entry (modules/README.md).
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";

/** The invoice with this number (INV-000123 -> 123) of the business, or null (M-Pesa paybill matching). */
export async function findInvoiceByNumber(tx: Tx, businessId: string, seq: number): Promise<{ id: string } | null> {
  const { rows } = await tx.execute<{ id: string }>(sql`
    SELECT id FROM sales_documents WHERE business_id = ${businessId} AND type = 'invoice' AND seq = ${seq}`);
  return rows[0] ?? null;
}

/** A customer's paybill payment naming an open invoice is recorded on it (mpesa module). */
export { applyPaybillInvoicePayment } from "./document-money.service.ts";
