import { sql, type SQL } from "drizzle-orm";
import {
  RECEIPT_KINDS,
  type ListReceiptsQuery,
  type Receipt,
  type ReceiptPage,
} from "@app/shared/sales-documents/receipt";
import type { DbOrTx } from "../../db/client.ts";
import { containing } from "../../platform/search.ts";
import { limitOffset } from "../../platform/paging.ts";
import { periodFilters } from "../../platform/period.ts";

type Row = {
  id: string;
  kind: Receipt["kind"];
  source_area: string;
  source_id: string;
  source_item_id: string | null;
  description: string;
  net: string;
  paid: string;
  methods: string | null;
  reference: string | null;
  issued_at: string;
  who: string;
  voided: boolean;
  total: number;
};

const kinds = sql.param([...RECEIPT_KINDS]);

function toReceipt(r: Row): Receipt {
  const net = Number(r.net);
  return {
    _id: r.id,
    kind: r.kind,
    sourceId: r.source_id,
    description: r.description,
    amount: net > 0 ? net : Number(r.paid),
    methods: r.methods ?? "",
    reference: r.reference,
    issuedAt: new Date(r.issued_at).toISOString(),
    who: r.who,
    reversed: r.voided && net <= 0,
  };
}

/**
 * One receipt per sale or payment that took money in: its movements grouped by source (a sale,
 * a credit payment, an invoice payment), with what they net to now (an edited sale's current
 * amount; a voided one is marked reversed). Built from the ledger, so every receipt is money
 * the cash book has.
 */
function receiptsQuery(businessId: string, where: SQL, tail: SQL): SQL {
  return sql`
    WITH firsts AS (
      SELECT DISTINCT source_area, source_id, source_item_id FROM money_movements
      WHERE business_id = ${businessId} AND correction IS NULL AND direction = 'in' AND kind = ANY(${kinds}::text[]) AND ${where}
    ), g AS (
      SELECT (array_agg(m.id ORDER BY m.seq))[1] AS id, (array_agg(m.kind ORDER BY m.seq))[1] AS kind,
             m.source_area, m.source_id, m.source_item_id,
             (array_agg(m.description ORDER BY m.seq))[1] AS description,
             sum(CASE m.direction WHEN 'in' THEN m.amount ELSE -m.amount END)::text AS net,
             coalesce(sum(m.amount) FILTER (WHERE m.correction IS NULL AND m.direction = 'in'), 0)::text AS paid,
             string_agg(DISTINCT m.method, ' + ') FILTER (WHERE m.direction = 'in') AS methods,
             (array_agg(m.reference ORDER BY m.seq) FILTER (WHERE m.reference IS NOT NULL))[1] AS reference,
             min(m.created_at) AS issued_at, (array_agg(m.actor_name ORDER BY m.seq))[1] AS who,
             coalesce(bool_or(m.correction = 'voided'), false) AS voided, min(m.seq) AS first_seq
      FROM money_movements m
      JOIN firsts f ON f.source_area = m.source_area AND f.source_id = m.source_id
                   AND f.source_item_id IS NOT DISTINCT FROM m.source_item_id
      WHERE m.business_id = ${businessId} AND m.kind = ANY(${kinds}::text[])
      GROUP BY m.source_area, m.source_id, m.source_item_id
    )
    SELECT g.*, count(*) OVER ()::int AS total FROM g ${tail}`;
}

export async function listReceipts(db: DbOrTx, businessId: string, q: ListReceiptsQuery): Promise<ReceiptPage> {
  const filters: SQL[] = [sql`TRUE`];
  filters.push(...periodFilters(sql`created_at`, q));
  if (q.kind) filters.push(sql`kind = ${q.kind}`);
  if (q.q) {
    const like = containing(q.q);
    filters.push(sql`(description ILIKE ${like} OR reference ILIKE ${like} OR actor_name ILIKE ${like})`);
  }
  const { rows } = await db.execute<Row>(
    receiptsQuery(businessId, sql.join(filters, sql` AND `), sql`ORDER BY first_seq DESC ${limitOffset(q)}`),
  );
  return { items: rows.map(toReceipt), total: rows[0]?.total ?? 0 };
}

/** The receipt whose first movement is this one, or null. */
export async function findReceipt(
  db: DbOrTx,
  businessId: string,
  movementId: string,
): Promise<(Receipt & { sourceItemId: string | null }) | null> {
  const { rows } = await db.execute<Row>(
    receiptsQuery(
      businessId,
      sql`source_id = (SELECT source_id FROM money_movements WHERE business_id = ${businessId} AND id = ${movementId})`,
      sql`WHERE g.id = ${movementId}`,
    ),
  );
  const r = rows[0];
  return r ? { ...toReceipt(r), sourceItemId: r.source_item_id } : null;
}
