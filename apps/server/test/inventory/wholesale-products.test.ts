import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { wholesaleProductSchema, type WholesaleProduct } from "@app/shared/inventory/wholesale-product";
import { catalogPayloadSchema } from "@app/shared/pos/catalog-schema";
import { client, createTestApp, registerBusiness, type Owner, type TestApp } from "../factories/app.ts";
import { expectRefused, expectStatus, inventoryStaff, newProduct } from "../factories/inventory.ts";

// Issue 33: the wholesale catalogue, GET/POST /api/wholesaleProducts, PUT/DELETE /api/wholesaleProducts/:id,
// and the wholesale till (/api/orders) selling only from it.

let t: TestApp;
let owner: Owner;
let stranger: Owner;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerBusiness(t.app);
  stranger = await registerBusiness(t.app);
});
afterAll(() => t.close());

const api = (who: Owner | { token: string } = owner) => client(t.app, who.token);
const list = async (who: Owner = owner): Promise<WholesaleProduct[]> =>
  expectStatus(await api(who).get(`/api/wholesaleProducts?businessId=${who.businessId}`), 200).json();
const add = (productId: string, wholesalePrice: number, minQuantity?: number) =>
  api().post("/api/wholesaleProducts", { businessId: owner.businessId, productId, wholesalePrice, minQuantity });
const order = (productId: string, quantity: number, total: number) =>
  api().post("/api/orders", {
    businessId: owner.businessId,
    products: [{ productId, quantity }],
    payments: [{ method: "Cash", amount: total }],
  });
const productOf = async (id: string) => expectStatus(await api().get(`/api/products/${id}`), 200).json();

describe("the wholesale catalogue: add, list, change, take out", () => {
  it("adds a product at a wholesale price and minimum; the product and the till's catalog carry the price", async () => {
    const rice = await newProduct(t, owner, { name: "Rice 25kg", sellingprice: 300_000, quantity: 40 });
    expect(await list()).toEqual([]);
    const { version } = catalogPayloadSchema.parse(
      (await api().get(`/api/products/catalog?businessId=${owner.businessId}`)).json(),
    );
    const created = wholesaleProductSchema.parse(expectStatus(await add(rice._id, 270_000, 5), 201).json());
    expect(created).toMatchObject({
      productId: rice._id,
      name: "Rice 25kg",
      sellingprice: 300_000,
      wholesalePrice: 270_000,
      minQuantity: 5,
      quantity: 40,
    });
    expect(await list()).toEqual([created]);
    expect((await productOf(rice._id)).wholesalePrice).toBe(270_000);
    // The till's catalog delta since before brings the product with its wholesale price.
    const delta = catalogPayloadSchema.parse(
      (await api().get(`/api/products/catalog?businessId=${owner.businessId}&since=${version}`)).json(),
    );
    expect(delta.wholesalePrices[delta.ids.indexOf(rice._id)]).toBe(270_000);
    // Twice is refused; the other business sees none of it.
    await expectRefused(t, 409, () => add(rice._id, 1000));
    expect(await list(stranger)).toEqual([]);
  });

  it("changes the price and minimum, and takes a product out (its wholesale price is cleared)", async () => {
    const oil = await newProduct(t, owner, { name: "Oil 20l", sellingprice: 500_000, quantity: 10 });
    const row: WholesaleProduct = expectStatus(await add(oil._id, 450_000), 201).json();
    expect(row.minQuantity).toBe(1);
    const changed = expectStatus(
      await api().put(`/api/wholesaleProducts/${row._id}`, { wholesalePrice: 440_000, minQuantity: 2 }),
      200,
    ).json();
    expect(changed).toMatchObject({ _id: row._id, wholesalePrice: 440_000, minQuantity: 2 });
    expectStatus(await api().del(`/api/wholesaleProducts/${row._id}`), 204);
    expect((await list()).map((w) => w.productId)).not.toContain(oil._id);
    expect((await productOf(oil._id)).wholesalePrice).toBe(0);
    await expectRefused(t, 404, () => api().del(`/api/wholesaleProducts/${row._id}`));
  });

  it("follows the product's wholesale price set elsewhere (the product form)", async () => {
    const flour = await newProduct(t, owner, { name: "Flour 12x2kg", sellingprice: 200_000, wholesalePrice: 180_000 });
    const row = (await list()).find((w) => w.productId === flour._id);
    expect(row).toMatchObject({ wholesalePrice: 180_000, minQuantity: 1 });
    expectStatus(await api().put(`/api/products/${flour._id}`, { wholesalePrice: 0 }), 200);
    expect((await list()).map((w) => w.productId)).not.toContain(flour._id);
  });

  it("refuses bad input, another business's product, and people who may not manage products", async () => {
    const own = await newProduct(t, owner);
    const theirs = await newProduct(t, stranger);
    await expectRefused(t, 400, () => add(own._id, 0));
    await expectRefused(t, 400, () => add(own._id, 1000, 0));
    await expectRefused(t, 400, () => add(theirs._id, 1000));
    const { cashier, reviewer } = await inventoryStaff(t, owner);
    for (const who of [cashier, reviewer])
      await expectRefused(t, 403, () =>
        api(who).post("/api/wholesaleProducts", {
          businessId: owner.businessId,
          productId: own._id,
          wholesalePrice: 900,
        }),
      );
    await expectRefused(t, 403, () =>
      api(stranger).post("/api/wholesaleProducts", {
        businessId: owner.businessId,
        productId: own._id,
        wholesalePrice: 900,
      }),
    );
    const row: WholesaleProduct = expectStatus(await add(own._id, 900), 201).json();
    await expectRefused(t, 404, () => api(stranger).put(`/api/wholesaleProducts/${row._id}`, { wholesalePrice: 1 }));
  });
});

