import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import type { Database } from "../../src/db/client.ts";
import { api } from "./sales.ts";

type Caller = { token: string };

/** Fails with the body when the status is not the expected one; returns the JSON. */
export async function ok<T = Record<string, unknown> & { _id: string }>(
  res: Promise<{ statusCode: number; body: string; json: () => unknown }>,
  status = [200, 201],
): Promise<T> {
  const r = await res;
  expect(status, `${r.statusCode} ${r.body.slice(0, 400)}`).toContain(r.statusCode);
  return r.json() as T;
}

/** The business's expense categories (the defaults on first use), by name. */
export async function categoriesOf(
  app: FastifyInstance,
  who: Caller,
  businessId: string,
): Promise<Record<string, string>> {
  const list = await ok<{ _id: string; name: string }[]>(
    api(app, who.token).get(`/api/expenses/categories?businessId=${businessId}`),
  );
  return Object.fromEntries(list.map((c) => [c.name, c._id]));
}

/** Records an expense through the API (201). */
export async function newExpense(
  app: FastifyInstance,
  who: Caller,
  businessId: string,
  over: Record<string, unknown> = {},
) {
  const cats = await categoriesOf(app, who, businessId);
  return ok(
    api(app, who.token).post("/api/expenses", {
      businessId,
      categoryId: cats.Rent,
      amount: 500_000,
      method: "Bank Transfer",
      paidTo: "Landlord",
      ...over,
    }),
  );
}

/** A client of the business (201). */
export async function newClient(
  app: FastifyInstance,
  who: Caller,
  businessId: string,
  over: Record<string, unknown> = {},
) {
  return ok(
    api(app, who.token).post("/api/clients", {
      businessId,
      companyName: "Acme Kenya Ltd",
      kraPin: "P051234567X",
      contactName: "Achieng",
      phone: "0722000333",
      address: "Moi Avenue, Nairobi",
      ...over,
    }),
  );
}

/** An invoice of one service line (201). */
export function invoiceBody(
  businessId: string,
  clientId: string | undefined,
  total = 116_000,
  over: Record<string, unknown> = {},
) {
  return {
    businessId,
    ...(clientId ? { clientId } : { customerName: "Walk-in customer" }),
    lines: [{ description: "Consulting", quantity: 1, unitPrice: total, taxType: "B" }],
    ...over,
  };
}

/**
 * Where the money ledger and the source tables disagree, per source and method: each live sale
 * nets its checkout payments (not credit) plus its credit repayments, a voided or deleted sale
 * nothing; a live expense minus its amount, a deleted one nothing; an invoice its payments less
 * its refunds; a manual transaction its amount in its direction (a bank deposit: cash out, bank
 * in), a deleted one nothing. Returns the disagreements (none: an empty list).
 */
export async function moneyLedgerProblems(db: Database, businessId: string): Promise<string[]> {
  const { rows } = await db.pool.query<{ area: string; id: string; method: string; expected: string; actual: string }>(
    `WITH expected AS (
       SELECT 'sales' AS area, s.id, p->>'method' AS method, (p->>'amount')::bigint AS amt
       FROM sales s CROSS JOIN LATERAL jsonb_array_elements(s.payments) p
       WHERE s.business_id = $1 AND s.status = 'completed' AND p->>'method' <> 'Credit'
       UNION ALL
       SELECT 'sales', c.sale_id, c.method, c.amount FROM credit_payments c
       JOIN sales s ON s.business_id = c.business_id AND s.id = c.sale_id
       WHERE c.business_id = $1 AND s.status = 'completed'
       UNION ALL
       SELECT 'expenses', e.id, e.method, -e.amount FROM expenses e WHERE e.business_id = $1 AND e.deleted_at IS NULL
       UNION ALL
       SELECT 'sales-documents', p.document_id, p.method, CASE WHEN p.refund THEN -p.amount ELSE p.amount END
       FROM document_payments p WHERE p.business_id = $1
       UNION ALL
       SELECT 'transactions', t.id, CASE WHEN t.kind = 'bank_deposit' THEN 'Cash' ELSE t.method END,
              CASE WHEN t.kind IN ('capital_in', 'other_in') THEN t.amount ELSE -t.amount END
       FROM manual_transactions t WHERE t.business_id = $1 AND t.deleted_at IS NULL
       UNION ALL
       SELECT 'transactions', t.id, 'Bank Transfer', t.amount
       FROM manual_transactions t WHERE t.business_id = $1 AND t.deleted_at IS NULL AND t.kind = 'bank_deposit'
     ), exp AS (
       SELECT area, id, method, sum(amt) AS amt FROM expected GROUP BY 1, 2, 3
     ), act AS (
       SELECT source_area AS area, source_id AS id, method, sum(CASE direction WHEN 'in' THEN amount ELSE -amount END) AS amt
       FROM money_movements WHERE business_id = $1 GROUP BY 1, 2, 3
     )
     SELECT area, id, method, coalesce(exp.amt, 0)::text AS expected, coalesce(act.amt, 0)::text AS actual
     FROM exp FULL JOIN act USING (area, id, method)
     WHERE coalesce(exp.amt, 0) <> coalesce(act.amt, 0)`,
    [businessId],
  );
  return rows.map((r) => `${r.area} ${r.id} ${r.method}: source says ${r.expected}, ledger says ${r.actual}`);
}

