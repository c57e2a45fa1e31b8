import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type pg from "pg";
import { catalogPayloadSchema } from "@app/shared/pos/catalog-schema";
import type { CatalogPayload } from "@app/shared/pos/catalog";
import { client, createTestApp, registerBusiness, type Owner, type TestApp } from "../factories/app.ts";
import { seededRandom } from "../factories/inventory.ts";

/**
 * The till's catalog delta under concurrent writers: a device that applies every answer, each
 * asked with the cursor of the one before, ends with exactly the server's catalog, however the
 * writes and the reads interleave. A write that a read could not see (its transaction still
 * running) must come in a later delta, even when transactions that began after it committed first.
 */
let t: TestApp;
let pool: pg.Pool;
beforeAll(async () => {
  t = await createTestApp();
  pool = t.database.pool;
});
afterAll(() => t.close());

type Device = { cursor: string | null; prices: Map<string, number> };

async function refresh(owner: Owner, device: Device): Promise<CatalogPayload> {
  const since = device.cursor ? `&since=${device.cursor}` : "";
  const res = await client(t.app, owner.token).get(`/api/products/catalog?businessId=${owner.businessId}${since}`);
  expect(res.statusCode, res.body).toBe(200);
  const delta = catalogPayloadSchema.parse(res.json());
  if (delta.full) device.prices.clear();
  for (const id of delta.removed) device.prices.delete(id);
  delta.ids.forEach((id, i) => device.prices.set(id, delta.sellingprices[i]!));
  device.cursor = delta.version;
  return delta;
}

async function serverPrices(businessId: string): Promise<Map<string, number>> {
  const { rows } = await pool.query<{ id: string; selling_price: string }>(
    "SELECT id, selling_price FROM products WHERE business_id = $1 AND active AND archived_at IS NULL",
    [businessId],
  );
  return new Map(rows.map((r) => [r.id, Number(r.selling_price)]));
}

async function seed(businessId: string, count: number): Promise<string[]> {
  const { rows } = await pool.query<{ id: string }>(
    `INSERT INTO products (business_id, name, selling_price)
     SELECT $1, 'Item ' || g, 100 FROM generate_series(1, $2::int) g RETURNING id`,
    [businessId, count],
  );
  return rows.map((r) => r.id);
}

describe("the catalog delta under concurrent writes", () => {
  it("sends a write whose transaction began before a read and committed after it, though a later one committed first", async () => {
    const owner = await registerBusiness(t.app);
    const [early, late] = await seed(owner.businessId, 2);
    const device: Device = { cursor: null, prices: new Map() };
    await refresh(owner, device);

    const slow = await pool.connect();
    try {
      await slow.query("BEGIN");
      await slow.query("UPDATE products SET selling_price = 111 WHERE id = $1", [early]); // the older transaction
      await pool.query("UPDATE products SET selling_price = 222 WHERE id = $1", [late]); // younger, committed first
      const during = await refresh(owner, device);
      expect(during.ids).toEqual([late]); // the running one's write is not visible yet
      await slow.query("COMMIT");
    } finally {
      slow.release();
    }
    const after = await refresh(owner, device);
    expect(after.ids).toContain(early);
    expect(device.prices).toEqual(await serverPrices(owner.businessId));
  });

  it("leaves a device with exactly the server's catalog after many writers and reads interleave (prices, new, archived, deleted)", async () => {
    const owner = await registerBusiness(t.app);
    const ids = await seed(owner.businessId, 40);
    const device: Device = { cursor: null, prices: new Map() };
    await refresh(owner, device);

    let price = 1000;
    let writing = true;
    const writer = async (seed: number) => {
      const random = seededRandom(seed);
      const c = await pool.connect();
      try {
        for (let n = 0; n < 30; n++) {
          await c.query("BEGIN");
          const kind = random.int(0, 9);
          const id = random.pick(ids);
          if (kind < 6) await c.query("UPDATE products SET selling_price = $2 WHERE id = $1", [id, price++]);
          else if (kind < 8) {
            const { rows } = await c.query<{ id: string }>(
              "INSERT INTO products (business_id, name, selling_price) VALUES ($1, $2, $3) RETURNING id",
              [owner.businessId, `New ${seed}-${n}`, price++],
            );
            ids.push(rows[0]!.id);
          } else if (kind === 8)
            await c.query("UPDATE products SET archived_at = now(), active = false WHERE id = $1", [id]);
          else await c.query("DELETE FROM products WHERE id = $1", [id]);
          // Held open a while, so reads fall inside it and younger transactions commit first.
          await c.query("SELECT pg_sleep($1)", [random.int(0, 25) / 1000]);
          await c.query(random.int(0, 9) === 0 ? "ROLLBACK" : "COMMIT");
        }
      } finally {
        c.release();
      }
    };
    const reader = async () => {
      let reads = 0;
      while (writing) {
        await refresh(owner, device);
        reads++;
      }
      return reads;
    };
    const reading = reader();
    await Promise.all([1, 2, 3, 4].map(writer));
    writing = false;
    expect(await reading).toBeGreaterThan(5);
    await refresh(owner, device); // once every writer is done
    expect(device.prices).toEqual(await serverPrices(owner.businessId));
  });
});
