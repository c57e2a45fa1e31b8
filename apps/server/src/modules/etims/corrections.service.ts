import { sql } from "drizzle-orm";
import type { EtimsProof } from "@app/shared/etims/proof";
import { ETIMS_DEFAULT_REFUND_REASON } from "@app/shared/etims/queue";
import type { DbOrTx } from "../../db/client.ts";

// A sale KRA signed and then changed (migration 0039's trigger on sales): its credit note and its
// new receipt, each an outbox row of its own (kind "credit" or "resend", ref_id the correction).

export type Correction = {
  id: string;
  saleId: string;
  kind: "credit" | "resend";
  refundReasonCd: string | null;
  /** When the sale changed (the app's clock): a credit note's date. */
  createdAt: Date;
  /** A credit note's: the receipt it cancels, as KRA signed it (our invoice number and what was sent). */
  original: { invcNo: number; sent: Record<string, unknown> | null } | null;
};

export async function correctionOf(db: DbOrTx, businessId: string, id: string): Promise<Correction | null> {
  const { rows } = await db.execute<{
    id: string;
    sale_id: string;
    kind: Correction["kind"];
    refund_reason_cd: string | null;
    created_at: Date | string;
    org_invc_no: number | null;
    org_sent: Record<string, unknown> | null;
  }>(sql`
    SELECT c.id, c.sale_id, c.kind, c.refund_reason_cd, c.created_at, o.invc_no AS org_invc_no, o.sent AS org_sent
    FROM etims_corrections c LEFT JOIN etims_outbox o ON o.id = c.org_outbox_id
    WHERE c.business_id = ${businessId} AND c.id = ${id}`);
  const r = rows[0];
  if (!r) return null;
  return {
    id: r.id,
    saleId: r.sale_id,
    kind: r.kind,
    refundReasonCd: r.refund_reason_cd,
    createdAt: new Date(r.created_at),
    original: r.org_invc_no === null ? null : { invcNo: r.org_invc_no, sent: r.org_sent },
  };
}

/** KRA's answer to a credit note or a new receipt. */
export async function setCorrectionProof(db: DbOrTx, businessId: string, id: string, proof: EtimsProof) {
  await db.execute(sql`
    UPDATE etims_corrections SET proof = ${JSON.stringify(proof)}::jsonb WHERE business_id = ${businessId} AND id = ${id}`);
}

export type SaleCorrectionView = {
  kind: Correction["kind"];
  /** A credit note's KRA refund reason (code class 32): the one chosen at the void, else 06. */
  refundReasonCd: string | null;
  state: "queued" | "sending" | "failed" | "done";
  error: string | null;
  createdAt: string;
  proof: EtimsProof | null;
};

/** A sale's credit notes and new receipts, oldest first (the sale's drawer). */
export async function correctionsOfSale(db: DbOrTx, businessId: string, saleId: string): Promise<SaleCorrectionView[]> {
  const { rows } = await db.execute<{
    kind: Correction["kind"];
    refund_reason_cd: string | null;
    state: SaleCorrectionView["state"];
    error: string | null;
    created_at: Date | string;
    proof: EtimsProof | null;
  }>(sql`
    SELECT c.kind, c.refund_reason_cd, o.state, o.error, c.created_at, c.proof
    FROM etims_corrections c JOIN etims_outbox o ON o.business_id = c.business_id AND o.kind = c.kind AND o.ref_id = c.id
    WHERE c.business_id = ${businessId} AND c.sale_id = ${saleId}
    ORDER BY o.id`);
  return rows.map((r) => ({
    kind: r.kind,
    refundReasonCd: r.kind === "credit" ? (r.refund_reason_cd ?? ETIMS_DEFAULT_REFUND_REASON) : null,
    state: r.state,
    error: r.error,
    createdAt: new Date(r.created_at).toISOString(),
    proof: r.proof,
  }));
}

/** The sale a correction belongs to (the owner's list names the sale). */
export async function correctionSales(db: DbOrTx, businessId: string, ids: readonly string[]) {
  if (!ids.length) return new Map<string, { saleId: string; kind: Correction["kind"] }>();
  const { rows } = await db.execute<{ id: string; sale_id: string; kind: Correction["kind"] }>(sql`
    SELECT id, sale_id, kind FROM etims_corrections WHERE business_id = ${businessId} AND id IN (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`);
  return new Map(rows.map((r) => [r.id, { saleId: r.sale_id, kind: r.kind }]));
}