describe("the wholesale till sells only from the catalogue", () => {
  it("refuses a product not in it and a line under its minimum; sells from the minimum at the wholesale price", async () => {
    const sugar = await newProduct(t, owner, { name: "Sugar 50kg", sellingprice: 700_000, quantity: 30 });
    const refused = await expectRefused(t, 400, () => order(sugar._id, 1, 700_000));
    expect(refused.json().error.fields).toEqual({ [sugar._id]: "Sugar 50kg is not in the wholesale catalogue" });
    // The retail till still sells it.
    expectStatus(
      await api().post("/api/sales", {
        businessId: owner.businessId,
        products: [{ productId: sugar._id, quantity: 1 }],
        payments: [{ method: "Cash", amount: 700_000 }],
      }),
      201,
    );
    expectStatus(await add(sugar._id, 650_000, 3), 201);
    const short = await expectRefused(t, 400, () => order(sugar._id, 2, 1_300_000));
    expect(short.json().error.fields).toEqual({ [sugar._id]: "Sugar 50kg is sold wholesale from 3 units" });
    const sale = expectStatus(await order(sugar._id, 3, 1_950_000), 201).json();
    expect(sale.products[0]).toMatchObject({ productPrice: 650_000, productQuantity: 3 });
  });
});

describe("migration 0045 keeps existing data working", () => {
  it("its seed puts every product that had a wholesale price in the catalogue, and only those", async () => {
    const a = await newProduct(t, owner, { name: "Old crate", sellingprice: 12_000, quantity: 10 });
    const b = await newProduct(t, owner, { name: "Old salt", sellingprice: 5_000 });
    // Products as they stood before the migration: a wholesale price, no catalogue row.
    const client = await t.database.pool.connect();
    try {
      await client.query("BEGIN");
      await client.query("SET LOCAL app.restoring = 'on'"); // the trigger stays quiet, as before 0045
      await client.query("UPDATE products SET wholesale_price = 10000 WHERE id = $1", [a._id]);
      await client.query("COMMIT");
    } finally {
      client.release();
    }
    expect((await list()).map((w) => w.productId)).not.toContain(a._id);
    const migration = readFileSync(new URL("../../drizzle/0045_wholesale_products.sql", import.meta.url), "utf8");
    const seed = migration.slice(migration.lastIndexOf("INSERT INTO wholesale_products"));
    await t.database.pool.query(seed);
    const listed = await list();
    expect(listed.find((w) => w.productId === a._id)).toMatchObject({ wholesalePrice: 10_000, minQuantity: 1 });
    expect(listed.map((w) => w.productId)).not.toContain(b._id);
    // Sold at the wholesale till straight away.
    expectStatus(await order(a._id, 2, 20_000), 201);
  });
});
