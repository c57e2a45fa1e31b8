import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, registerBusiness, type Owner, type TestApp } from "../factories/app.ts";
import { newProduct } from "../factories/sales.ts";

// Issue 28: what a sale holds of its products (stockHeldBy, read at every void, edit and restore)
// is found by business, ref_type and ref_id. Before migration 0031, PostgreSQL read every movement
// of the product through stock_movements_product_time_idx and filtered them (a best-seller's whole
// history); bench/stock-movement-refs.sql measures 42 ms against 0.06 ms on 2M rows.

let t: TestApp;
let owner: Owner;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerBusiness(t.app);
});
afterAll(() => t.close());

describe("stock movements by reference", () => {
  it("a sale's own movements are read through stock_movements_ref_idx, not the product's whole history", async () => {
    const p = await newProduct(t.app, owner, owner.businessId, { name: "Best-seller", quantity: 5 });
    // A best-seller's history: 20,000 sale movements, each of its own sale.
    await t.database.pool.query(
      `INSERT INTO stock_movements (business_id, product_id, delta, quantity_after, reason, ref_type, ref_id, actor_kind, actor_name)
       SELECT $1, $2, -1, 5, 'sale', 'sale', gen_random_uuid()::text, 'owner', 'bench' FROM generate_series(1, 20000)`,
      [owner.businessId, p._id],
    );
    await t.database.pool.query("ANALYZE stock_movements");
    const { rows } = await t.database.pool.query<{ "QUERY PLAN": string }>(
      `EXPLAIN SELECT product_id, -sum(delta)::bigint AS held FROM stock_movements
       WHERE business_id = $1 AND product_id = ANY($2::uuid[]) AND ref_type = 'sale' AND ref_id = $3
       GROUP BY product_id`,
      [owner.businessId, [p._id], "00000000-0000-0000-0000-000000000001"],
    );
    const plan = rows.map((r) => r["QUERY PLAN"]).join("\n");
    expect(plan).toContain("stock_movements_ref_idx");
  });
});
