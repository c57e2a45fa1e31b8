import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productSchema } from "@app/shared/inventory/product";
import { client, countRows, createTestApp, registerBusiness, type Owner, type TestApp } from "../factories/app.ts";
import {
  expectRefused,
  expectStatus,
  getProduct,
  inventoryStaff,
  newCategory,
  newProduct,
  newSubcategory,
  recordSale,
} from "../factories/inventory.ts";

let t: TestApp;
let owner: Owner;
let stranger: Owner;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerBusiness(t.app);
  stranger = await registerBusiness(t.app);
});
afterAll(() => t.close());

const MISSING = "00000000-0000-4000-8000-000000000000";
const names = (res: { json: () => { items: { name: string }[] } }) => res.json().items.map((p) => p.name);

describe("POST /api/products and GET /api/products/{id}", () => {
  it("creates a product with every field, stores it, and enters the opening stock in the ledger", async () => {
    const cat = await newCategory(t, owner);
    const sub = await newSubcategory(t, owner, cat._id);
    const body = {
      businessId: owner.businessId,
      name: "  Sugar 1kg ",
      sku: "SUG-1",
      barcode: "6161100000011",
      subcategoryId: sub._id,
      unit: "bag",
      buyingPrice: 12_000,
      sellingprice: 15_050,
      wholesalePrice: 14_000,
      quantity: 30,
      reorderLevel: 5,
      description: "White sugar",
    };
    const res = expectStatus(await client(t.app, owner.token).post("/api/products", body), 201);
    const product = productSchema.parse(res.json());
    expect(product).toMatchObject({
      name: "Sugar 1kg",
      sku: "SUG-1",
      categoryId: cat._id,
      subcategoryId: sub._id,
      sellingprice: 15_050,
      quantity: 30,
      business: owner.businessId,
      active: true,
      archived: false,
    });
    expect(await getProduct(t, owner, product._id)).toEqual(product);
    const { rows } = await t.database.pool.query(
      "SELECT delta, quantity_after, reason, note FROM stock_movements WHERE product_id = $1",
      [product._id],
    );
    expect(rows).toEqual([{ delta: 30, quantity_after: 30, reason: "adjustment", note: "Opening stock" }]);
  });

  it("defaults: no codes, pcs, zero prices but selling price, no stock, and no movement", async () => {
    const product = await newProduct(t, owner, { sku: "", barcode: "  " });
    expect(product).toMatchObject({
      sku: null,
      barcode: null,
      unit: "pcs",
      buyingPrice: 0,
      wholesalePrice: 0,
      quantity: 0,
      reorderLevel: 0,
      image: null,
      categoryId: null,
    });
    const { rows } = await t.database.pool.query("SELECT 1 FROM stock_movements WHERE product_id = $1", [product._id]);
    expect(rows).toEqual([]);
  });

  it.each([
    ["no name", { name: " ", sellingprice: 100 }, "name"],
    ["no selling price", { name: "X" }, "sellingprice"],
    ["negative price", { name: "X", sellingprice: -1 }, "sellingprice"],
    ["fractional cents", { name: "X", sellingprice: 10.5 }, "sellingprice"],
    ["negative opening stock", { name: "X", sellingprice: 1, quantity: -3 }, "quantity"],
    ["unknown category", { name: "X", sellingprice: 1, categoryId: MISSING }, "categoryId"],
  ])("400 with nothing written: %s", async (_label, body, field) => {
    const res = await expectRefused(t, 400, () =>
      client(t.app, owner.token).post("/api/products", { businessId: owner.businessId, ...body }),
    );
    expect(res.json().error.fields).toHaveProperty(field);
  });

  it("a subcategory of another category is refused", async () => {
    const [a, b] = [await newCategory(t, owner), await newCategory(t, owner)];
    const sub = await newSubcategory(t, owner, b._id);
    const res = await expectRefused(t, 400, () =>
      client(t.app, owner.token).post("/api/products", {
        businessId: owner.businessId,
        name: "X",
        sellingprice: 1,
        categoryId: a._id,
        subcategoryId: sub._id,
      }),
    );
    expect(res.json().error.fields).toHaveProperty("subcategoryId");
  });

  it("another business: 403 for its businessId, 404 for its product, its category refused", async () => {
    const theirs = await newProduct(t, stranger);
    const theirCategory = await newCategory(t, stranger);
    const api = client(t.app, owner.token);
    await expectRefused(t, 403, () =>
      api.post("/api/products", { businessId: stranger.businessId, name: "Intruder", sellingprice: 1 }),
    );
    await expectRefused(t, 403, () => api.get(`/api/products?businessId=${stranger.businessId}`));
    await expectRefused(t, 404, () => api.get(`/api/products/${theirs._id}`));
    await expectRefused(t, 400, () =>
      api.post("/api/products", {
        businessId: owner.businessId,
        name: "X",
        sellingprice: 1,
        categoryId: theirCategory._id,
      }),
    );
  });

  it("404 for an unknown id on every product route", async () => {
    const api = client(t.app, owner.token);
    await expectRefused(t, 404, () => api.get(`/api/products/${MISSING}`));
    await expectRefused(t, 404, () => api.put(`/api/products/${MISSING}`, { name: "Ghost" }));
    await expectRefused(t, 404, () => api.del(`/api/products/${MISSING}`));
  });
});

