import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categorySchema } from "@app/shared/inventory/category";
import { client, createTestApp, registerBusiness, type Owner, type TestApp } from "../factories/app.ts";
import {
  expectRefused,
  expectStatus,
  getProduct,
  inventoryStaff,
  newCategory,
  newProduct,
  newSubcategory,
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
const api = () => client(t.app, owner.token);
const listCategories = async (who: Owner = owner) =>
  expectStatus(await client(t.app, who.token).get(`/api/categories?businessId=${who.businessId}`), 200).json();

describe("categories: create, list, rename, delete", () => {
  it("creates a category and lists it with its subcategories and product count", async () => {
    const res = expectStatus(
      await api().post("/api/categories", { businessId: owner.businessId, name: " Beverages " }),
      201,
    );
    const created = categorySchema.parse(res.json());
    expect(created).toMatchObject({ name: "Beverages", subcategories: [], productCount: 0 });
    const sub = await newSubcategory(t, owner, created._id, "Juices");
    await newProduct(t, owner, { categoryId: created._id });
    await newProduct(t, owner, { subcategoryId: sub._id });
    const listed = (await listCategories()).find((c: { _id: string }) => c._id === created._id);
    expect(listed).toEqual({ ...created, subcategories: [{ _id: sub._id, name: "Juices" }], productCount: 2 });
    expect((await listCategories(stranger)).map((c: { _id: string }) => c._id)).not.toContain(created._id);
  });

  it("names are unique per business, whatever the case: 409 with nothing written", async () => {
    await newCategory(t, owner, "Snacks");
    const res = await expectRefused(t, 409, () =>
      api().post("/api/categories", { businessId: owner.businessId, name: "SNACKS" }),
    );
    expect(res.json().error.fields).toEqual({ name: expect.any(String) });
    expect(await newCategory(t, stranger, "Snacks")).toMatchObject({ name: "Snacks" });
  });

  it("400 for an empty or overlong name, 403 for another business, nothing written", async () => {
    await expectRefused(t, 400, () => api().post("/api/categories", { businessId: owner.businessId, name: "  " }));
    await expectRefused(t, 400, () =>
      api().post("/api/categories", { businessId: owner.businessId, name: "x".repeat(101) }),
    );
    await expectRefused(t, 400, () => api().get("/api/categories"));
    await expectRefused(t, 403, () =>
      api().post("/api/categories", { businessId: stranger.businessId, name: "Mine now" }),
    );
    await expectRefused(t, 403, () => api().get(`/api/categories?businessId=${stranger.businessId}`));
  });

  it("renames a category (409 on a taken name, 404 for unknown or foreign ones)", async () => {
    const cat = await newCategory(t, owner, "Cleaning");
    await newCategory(t, owner, "Household");
    const res = expectStatus(await api().put(`/api/categories/${cat._id}`, { name: "Cleaning supplies" }), 200);
    expect(res.json()).toMatchObject({ _id: cat._id, name: "Cleaning supplies" });
    expect((await listCategories()).find((c: { _id: string }) => c._id === cat._id).name).toBe("Cleaning supplies");
    await expectRefused(t, 409, () => api().put(`/api/categories/${cat._id}`, { name: "household" }));
    await expectRefused(t, 400, () => api().put(`/api/categories/${cat._id}`, { name: "" }));
    await expectRefused(t, 404, () => api().put(`/api/categories/${MISSING}`, { name: "Ghost" }));
    const theirs = await newCategory(t, stranger);
    await expectRefused(t, 404, () => api().put(`/api/categories/${theirs._id}`, { name: "Taken over" }));
  });

  it("deleting a category deletes its subcategories and leaves its products uncategorised", async () => {
    const cat = await newCategory(t, owner);
    const sub = await newSubcategory(t, owner, cat._id);
    const inCategory = await newProduct(t, owner, { categoryId: cat._id, quantity: 4 });
    const inSub = await newProduct(t, owner, { subcategoryId: sub._id });
    expectStatus(await api().del(`/api/categories/${cat._id}`), 204);
    expect((await listCategories()).map((c: { _id: string }) => c._id)).not.toContain(cat._id);
    expect(await getProduct(t, owner, inCategory._id)).toMatchObject({
      categoryId: null,
      subcategoryId: null,
      quantity: 4,
    });
    expect(await getProduct(t, owner, inSub._id)).toMatchObject({ categoryId: null, subcategoryId: null });
    const { rows } = await t.database.pool.query("SELECT 1 FROM subcategories WHERE id = $1", [sub._id]);
    expect(rows).toEqual([]);
    await expectRefused(t, 404, () => api().del(`/api/categories/${cat._id}`));
    const theirs = await newCategory(t, stranger);
    await expectRefused(t, 404, () => api().del(`/api/categories/${theirs._id}`));
  });
});

describe("subcategories: create, rename, delete", () => {
  it("creates one (response field subcategory, and the category with it)", async () => {
    const cat = await newCategory(t, owner);
    const res = expectStatus(await api().post(`/api/categories/subcategory/${cat._id}`, { name: "Sodas" }), 201);
    const { subcategory, category } = res.json();
    expect(subcategory).toEqual({ _id: expect.any(String), name: "Sodas" });
    expect(category).toMatchObject({ _id: cat._id, subcategories: [subcategory] });
  });

  it("names are unique within a category only; 400, 404 and foreign categories write nothing", async () => {
    const [a, b] = [await newCategory(t, owner), await newCategory(t, owner)];
    await newSubcategory(t, owner, a._id, "Small");
    await expectRefused(t, 409, () => api().post(`/api/categories/subcategory/${a._id}`, { name: "small" }));
    expect(await newSubcategory(t, owner, b._id, "Small")).toMatchObject({ name: "Small" });
    await expectRefused(t, 400, () => api().post(`/api/categories/subcategory/${a._id}`, { name: "" }));
    await expectRefused(t, 404, () => api().post(`/api/categories/subcategory/${MISSING}`, { name: "Lost" }));
    const theirs = await newCategory(t, stranger);
    await expectRefused(t, 404, () => api().post(`/api/categories/subcategory/${theirs._id}`, { name: "Planted" }));
  });

  it("renames one; a subcategory of another category or business is not found", async () => {
    const [a, b] = [await newCategory(t, owner), await newCategory(t, owner)];
    const sub = await newSubcategory(t, owner, a._id, "Tins");
    await newSubcategory(t, owner, a._id, "Jars");
    const res = expectStatus(
      await api().put(`/api/categories/${a._id}/subcategories/${sub._id}`, { name: "Cans" }),
      200,
    );
    expect(res.json().subcategories).toContainEqual({ _id: sub._id, name: "Cans" });
    await expectRefused(t, 409, () => api().put(`/api/categories/${a._id}/subcategories/${sub._id}`, { name: "JARS" }));
    await expectRefused(t, 404, () =>
      api().put(`/api/categories/${b._id}/subcategories/${sub._id}`, { name: "Moved?" }),
    );
    await expectRefused(t, 404, () =>
      api().put(`/api/categories/${a._id}/subcategories/${MISSING}`, { name: "Ghost" }),
    );
    const theirs = await newCategory(t, stranger);
    const theirSub = await newSubcategory(t, stranger, theirs._id);
    await expectRefused(t, 404, () =>
      api().put(`/api/categories/${theirs._id}/subcategories/${theirSub._id}`, { name: "Mine" }),
    );
    await expectRefused(t, 404, () =>
      api().put(`/api/categories/${a._id}/subcategories/${theirSub._id}`, { name: "Mine" }),
    );
  });

  it("deleting one keeps its products in the category", async () => {
    const cat = await newCategory(t, owner);
    const sub = await newSubcategory(t, owner, cat._id);
    const product = await newProduct(t, owner, { subcategoryId: sub._id });
    const res = expectStatus(await api().del(`/api/categories/category/${cat._id}/subcategory/${sub._id}`), 200);
    expect(res.json()).toMatchObject({ _id: cat._id, subcategories: [], productCount: 1 });
    expect(await getProduct(t, owner, product._id)).toMatchObject({ categoryId: cat._id, subcategoryId: null });
    await expectRefused(t, 404, () => api().del(`/api/categories/category/${cat._id}/subcategory/${sub._id}`));
    const other = await newCategory(t, owner);
    const otherSub = await newSubcategory(t, owner, other._id);
    await expectRefused(t, 404, () => api().del(`/api/categories/category/${cat._id}/subcategory/${otherSub._id}`));
  });
});

describe("PUT /api/categories/move/{id}/subcategory/{subId}", () => {
  it("moves a product into a subcategory, and so into its category", async () => {
    const [from, to] = [await newCategory(t, owner), await newCategory(t, owner)];
    const sub = await newSubcategory(t, owner, to._id);
    const product = await newProduct(t, owner, { categoryId: from._id });
    const res = expectStatus(await api().put(`/api/categories/move/${product._id}/subcategory/${sub._id}`), 200);
    expect(res.json()).toMatchObject({ _id: product._id, categoryId: to._id, subcategoryId: sub._id });
    expect(await getProduct(t, owner, product._id)).toMatchObject({ categoryId: to._id, subcategoryId: sub._id });
  });

  it("404 for an unknown or foreign product or subcategory, 400 for a malformed id, nothing written", async () => {
    const cat = await newCategory(t, owner);
    const sub = await newSubcategory(t, owner, cat._id);
    const product = await newProduct(t, owner);
    const theirs = await newProduct(t, stranger);
    const theirCat = await newCategory(t, stranger);
    const theirSub = await newSubcategory(t, stranger, theirCat._id);
    await expectRefused(t, 404, () => api().put(`/api/categories/move/${MISSING}/subcategory/${sub._id}`));
    await expectRefused(t, 404, () => api().put(`/api/categories/move/${product._id}/subcategory/${MISSING}`));
    await expectRefused(t, 404, () => api().put(`/api/categories/move/${product._id}/subcategory/${theirSub._id}`));
    await expectRefused(t, 404, () => api().put(`/api/categories/move/${theirs._id}/subcategory/${sub._id}`));
    await expectRefused(t, 400, () => api().put(`/api/categories/move/${product._id}/subcategory/not-a-uuid`));
  });
});

describe("permissions (spec section 6)", () => {
  it("reviewStock and handleTransfer read only; handleStock manages; a Cashier without flags is refused", async () => {
    const staff = await inventoryStaff(t, owner);
    const cat = await newCategory(t, owner);
    const sub = await newSubcategory(t, owner, cat._id);
    const product = await newProduct(t, owner);
    const writes = (c: ReturnType<typeof client>) => [
      () => c.post("/api/categories", { businessId: owner.businessId, name: "Staff category" }),
      () => c.put(`/api/categories/${cat._id}`, { name: "Staff rename" }),
      () => c.post(`/api/categories/subcategory/${cat._id}`, { name: "Staff sub" }),
      () => c.put(`/api/categories/${cat._id}/subcategories/${sub._id}`, { name: "Staff sub rename" }),
      () => c.put(`/api/categories/move/${product._id}/subcategory/${sub._id}`),
      () => c.del(`/api/categories/category/${cat._id}/subcategory/${sub._id}`),
      () => c.del(`/api/categories/${cat._id}`),
    ];
    for (const who of [staff.reviewer, staff.mover]) {
      expectStatus(await client(t.app, who.token).get(`/api/categories?businessId=${owner.businessId}`), 200);
      for (const write of writes(client(t.app, who.token))) await expectRefused(t, 403, write);
    }
    await expectRefused(t, 403, () =>
      client(t.app, staff.cashier.token).get(`/api/categories?businessId=${owner.businessId}`),
    );
    for (const write of writes(client(t.app, staff.cashier.token))) await expectRefused(t, 403, write);
    const statuses = [];
    for (const write of writes(client(t.app, staff.handler.token))) statuses.push((await write()).statusCode);
    expect(statuses).toEqual([201, 200, 201, 200, 200, 200, 204]);
  });
});
