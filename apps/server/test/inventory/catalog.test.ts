import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogPayloadSchema } from "@app/shared/pos/catalog";
import {
  client,
  createTestApp,
  registerBusiness,
  registerEmployee,
  type Owner,
  type TestApp,
} from "../factories/app.ts";
import { newProduct, sold } from "../factories/sales.ts";

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
    expect(c.version).toMatch(/^\d{4}-\d\d-\d\dT/);
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
    const none = await catalogOf(
      owner.token,
      `&since=${encodeURIComponent(new Date(Date.now() + 3_600_000).toISOString())}`,
    );
    expect([none.ids, none.names, none.removed]).toEqual([[], [], []]);
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