describe("SKU and barcode are unique within a business", () => {
  it("409 on create and on edit, nothing written; the same codes are fine in another business", async () => {
    const first = await newProduct(t, owner, { sku: "DUP-SKU", barcode: "DUP-BC" });
    const second = await newProduct(t, owner, { sku: "OTHER-SKU" });
    const api = client(t.app, owner.token);
    const sku = await expectRefused(t, 409, () =>
      api.post("/api/products", { businessId: owner.businessId, name: "Copy", sellingprice: 1, sku: "DUP-SKU" }),
    );
    expect(sku.json().error.fields).toEqual({ sku: expect.any(String) });
    const barcode = await expectRefused(t, 409, () =>
      api.post("/api/products", { businessId: owner.businessId, name: "Copy", sellingprice: 1, barcode: "DUP-BC" }),
    );
    expect(barcode.json().error.fields).toEqual({ barcode: expect.any(String) });
    await expectRefused(t, 409, () => api.put(`/api/products/${second._id}`, { sku: "DUP-SKU" }));
    await expectRefused(t, 409, () => api.put(`/api/products/${second._id}`, { barcode: "DUP-BC" }));
    expect(await newProduct(t, stranger, { sku: "DUP-SKU", barcode: "DUP-BC" })).toMatchObject({
      sku: "DUP-SKU",
      barcode: "DUP-BC",
    });
    // Editing a product's own codes back to themselves is no conflict.
    expectStatus(
      await api.put(`/api/products/${first._id}`, { sku: "DUP-SKU", barcode: "DUP-BC", name: "Renamed" }),
      200,
    );
  });
});

describe("PUT /api/products/{id}", () => {
  it("edits fields, keeps the quantity (it changes only through the ledger), and stores the edit", async () => {
    const product = await newProduct(t, owner, { quantity: 7 });
    const [cat] = [await newCategory(t, owner)];
    const res = expectStatus(
      await client(t.app, owner.token).put(`/api/products/${product._id}`, {
        name: "Edited",
        sellingprice: 999,
        reorderLevel: 3,
        categoryId: cat._id,
        sku: "EDIT-1",
      }),
      200,
    );
    expect(res.json()).toMatchObject({
      name: "Edited",
      sellingprice: 999,
      reorderLevel: 3,
      categoryId: cat._id,
      quantity: 7,
      sku: "EDIT-1",
    });
    expect(await getProduct(t, owner, product._id)).toEqual(res.json());
  });

  it("400 with nothing written: an empty body, a quantity, a negative price", async () => {
    const product = await newProduct(t, owner, { quantity: 2 });
    const api = client(t.app, owner.token);
    await expectRefused(t, 400, () => api.put(`/api/products/${product._id}`, {}));
    await expectRefused(t, 400, () => api.put(`/api/products/${product._id}`, { wholesalePrice: -5 }));
    await expectRefused(t, 400, () => api.put(`/api/products/${product._id}`, { name: "" }));
    // Quantity is not a field of an edit; it is ignored, never applied.
    expectStatus(await api.put(`/api/products/${product._id}`, { quantity: 500, name: "Still 2" }), 200);
    expect((await getProduct(t, owner, product._id)).quantity).toBe(2);
  });
});

