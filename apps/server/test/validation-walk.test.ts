import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, countRows, createTestApp, registerBusiness, type Owner, type TestApp } from "./helpers.ts";

/** Every route with a body or query answers malformed input with a uniform 400, never a 500. */
let t: TestApp;
let owner: Owner;
beforeAll(async () => {
  t = await createTestApp({ loginRateLimitPerMinute: 10_000 });
  owner = await registerBusiness(t.app);
});
afterAll(() => t.close());

const expectUniform400 = (res: { statusCode: number; json: () => { error: { code: string; message: string } } }, where: string) => {
  expect(res.statusCode, where).toBe(400);
  const { error } = res.json();
  expect(typeof error.code, where).toBe("string");
  expect(typeof error.message, where).toBe("string");
};

describe("malformed input on every route", () => {
  it("bodies: broken JSON, an empty object, and wrong types are 400 with the fields named", async () => {
    const routes = t.app.routeTable.filter((r) => r.hasBody);
    expect(routes.length).toBeGreaterThanOrEqual(15);
    const tables = ["users", "businesses", "employees", "products", "categories", "stock_movements", "stock_transfers"];
    const before = await Promise.all(tables.map((n) => countRows(t.database, n)));
    for (const route of routes) {
      const url = route.url.replace(/:[A-Za-z]+/g, owner.businessId);
      const base = { method: route.method as "POST", url, remoteAddress: "198.51.100.9", headers: { authorization: `Bearer ${owner.token}`, "content-type": "application/json" } };
      const broken = await t.app.inject({ ...base, payload: '{"businessId": ' });
      expectUniform400(broken, `${route.method} ${route.url} broken JSON`);
      const wrongTypes = await t.app.inject({ ...base, payload: JSON.stringify({ businessId: 123, name: 42, username: false, products: "x", type: 7, quantity: "many", accountActive: "yes" }) });
      expectUniform400(wrongTypes, `${route.method} ${route.url} wrong types`);
      expect(wrongTypes.json().error.fields, `${route.method} ${route.url} names fields`).toBeTypeOf("object");
      const empty = await t.app.inject({ ...base, payload: "{}" });
      expect(empty.statusCode, `${route.method} ${route.url} {}`).toBeLessThan(500);
      if (route.url !== "/api/employeesAuth/logout") expect([400, 401, 403, 404, 409], `${route.method} ${route.url} {}`).toContain(empty.statusCode);
    }
    expect(await Promise.all(tables.map((n) => countRows(t.database, n)))).toEqual(before);
  });

  it("queries: a missing or malformed businessId is 400", async () => {
    const routes = t.app.routeTable.filter((r) => r.access.kind === "tenant" && r.access.from === "query");
    expect(routes.length).toBeGreaterThanOrEqual(6);
    for (const route of routes) {
      for (const query of ["", "?businessId=not-a-uuid"]) {
        const res = await client(t.app, owner.token).get(`${route.url}${query}`);
        expectUniform400(res, `${route.method} ${route.url}${query}`);
        expect(res.json().error.fields, route.url).toHaveProperty("businessId");
      }
    }
  });

  it("path ids that are not UUIDs are 400 or 404, never 500", async () => {
    const routes = t.app.routeTable.filter((r) => r.url.includes(":"));
    for (const route of routes) {
      const res = await t.app.inject({
        method: route.method as "GET",
        url: route.url.replace(/:[A-Za-z]+/g, "not-a-uuid"),
        headers: { authorization: `Bearer ${owner.token}` },
        ...(route.method === "GET" || route.method === "DELETE" ? {} : { payload: {} }),
      });
      expect([400, 404], `${route.method} ${route.url}`).toContain(res.statusCode);
    }
  });
});
