import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eraseDueBusinesses } from "../../src/db/business-data/erase.ts";
import { LocalFileStorage } from "../../src/platform/files.ts";
import {
  addBusiness,
  client,
  createTestApp,
  employeeLogin,
  registerEmployee,
  signInSupport,
  tenantTables,
  type Staff,
  type TestApp,
} from "../factories/app.ts";
import { othersFingerprint, seedBusiness, type SeededBusiness } from "../factories/business-data.ts";

/**
 * Deleting a business (spec: DELETE /api/businesses/{id}, the owner, with its name typed out):
 * hidden at once, restorable by support for 30 days, then erased for good by
 * eraseDueBusinesses(now), with `now` passed in (no waiting); other businesses are untouched.
 */
let t: TestApp;
let shop: SeededBusiness;
let neighbour: SeededBusiness;
let staff: Staff;
let support: { token: string };
const DAY = 86_400_000;
beforeAll(async () => {
  t = await createTestApp();
  [shop, neighbour] = [await seedBusiness(t, { businessName: "Duka la Kufuta" }), await seedBusiness(t)];
  staff = await registerEmployee(t.app, shop, shop.businessId, { occupation: "Manager" });
  support = await signInSupport(t.app, t.database);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const del = (token: string, confirmName: string, id = shop.businessId) =>
  t.app.inject({
    method: "DELETE",
    url: `/api/businesses/${id}`,
    headers: { authorization: `Bearer ${token}` },
    payload: { confirmName },
  });
const listed = async (token: string) =>
  ((await client(t.app, token).get("/api/businesses")).json() as { _id: string }[]).map((b) => b._id);
const rowsOf = async (businessId: string) => {
  let n = 0;
  for (const table of await tenantTables(t.database)) {
    const { rows } = await t.database.pool.query(`SELECT count(*)::int AS n FROM "${table}" WHERE business_id = $1`, [
      businessId,
    ]);
    n += rows[0].n;
  }
  return n;
};

describe("deleting a business", () => {
  it("needs its owner and its name typed out: staff 403, support 403, another owner 404, a wrong name 400", async () => {
    expect((await del(staff.token, "Duka la Kufuta")).statusCode).toBe(403);
    expect((await del(support.token, "Duka la Kufuta")).statusCode).toBe(403);
    expect((await del(neighbour.token, "Duka la Kufuta")).statusCode).toBe(404);
    const wrong = await del(shop.token, "Duka la");
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields.confirmName).toBeTruthy();
    expect(await listed(shop.token)).toContain(shop.businessId);
  });

  it("hides it at once: not listed, not usable, its staff signed out and unable to sign in", async () => {
    const res = await del(shop.token, "  duka la kufuta ");
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(new Date(body.erasesAt).getTime() - new Date(body.deletedAt).getTime()).toBe(30 * DAY);
    expect(await listed(shop.token)).not.toContain(shop.businessId);
    expect(await listed(support.token)).not.toContain(shop.businessId);
    expect((await client(t.app, shop.token).get(`/api/businesses/${shop.businessId}`)).statusCode).toBe(404);
    expect((await client(t.app, shop.token).get(`/api/products?businessId=${shop.businessId}`)).statusCode).toBe(403);
    expect((await client(t.app, shop.token).get(`/api/products/${shop.productId}`)).statusCode).toBe(404);
    expect((await client(t.app, staff.token).get(`/api/auth/me`)).statusCode).toBe(401);
    expect((await employeeLogin(t.app, shop.businessId, staff.username, staff.password)).statusCode).toBe(401);
    expect((await del(shop.token, "Duka la Kufuta")).statusCode).toBe(404); // already gone
    // The neighbour goes on as before.
    expect((await client(t.app, neighbour.token).get(`/api/products/${neighbour.productId}`)).statusCode).toBe(200);
    const deleted = (await client(t.app, support.token).get("/api/platform/businesses/deleted")).json();
    expect(deleted.map((b: { _id: string }) => b._id)).toContain(shop.businessId);
  });

  it("support restores it within the 30 days: listed and usable again, staff sign in again", async () => {
    expect(
      (await client(t.app, shop.token).post(`/api/platform/businesses/${shop.businessId}/restore`)).statusCode,
    ).toBe(403);
    const res = await client(t.app, support.token).post(`/api/platform/businesses/${shop.businessId}/restore`);
    expect(res.statusCode).toBe(204);
    expect(await listed(shop.token)).toContain(shop.businessId);
    expect((await employeeLogin(t.app, shop.businessId, staff.username, staff.password)).statusCode).toBe(200);
    expect(
      (await client(t.app, support.token).post(`/api/platform/businesses/${shop.businessId}/restore`)).statusCode,
    ).toBe(404);
  });

  it("is erased for good 30 days after deletion, not a moment before; the others stay as they were", async () => {
    const files = new LocalFileStorage(t.uploads);
    const res = await del(shop.token, "Duka la Kufuta");
    const deletedAt = new Date(res.json().deletedAt);
    const before = await othersFingerprint(t.database, shop.businessId, shop.userId);
    const rows = await rowsOf(shop.businessId);
    expect(rows).toBeGreaterThan(5);

    expect(await eraseDueBusinesses(t.database.pool, files, new Date(deletedAt.getTime() + 30 * DAY - 1000))).toEqual(
      [],
    );
    expect(await rowsOf(shop.businessId)).toBe(rows);
    const failures: unknown[] = [];
    const due = new Date(deletedAt.getTime() + 30 * DAY);
    const erased = await eraseDueBusinesses(t.database.pool, files, due, (_id, err) => failures.push(err));
    expect(failures).toEqual([]);
    expect(erased).toEqual([shop.businessId]);
    expect(await rowsOf(shop.businessId)).toBe(0);
    const { rows: gone } = await t.database.pool.query(
      "SELECT (SELECT count(*)::int FROM businesses WHERE id = $1) AS b, (SELECT count(*)::int FROM users WHERE id = $2) AS u",
      [shop.businessId, shop.userId],
    );
    expect(gone[0]).toEqual({ b: 0, u: 0 }); // the owner had no other business
    expect(await files.get(shop.image.slice("/api/files/".length))).toBeNull();
    expect(await othersFingerprint(t.database, shop.businessId, shop.userId)).toEqual(before);
    expect(
      (await client(t.app, support.token).post(`/api/platform/businesses/${shop.businessId}/restore`)).statusCode,
    ).toBe(404);
    expect(await eraseDueBusinesses(t.database.pool, files, new Date(deletedAt.getTime() + 60 * DAY))).toEqual([]);
  });

  it("an owner with another business keeps their account when one is erased", async () => {
    const branch = await addBusiness(t.app, neighbour);
    const res = await del(neighbour.token, branch.businessName, branch.businessId);
    expect(res.statusCode).toBe(200);
    const at = new Date(new Date(res.json().deletedAt).getTime() + 31 * DAY);
    expect(await eraseDueBusinesses(t.database.pool, new LocalFileStorage(t.uploads), at)).toEqual([branch.businessId]);
    expect(await listed(neighbour.token)).toEqual([neighbour.businessId]);
  });

  it("the audit rows' guard lets only the business being erased lose its rows", async () => {
    const c = await t.database.pool.connect();
    try {
      await c.query("BEGIN");
      await c.query("SELECT set_config('app.erasing_business', $1, true)", [shop.businessId]);
      await expect(
        c.query("DELETE FROM money_movements WHERE business_id = $1", [neighbour.businessId]),
      ).rejects.toThrow(/append-only/);
    } finally {
      await c.query("ROLLBACK");
      c.release();
    }
  });
});