describe("GET /api/products: search, filters, paging", () => {
  let shop: Owner;
  beforeAll(async () => {
    shop = await registerBusiness(t.app);
    const drinks = await newCategory(t, shop, "Drinks");
    await newProduct(t, shop, {
      name: "Coca Cola 500ml",
      sku: "CC-500",
      barcode: "5449000000996",
      categoryId: drinks._id,
      quantity: 40,
      reorderLevel: 10,
    });
    await newProduct(t, shop, {
      name: "Fanta Orange",
      sku: "FA-300",
      barcode: "5449000011527",
      categoryId: drinks._id,
      quantity: 4,
      reorderLevel: 10,
    });
    await newProduct(t, shop, {
      name: "Bread 400g",
      sku: "BR-400",
      barcode: "6001234000001",
      quantity: 0,
      reorderLevel: 2,
    });
    await newProduct(t, shop, { name: "Milk 100% fresh", sku: "MK_1", quantity: 12 });
  });
  const list = (query: string) => client(t.app, shop.token).get(`/api/products?businessId=${shop.businessId}&${query}`);

  it("sorted by name, with the page shape", async () => {
    const res = expectStatus(await list(""), 200);
    expect(res.json()).toMatchObject({ total: 4, page: 0, pageSize: 50 });
    expect(names(res)).toEqual(["Bread 400g", "Coca Cola 500ml", "Fanta Orange", "Milk 100% fresh"]);
  });

  it.each([
    ["search=cola", ["Coca Cola 500ml"]],
    ["search=COLA", ["Coca Cola 500ml"]],
    ["search=fa-3", ["Fanta Orange"]],
    ["search=6001234", ["Bread 400g"]],
    ["search=100%25", ["Milk 100% fresh"]],
    ["search=mk_", ["Milk 100% fresh"]],
    ["search=%25", ["Milk 100% fresh"]],
    ["search=nothing-like-this", []],
  ])("search by name, SKU or barcode: %s", async (query, expected) => {
    expect(names(expectStatus(await list(query), 200))).toEqual(expected);
  });

  it("category and stock status filters", async () => {
    const [drinks] = (await client(t.app, shop.token).get(`/api/categories?businessId=${shop.businessId}`)).json();
    expect(names(await list(`categoryId=${drinks._id}`))).toEqual(["Coca Cola 500ml", "Fanta Orange"]);
    expect(names(await list("stockStatus=out"))).toEqual(["Bread 400g"]);
    expect(names(await list("stockStatus=low"))).toEqual(["Fanta Orange"]);
    expect(names(await list("stockStatus=in"))).toEqual(["Coca Cola 500ml", "Milk 100% fresh"]);
    expect(names(await list(`stockStatus=in&categoryId=${drinks._id}&search=coca`))).toEqual(["Coca Cola 500ml"]);
  });

  it("pages and sorts", async () => {
    const page0 = (await list("pageSize=3&page=0")).json();
    const page1 = (await list("pageSize=3&page=1")).json();
    expect(page0).toMatchObject({ total: 4, page: 0, pageSize: 3 });
    expect(page0.items).toHaveLength(3);
    expect(page1.items.map((p: { name: string }) => p.name)).toEqual(["Milk 100% fresh"]);
    expect(names(await list("sort=quantity&order=desc&pageSize=2"))).toEqual(["Coca Cola 500ml", "Milk 100% fresh"]);
    expect((await list("page=9")).json()).toMatchObject({ total: 4, items: [] });
  });

  it.each(["stockStatus=plenty", "pageSize=0", "pageSize=501", "page=-1", "sort=price", "categoryId=nope"])(
    "400 for %s",
    async (query) => {
      expectStatus(await list(query), 400);
    },
  );
});

describe("DELETE /api/products/{id}", () => {
  it("a product never sold is deleted with its movements", async () => {
    const product = await newProduct(t, owner, { quantity: 5 });
    const res = expectStatus(await client(t.app, owner.token).del(`/api/products/${product._id}`), 200);
    expect(res.json()).toEqual({ archived: false });
    expectStatus(await client(t.app, owner.token).get(`/api/products/${product._id}`), 404);
    expect(await countRows(t.database, `stock_movements WHERE product_id = '${product._id}'`)).toBe(0);
  });

  it("a product with sales is archived: out of the list, still readable with its history", async () => {
    // Sales are not an API yet: a "sale" movement written through the ledger stands for one.
    const product = await newProduct(t, owner, { quantity: 5, sku: "SOLD-1" });
    await recordSale(t, owner.businessId, product._id, 2);
    const api = client(t.app, owner.token);
    expect(expectStatus(await api.del(`/api/products/${product._id}`), 200).json()).toEqual({ archived: true });
    expect(await getProduct(t, owner, product._id)).toMatchObject({ archived: true, active: false, quantity: 3 });
    expect(names(await api.get(`/api/products?businessId=${owner.businessId}&search=SOLD-1`))).toEqual([]);
    expect(
      names(await api.get(`/api/products?businessId=${owner.businessId}&search=SOLD-1&includeArchived=true`)),
    ).toEqual([product.name]);
    expect((await api.get(`/api/products/${product._id}/movements`)).json().total).toBe(2);
  });
});

describe("permissions (spec section 6)", () => {
  it("reviewStock reads only; handleStock manages; handleTransfer reads; a Cashier without flags is refused", async () => {
    const staff = await inventoryStaff(t, owner);
    const product = await newProduct(t, owner);
    const body = { businessId: owner.businessId, name: "Staff made", sellingprice: 100 };
    for (const who of [staff.reviewer, staff.mover]) {
      const api = client(t.app, who.token);
      expectStatus(await api.get(`/api/products?businessId=${owner.businessId}`), 200);
      expectStatus(await api.get(`/api/products/${product._id}`), 200);
      await expectRefused(t, 403, () => api.post("/api/products", body));
      await expectRefused(t, 403, () => api.put(`/api/products/${product._id}`, { name: "No" }));
      await expectRefused(t, 403, () => api.del(`/api/products/${product._id}`));
    }
    const cashier = client(t.app, staff.cashier.token);
    await expectRefused(t, 403, () => cashier.get(`/api/products?businessId=${owner.businessId}`));
    await expectRefused(t, 403, () => cashier.get(`/api/products/${product._id}`));
    const handler = client(t.app, staff.handler.token);
    const made = expectStatus(await handler.post("/api/products", body), 201).json();
    expectStatus(await handler.put(`/api/products/${made._id}`, { name: "Handled" }), 200);
    expectStatus(await handler.del(`/api/products/${made._id}`), 200);
  });
});
