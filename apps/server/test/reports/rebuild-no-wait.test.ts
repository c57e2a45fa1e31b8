import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rebuildDirtyDays } from "../../src/modules/reports/rollups.ts";
import { createTestApp, registerBusiness, type Owner, type TestApp } from "../factories/app.ts";
import { newProduct, sold } from "../factories/sales.ts";

/**
 * Issue 32: a sale never waits for a rebuild of its day's reports (migration 0041). Before, every
 * sale of a day shared one marker row that a rebuild deleted as it began, so each sale queued
 * behind the whole day's rebuild and a till slowed with every sale of the day. Here a rebuild's
 * transaction holds the markers it saw; a sale meanwhile commits at once, and its marker, which
 * the rebuild did not see, stays for the next rebuild, which counts it.
 */
let t: TestApp;
let owner: Owner;

beforeAll(async () => {
  t = await createTestApp(); // no job runner: this test runs the rebuilds
  owner = await registerBusiness(t.app);
});
afterAll(() => t.close());

const markers = async () =>
  (
    await t.database.pool.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM report_dirty_days WHERE business_id = $1",
      [owner.businessId],
    )
  ).rows[0]!.n;
const today = async () =>
  (
    await t.database.pool.query<{ sales_count: number; sales_total: number }>(
      "SELECT sales_count, sales_total FROM report_days WHERE business_id = $1 ORDER BY day DESC LIMIT 1",
      [owner.businessId],
    )
  ).rows[0];

describe("report markers", () => {
  it("a sale commits while a rebuild holds the day's markers; its own marker stays for the next rebuild", async () => {
    const p = await newProduct(t.app, owner, owner.businessId, { sellingprice: 1000, quantity: 100 });
    await sold(t.app, owner, owner.businessId, [{ productId: p._id, quantity: 1 }], 1000);
    expect(await markers()).toBeGreaterThan(0);
    // A rebuild in progress, as rollups.ts runs it: its transaction deletes the markers it saw.
    const rebuild = await t.database.pool.connect();
    try {
      await rebuild.query("BEGIN");
      await rebuild.query("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", [`reports:${owner.businessId}`]);
      const { rows: seen } = await rebuild.query<{ id: string }>(
        "SELECT id FROM report_dirty_days WHERE business_id = $1",
        [owner.businessId],
      );
      await rebuild.query("DELETE FROM report_dirty_days WHERE id = ANY($1::uuid[])", [seen.map((r) => r.id)]);
      // Meanwhile the till sells: it must not wait for the rebuild (which has not committed).
      const started = Date.now();
      const sale = await Promise.race([
        sold(t.app, owner, owner.businessId, [{ productId: p._id, quantity: 2 }], 2000),
        new Promise<null>((r) => setTimeout(() => r(null), 5_000)),
      ]);
      expect(sale, "the sale waited for the report rebuild").not.toBeNull();
      expect(Date.now() - started).toBeLessThan(5_000);
      await rebuild.query("COMMIT");
    } finally {
      rebuild.release();
    }
    // The rebuild did not see the second sale's marker: it is still there, and the next rebuild counts both.
    expect(await markers()).toBeGreaterThan(0);
    await rebuildDirtyDays(t.database.db, owner.businessId, "Africa/Nairobi");
    expect(await markers()).toBe(0);
    expect(await today()).toMatchObject({ sales_count: 2, sales_total: 3000 });
  });

  it("KRA signing a sale (its eTIMS state alone) marks no day", async () => {
    await rebuildDirtyDays(t.database.db, owner.businessId, "Africa/Nairobi");
    const p = await newProduct(t.app, owner, owner.businessId, { sellingprice: 1000, quantity: 100 });
    const sale = await sold(t.app, owner, owner.businessId, [{ productId: p._id, quantity: 1 }], 1000);
    await rebuildDirtyDays(t.database.db, owner.businessId, "Africa/Nairobi");
    await t.database.pool.query("UPDATE sales SET etims_state = 'failed', etims_error = 'x' WHERE id = $1", [sale._id]);
    expect(await markers()).toBe(0);
    await t.database.pool.query("UPDATE sales SET customer_name = 'Wanjiku' WHERE id = $1", [sale._id]);
    expect(await markers()).toBe(1);
  });
});
