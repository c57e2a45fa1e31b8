import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import type { Sale } from "@app/shared/sales/sale";
import { client } from "./helpers.ts";

type Caller = { token: string };

/** A product with a price (cents) and opening stock, created through the API. */
export async function newProduct(app: FastifyInstance, who: Caller, businessId: string, over: Record<string, unknown> = {}): Promise<{ _id: string; name: string; quantity: number }> {
  const name = `Product ${randomUUID().slice(0, 6)}`;
  const res = await client(app, who.token).post("/api/products", { businessId, name, sellingprice: 10000, wholesalePrice: 8000, buyingPrice: 6000, quantity: 50, ...over });
  if (res.statusCode !== 201) throw new Error(`product failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** A cash sale of these lines, paid exactly; returns the raw response. */
export function sell(app: FastifyInstance, who: Caller, businessId: string, lines: { productId: string; quantity: number }[], total: number, over: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  return client(app, who.token).post("/api/sales", { businessId, products: lines, payments: [{ method: "Cash", amount: total }], ...over }, headers);
}

/** A sale that must succeed. */
export async function sold(...args: Parameters<typeof sell>): Promise<Sale> {
  const res = await sell(...args);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

export async function quantityOf(app: FastifyInstance, who: Caller, productId: string): Promise<number> {
  const res = await client(app, who.token).get(`/api/products/${productId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().quantity;
}

/** For every product of a business: the sum of its ledger deltas equals its quantity. */
export async function expectLedgerBalanced(db: { pool: { query: (q: string, v: unknown[]) => Promise<{ rows: { id: string; quantity: number; moved: number | null }[] }> } }, businessId: string): Promise<void> {
  const { rows } = await db.pool.query(
    `SELECT p.id, p.quantity, (SELECT sum(delta)::int FROM stock_movements m WHERE m.business_id = p.business_id AND m.product_id = p.id) AS moved
     FROM products p WHERE p.business_id = $1`,
    [businessId],
  );
  for (const r of rows) expect(r.moved ?? 0, `ledger of ${r.id}`).toBe(r.quantity);
}