/** The signed sum of the ledger by method, straight from the table (in - out). */
export async function ledgerNetByMethod(db: Database, businessId: string): Promise<Record<string, number>> {
  const { rows } = await db.pool.query<{ method: string; net: string }>(
    `SELECT method, sum(CASE direction WHEN 'in' THEN amount ELSE -amount END)::text AS net
     FROM money_movements WHERE business_id = $1 GROUP BY method`,
    [businessId],
  );
  return Object.fromEntries(rows.map((r) => [r.method, Number(r.net)]));
}

/**
 * Gives a business one row of each money table (for the route walks): an expense with its
 * categories, a manual transaction, a client and a payment detail, an invoice with a payment and
 * a credit note, a quotation, and a cash-up (with the movements it counted).
 */
export async function seedMoney(app: FastifyInstance, owner: Caller & { businessId: string }, tag: string) {
  const caller = api(app, owner.token);
  const must = async (res: Promise<{ statusCode: number; body: string; json: () => unknown }>) => {
    const r = await res;
    if (r.statusCode >= 300) throw new Error(`seeding money ${tag}: ${r.statusCode} ${r.body}`);
    return r.json() as { _id: string };
  };
  const cats = await categoriesOf(app, owner, owner.businessId);
  await must(
    caller.post("/api/expenses", {
      businessId: owner.businessId,
      categoryId: cats.Rent,
      amount: 150_000,
      method: "Cash",
      paidTo: `${tag} Landlord`,
    }),
  );
  await must(
    caller.post("/api/transactions", {
      businessId: owner.businessId,
      kind: "capital_in",
      amount: 90_000,
      note: `${tag} capital`,
    }),
  );
  const client = await must(
    caller.post("/api/clients", {
      businessId: owner.businessId,
      companyName: `${tag} Client Ltd`,
      kraPin: "A123456789B",
    }),
  );
  await must(
    caller.post("/api/paymentDetails", {
      businessId: owner.businessId,
      method: "M-Pesa Till",
      details: `${tag} till 123`,
    }),
  );
  const invoice = await must(caller.post("/api/invoices", invoiceBody(owner.businessId, client._id, 50_000)));
  await must(caller.post(`/api/invoices/${invoice._id}/payments`, { amount: 10_000, method: "M-Pesa" }));
  await must(
    caller.post(`/api/invoices/${invoice._id}/creditNotes`, {
      reason: `${tag} return`,
      lines: [{ lineNo: 1, quantity: 1 }],
      refundMethod: "Cash",
    }),
  );
  await must(
    caller.post("/api/quotations", {
      businessId: owner.businessId,
      clientId: client._id,
      lines: [{ description: `${tag} quote line`, quantity: 1, unitPrice: 1_000 }],
    }),
  );
  await must(
    caller.post("/api/transactions/cashup", { businessId: owner.businessId, openingFloat: 0, countedCash: 0 }),
  );
}
