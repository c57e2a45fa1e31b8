import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RouteEntry } from "../src/platform/access.ts";
import { ALL_FLAGS, addBusiness, client, createTestApp, registerBusiness, registerEmployee, type Owner, type Staff, type TestApp } from "./helpers.ts";

/**
 * Walks every route Fastify registered and calls each one that acts for a business as users
 * of ANOTHER business, with business A's ids everywhere an id can go. None may succeed, and
 * no response may carry A's data. New routes are walked the day they are added.
 */
let t: TestApp;
let ownerA: Owner;
let ownerB: Owner;
let staffB: Staff;
let secretsOfA: string[];
let idsOfA: string[];

async function seedBusinessA(app: TestApp["app"], owner: Owner) {
  const api = client(app, owner.token);
  const cat = (await api.post("/api/categories", { businessId: owner.businessId, name: "Secret Drinks" })).json();
  await api.post(`/api/categories/subcategory/${cat._id}`, { name: "Secret Sodas" });
  const p = (await api.post("/api/products", { businessId: owner.businessId, name: "Secret Soda", sku: "SECRET-1", sellingprice: 5000, quantity: 9, reorderLevel: 10, categoryId: cat._id })).json();
  await api.post(`/api/products/${p._id}/stock`, { delta: -1, note: "secret breakage" });
  const branch = await addBusiness(app, owner);
  await api.post("/api/businesses/products/transfer", { businessId: owner.businessId, toBusinessId: branch.businessId, products: [{ productId: p._id, quantity: 1 }] });
  await registerEmployee(app, owner, owner.businessId, { occupation: "Cashier" });
}

/** Every id of a row that belongs to business A, found generically from the schema. */
async function collectIdsOfA(): Promise<string[]> {
  const { rows: tables } = await t.database.pool.query<{ table_name: string }>(`
    SELECT c.table_name FROM information_schema.columns c
    JOIN information_schema.columns i ON i.table_name = c.table_name AND i.column_name = 'id' AND i.table_schema = 'public'
    WHERE c.table_schema = 'public' AND c.column_name = 'business_id'`);
  const ids = [ownerA.businessId];
  for (const { table_name } of tables) {
    const { rows } = await t.database.pool.query(`SELECT id::text FROM "${table_name}" WHERE business_id = $1`, [ownerA.businessId]);
    ids.push(...rows.map((r) => r.id));
  }
  return [...new Set(ids)];
}

function fill(url: string, id: string): string {
  return url.replace(/:[A-Za-z]+/g, id).replace("*", `products/${ownerA.businessId}/x.png`);
}

beforeAll(async () => {
  t = await createTestApp();
  ownerA = await registerBusiness(t.app, { businessName: "Alpha Secret Traders" });
  await seedBusinessA(t.app, ownerA);
  ownerB = await registerBusiness(t.app);
  staffB = await registerEmployee(t.app, ownerB, ownerB.businessId, { occupation: "Manager", ...ALL_FLAGS });
  idsOfA = await collectIdsOfA();
  secretsOfA = [...idsOfA, "Alpha Secret Traders", "Secret Soda", "SECRET-1", "Secret Drinks", "secret breakage"];
}, 60_000);
afterAll(() => t.close());

describe("cross-tenant route walk", () => {
  it("has ids of A's rows to try (seeding worked)", () => {
    expect(idsOfA.length).toBeGreaterThan(8);
  });

  it("no tenant route lets a user of business B read or change business A's data", async () => {
    const tenantRoutes = t.app.routeTable.filter((r): r is RouteEntry => r.access.kind === "tenant" || r.access.kind === "record");
    expect(tenantRoutes.length).toBeGreaterThanOrEqual(25);
    let calls = 0;
    for (const route of tenantRoutes) {
      for (const token of [ownerB.token, staffB.token]) {
        const idsToTry = route.access.kind === "record" ? idsOfA : [ownerB.businessId];
        for (const id of idsToTry) {
          const url = fill(route.url, id);
          const body = { businessId: ownerA.businessId, toBusinessId: ownerB.businessId, name: "Hijack", sellingprice: 1, quantity: 1, delta: 1, note: "x", reason: "x", products: [{ productId: idsOfA[1], quantity: 1 }], active: true };
          const query = route.access.kind === "tenant" && route.access.from === "query" ? `?businessId=${ownerA.businessId}&startDate=2020-01-01T00:00:00Z&endDate=2030-01-01T00:00:00Z` : "";
          const res = await t.app.inject({
            method: route.method as "GET",
            url: `${url}${query}`,
            headers: { authorization: `Bearer ${token}` },
            ...(route.method === "GET" || route.method === "DELETE" ? {} : { payload: body }),
          });
          calls++;
          const where = `${route.method} ${route.url} with ${id}`;
          expect(res.statusCode, where).toBeGreaterThanOrEqual(400);
          expect(res.statusCode, where).toBeLessThan(500);
          for (const secret of secretsOfA) expect(res.body.includes(secret), `${where} leaked ${secret}`).toBe(false);
        }
      }
    }
    expect(calls).toBeGreaterThan(100);
    // A's data is untouched.
    const mine = await client(t.app, ownerA.token).get(`/api/products?businessId=${ownerA.businessId}&search=secret`);
    expect(mine.json().items).toEqual([expect.objectContaining({ name: "Secret Soda", quantity: 7 })]);
  });

  it("every route that is not public refuses a caller without a token", async () => {
    const guarded = t.app.routeTable.filter((r) => r.access.kind !== "public");
    expect(guarded.length).toBeGreaterThan(20);
    for (const route of guarded) {
      const res = await t.app.inject({ method: route.method as "GET", url: fill(route.url, ownerA.businessId), ...(route.method === "GET" || route.method === "DELETE" ? {} : { payload: {} }) });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });
});
