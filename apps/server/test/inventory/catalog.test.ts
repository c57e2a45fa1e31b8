import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogPayloadSchema } from "@app/shared/pos/catalog-schema";
import {
  client,
  createTestApp,
  registerBusiness,
  registerEmployee,
  type Owner,
  type TestApp,
} from "../factories/app.ts";
import { newCategory } from "../factories/inventory.ts";
import { api, newProduct, sold } from "../factories/sales.ts";
import { tilesSchema } from "@app/shared/pos/tiles";

let t: TestApp;
let owner: Owner;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerBusiness(t.app);
});
afterAll(() => t.close());

const catalogOf = async (token: string, query = "") => {
  const res = await client(t.app, token).get(`/api/products/catalog?businessId=${owner.businessId}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return catalogPayloadSchema.parse(res.json());
};

describe("GET /api/products/catalog", () => {
  it("sends every sellable product column by column, sorted by name, and leaves archived ones out", async () => {
    const b = await newProduct(t.app, owner, owner.businessId, {
      name: "Bread",
      sku: "BR-1",
      barcode: "6160000000011",
      sellingprice: 6500,
      wholesalePrice: 6000,
      quantity: 12,
    });
    const a = await newProduct(t.app, owner, owner.businessId, { name: "Apples", sellingprice: 2000 });
    const gone = await newProduct(t.app, owner, owner.businessId, { name: "Old stock", active: false });
    const d = await newProduct(t.app, owner, owner.businessId, { name: "bananas" });
    const c = await catalogOf(owner.token);
    expect(c.full).toBe(true);
    expect(c.ids).toEqual([a._id, d._id, b._id]); // by lower-cased name
    expect(c.removed).toEqual([]);
    for (const column of [
      c.names,
      c.skus,
      c.barcodes,
      c.sellingprices,
      c.wholesalePrices,
      c.quantities,
      c.units,
      c.images,
    ])
      expect(column).toHaveLength(3);
    expect(c.ids).not.toContain(gone._id);
    const i = c.ids.indexOf(b._id);
    expect([
      c.names[i],
      c.skus[i],
      c.barcodes[i],
      c.sellingprices[i],
      c.wholesalePrices[i],
      c.quantities[i],
      c.units[i],
    ]).toEqual(["Bread", "BR-1", "6160000000011", 6500, 6000, 12, "pcs"]);
    expect(c.version).toMatch(/^\d+$/); // a cursor: the answer's snapshot's oldest running transaction
  });

  it("with since, sends what changed (a sale's stock too) and the ids no longer sold", async () => {
    const p = await newProduct(t.app, owner, owner.businessId, { name: "Milk", quantity: 10 });
    const first = await catalogOf(owner.token);
    await sold(t.app, owner, owner.businessId, [{ productId: p._id, quantity: 3 }], 30000);
    const archived = await newProduct(t.app, owner, owner.businessId, { name: "Soon archived" });
    await client(t.app, owner.token).put(`/api/products/${archived._id}`, { active: false });
    const delta = await catalogOf(owner.token, `&since=${encodeURIComponent(first.version!)}`);
    expect(delta.full).toBe(false);
    expect(delta.quantities[delta.ids.indexOf(p._id)]).toBe(7);
    expect(delta.removed).toContain(archived._id);
    expect(delta.ids).not.toContain(archived._id);
    // Nothing written since: nothing sent (the cursor moves on, the lists are empty).
    const again = await catalogOf(owner.token, `&since=${delta.version}`);
    const none = await catalogOf(owner.token, `&since=${again.version}`);
    expect([none.full, none.ids, none.names, none.removed]).toEqual([false, [], [], []]);
  });

  it("sends the whole catalog for a cursor that is not its own: an older app's time, or one beyond the database's", async () => {
    await newProduct(t.app, owner, owner.businessId, { name: "Tea" });
    const all = await catalogOf(owner.token);
    const older = await catalogOf(owner.token, `&since=${encodeURIComponent(new Date().toISOString())}`);
    expect([older.full, older.ids]).toEqual([true, all.ids]);
    const future = await catalogOf(owner.token, `&since=${BigInt(all.version!) + 1_000_000n}`);
    expect([future.full, future.ids]).toEqual([true, all.ids]);
  });

  it("is compressed when the till accepts gzip (above 1 KB)", async () => {
    for (let i = 0; i < 20; i++) await newProduct(t.app, owner, owner.businessId, { name: `Bulk item ${i}` });
    const res = await client(t.app, owner.token).get(`/api/products/catalog?businessId=${owner.businessId}`, {
      "accept-encoding": "gzip",
    });
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(catalogPayloadSchema.parse(JSON.parse(gunzipSync(res.rawPayload).toString())).full).toBe(true);
  });

  it("is for the tills: a cashier gets it, another business does not", async () => {
    const cashier = await registerEmployee(t.app, owner, owner.businessId, { occupation: "Cashier" });
    expect((await catalogOf(cashier.token)).full).toBe(true);
    const stranger = await registerBusiness(t.app);
    expect(
      (await client(t.app, stranger.token).get(`/api/products/catalog?businessId=${owner.businessId}`)).statusCode,
    ).toBe(403);
  });
});

describe("GET /api/products/tiles", () => {
  it("orders the best sellers by units sold (voids taken back), and a category's products most sold first, then by name", async () => {
    const shop = await registerBusiness(t.app);
    const drinks = await newCategory(t, shop, "Drinks");
    await newCategory(t, shop, "Empty shelf"); // no sellable product: not offered as a tab
    const soda = await newProduct(t.app, shop, shop.businessId, { name: "Soda", categoryId: drinks._id });
    const water = await newProduct(t.app, shop, shop.businessId, { name: "Water", categoryId: drinks._id });
    const juice = await newProduct(t.app, shop, shop.businessId, { name: "Juice", categoryId: drinks._id });
    const bread = await newProduct(t.app, shop, shop.businessId, { name: "Bread" });
    await newProduct(t.app, shop, shop.businessId, { name: "Retired", categoryId: drinks._id, active: false });
    await sold(t.app, shop, shop.businessId, [{ productId: water._id, quantity: 5 }], 50000);
    await sold(t.app, shop, shop.businessId, [{ productId: bread._id, quantity: 2 }], 20000);
    const voided = await sold(t.app, shop, shop.businessId, [{ productId: soda._id, quantity: 9 }], 90000);
    const undo = await api(t.app, shop.token).del(`/api/sales/${voided._id}`);
    expect(undo.statusCode, undo.body).toBe(200);

    const tilesOf = async (query: string) => {
      const res = await client(t.app, shop.token).get(`/api/products/tiles?businessId=${shop.businessId}${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return tilesSchema.parse(res.json());
    };
    const top = await tilesOf("");
    expect(top.categories).toEqual([{ _id: drinks._id, name: "Drinks" }]);
    expect(top.ids).toEqual([water._id, bread._id]); // soda's sale was voided: nothing sold
    const inDrinks = await tilesOf(`&categoryId=${drinks._id}`);
    expect(inDrinks.ids).toEqual([water._id, juice._id, soda._id]);

    const stranger = await registerBusiness(t.app);
    expect(
      (await client(t.app, stranger.token).get(`/api/products/tiles?businessId=${shop.businessId}`)).statusCode,
    ).toBe(403);
  });

  it("marks the tiles that sell out before their next usual delivery, from the ledger's sales and supplies", async () => {
    const shop = await registerBusiness(t.app);
    // Deliveries and a sale days ago, written to the ledger as they would have been then.
    const history = async (name: string, moves: [days: number, delta: number, reason: string][]) => {
      const p = await newProduct(t.app, shop, shop.businessId, { name, quantity: 0 });
      let after = 0;
      for (const [days, delta, reason] of moves) {
        after += delta;
        await t.database.pool.query(
          `INSERT INTO stock_movements (business_id, product_id, delta, quantity_after, reason, actor_kind, actor_name, created_at)
           VALUES ($1, $2, $3, $4, $5, 'owner', 'Owner', $6)`,
          // The app's clock, never the database's (under the suite's other clock they differ).
          [shop.businessId, p._id, delta, after, reason, new Date(Date.now() - days * 86_400_000)],
        );
      }
      await t.database.pool.query("UPDATE products SET quantity = $1 WHERE id = $2", [after, p._id]);
      return p._id as string;
    };
    // Delivered 20 and 2 days ago (every 18 days: the next in 16), 56 sold in 28 days (2 a day): 4 last 2 days.
    const unga = await history("Unga", [
      [20, 30, "supply"],
      [5, -56, "sale"],
      [2, 30, "supply"],
    ]);
    // The same deliveries and sales, 144 left: 72 days.
    const chumvi = await history("Chumvi", [
      [20, 100, "supply"],
      [5, -56, "sale"],
      [2, 100, "supply"],
    ]);
    // One delivery only: no habit to go by.
    const sabuni = await history("Sabuni", [
      [20, 60, "supply"],
      [5, -56, "sale"],
    ]);
    const res = await client(t.app, shop.token).get(`/api/products/tiles?businessId=${shop.businessId}`);
    expect(res.statusCode, res.body).toBe(200);
    const tiles = tilesSchema.parse(res.json());
    expect(new Set(tiles.ids)).toEqual(new Set([unga, chumvi, sabuni]));
    expect(tiles.soonOut).toEqual([unga]);
  });
});
