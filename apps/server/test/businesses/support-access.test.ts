import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ALL_FLAGS,
  client,
  countRows,
  createTestApp,
  databaseFingerprint,
  registerBusiness,
  registerEmployee,
  signInSupport,
  type Owner,
  type TestApp,
} from "../factories/app.ts";
import { createPlan, subscribeBusiness } from "../factories/subscriptions.ts";

/**
 * Issue 18, item 4: provider support acting inside a customer's business. Support reads what it
 * needs to help and manages accounts, plans and requests; any other write inside a business
 * needs the owner's consent: a time-limited support access the owner grants in Settings, during
 * which every support change is logged for the owner to read. Without it: 403 SUPPORT_ACCESS_REQUIRED.
 */
let t: TestApp;
let support: { token: string; username: string };
let owner: Owner;
let productId: string;

beforeAll(async () => {
  t = await createTestApp();
  support = await signInSupport(t.app, t.database);
});
afterAll(() => t.close());

async function newShop() {
  owner = await registerBusiness(t.app);
  const res = await client(t.app, owner.token).post("/api/products", {
    businessId: owner.businessId,
    name: "Soda",
    sellingprice: 5000,
    quantity: 10,
  });
  productId = res.json()._id;
}
const asSupport = () => client(t.app, support.token);
const accessUrl = () => `/api/businesses/${owner.businessId}/supportAccess`;
const grant = (hours: number, token = owner.token) => client(t.app, token).post(accessUrl(), { hours });
const sell = () =>
  asSupport().post("/api/sales", {
    businessId: owner.businessId,
    products: [{ productId, quantity: 1 }],
    payments: [{ method: "Cash", amount: 5000 }],
  });
const reprice = () => asSupport().put(`/api/products/${productId}`, { name: "Soda", sellingprice: 1 });
const expectNeedsAccess = (res: { statusCode: number; json: () => { error: { code: string; message: string } } }) => {
  expect(res.statusCode).toBe(403);
  expect(res.json().error.code).toBe("SUPPORT_ACCESS_REQUIRED");
  expect(res.json().error.message).toMatch(/owner/);
};

describe("without the owner's support access", () => {
  it("support cannot ring up a sale, change a price, void a sale or add staff; nothing is saved", async () => {
    await newShop();
    const sale = await client(t.app, owner.token).post("/api/sales", {
      businessId: owner.businessId,
      products: [{ productId, quantity: 1 }],
      payments: [{ method: "Cash", amount: 5000 }],
    });
    expectNeedsAccess(await sell());
    expectNeedsAccess(await reprice());
    expectNeedsAccess(await asSupport().del(`/api/sales/${sale.json()._id}`));
    // A new account's password is a staff secret: the owner's alone, even with support access (staff-secrets.test).
    const plant = await asSupport().post("/api/employeesAuth/register", {
      businessId: owner.businessId,
      username: "support_plant",
      password: "secret123",
      occupation: "Manager",
      ...ALL_FLAGS,
    });
    expect(plant.statusCode).toBe(403);
    expect(await countRows(t.database, `sales WHERE business_id = '${owner.businessId}'`)).toBe(1);
    expect(
      await countRows(t.database, `sales WHERE business_id = '${owner.businessId}' AND voided_at IS NOT NULL`),
    ).toBe(0);
    expect(await countRows(t.database, `employees WHERE business_id = '${owner.businessId}'`)).toBe(0);
    const product = (await client(t.app, owner.token).get(`/api/products/${productId}`)).json();
    expect(product.sellingprice).toBe(5000);
  });

  it("support still reads what it needs to help", async () => {
    await newShop();
    expect((await asSupport().get(`/api/products?businessId=${owner.businessId}`)).statusCode).toBe(200);
    expect((await asSupport().get(`/api/sales?businessId=${owner.businessId}&limit=10`)).statusCode).toBe(200);
    expect((await asSupport().get(`/api/businesses/${owner.businessId}`)).statusCode).toBe(200);
  });

  it("support manages accounts, subscriptions and requests without it", async () => {
    await newShop();
    const plan = await createPlan(t.app, support.token, { name: "Managed" });
    const sub = await subscribeBusiness(t.app, support.token, owner.businessId, plan);
    const request = await client(t.app, owner.token).post("/api/requests", {
      businessId: owner.businessId,
      subject: "Help",
      message: "Please help",
    });
    expect((await asSupport().patch(`/api/requests/${request.json()._id}/answer`, { answer: "Done" })).statusCode).toBe(
      200,
    );
    expect((await asSupport().del(`/api/subscriptions/${sub._id}`)).statusCode).toBe(200);
    expect((await asSupport().patch(`/api/businesses/${owner.businessId}`, { accountActive: false })).statusCode).toBe(
      200,
    );
    expect((await asSupport().patch(`/api/businesses/${owner.businessId}`, { accountActive: true })).statusCode).toBe(
      200,
    );
    // Renaming the business is the owner's business, not an account's switch.
    expectNeedsAccess(await asSupport().patch(`/api/businesses/${owner.businessId}`, { name: "Support was here" }));
    expectNeedsAccess(
      await asSupport().patch(`/api/businesses/${owner.businessId}`, { accountActive: true, name: "Support was here" }),
    );
  });
});

describe("the owner grants support access", () => {
  it("for 1, 4 or 24 hours; support's writes then work and each is logged for the owner", async () => {
    await newShop();
    const res = await grant(4);
    expect(res.statusCode).toBe(201);
    const granted = res.json();
    expect(granted).toMatchObject({ grantedBy: owner.username, revokedAt: null });
    const hours = (new Date(granted.expiresAt).getTime() - new Date(granted.grantedAt).getTime()) / 3_600_000;
    expect(hours).toBe(4);
    expect((await client(t.app, owner.token).get(accessUrl())).json()).toMatchObject({ grant: { _id: granted._id } });
    // Support sees it too (so it knows it may help).
    expect((await asSupport().get(accessUrl())).json().grant._id).toBe(granted._id);

    const sale = await sell();
    expect(sale.statusCode).toBe(201);
    expect(sale.json().servedBy).toBe(support.username);
    expect((await reprice()).statusCode).toBe(200);
    await asSupport().get(`/api/products?businessId=${owner.businessId}`); // reads are not actions

    const log = (await client(t.app, owner.token).get(`${accessUrl()}/actions`)).json();
    expect(log.total).toBe(2);
    expect(log.items[0]).toMatchObject({
      username: support.username,
      method: "PUT",
      path: `/api/products/${productId}`,
      statusCode: 200,
      grantId: granted._id,
      summary: expect.any(String),
    });
    expect(log.items[1]).toMatchObject({ method: "POST", path: "/api/sales", statusCode: 201 });
  });

  it("support access ends when it expires or when the owner revokes it", async () => {
    await newShop();
    const granted = (await grant(1)).json();
    expect((await reprice()).statusCode).toBe(200);
    await t.database.pool.query(
      "UPDATE support_access_grants SET expires_at = $2 WHERE id = $1",
      [granted._id, new Date(Date.now() - 1000)], // a second ago by the server's clock (the database's may differ)
    );
    expectNeedsAccess(await reprice());
    expect((await client(t.app, owner.token).get(accessUrl())).json().grant).toBeNull();

    await grant(24);
    expect((await reprice()).statusCode).toBe(200);
    expect((await client(t.app, owner.token).del(accessUrl())).statusCode).toBe(204);
    expectNeedsAccess(await reprice());
    // A new grant replaces the one before: only one is ever active.
    await grant(1);
    await grant(4);
    const { rows } = await t.database.pool.query(
      "SELECT count(*)::int AS n FROM support_access_grants WHERE business_id = $1 AND revoked_at IS NULL AND expires_at > $2",
      [owner.businessId, new Date()],
    );
    expect(rows[0].n).toBe(1);
  });

  it("support's managing actions are in the owner's log too; a refused attempt writes nothing, not even a log row", async () => {
    await newShop();
    const before = await databaseFingerprint(t.database);
    expectNeedsAccess(await reprice());
    expect(await databaseFingerprint(t.database)).toEqual(before);
    await asSupport().patch(`/api/businesses/${owner.businessId}`, { accountActive: false });
    await asSupport().patch(`/api/businesses/${owner.businessId}`, { accountActive: true });
    const log = (await client(t.app, owner.token).get(`${accessUrl()}/actions`)).json();
    expect(
      log.items.map((a: { method: string; statusCode: number; grantId: string | null }) => [
        a.method,
        a.statusCode,
        a.grantId,
      ]),
    ).toEqual([
      ["PATCH", 200, null],
      ["PATCH", 200, null],
    ]);
  });

  it("only the owner grants and revokes: support cannot grant itself, staff cannot, hours are 1, 4 or 24", async () => {
    await newShop();
    const staff = await registerEmployee(t.app, owner, owner.businessId, { occupation: "Manager", ...ALL_FLAGS });
    expect((await grant(24, support.token)).statusCode).toBe(403);
    expect((await grant(24, staff.token)).statusCode).toBe(403);
    expect((await client(t.app, staff.token).get(accessUrl())).statusCode).toBe(403);
    expect((await grant(2)).statusCode).toBe(400);
    expect((await grant(48)).statusCode).toBe(400);
    const stranger = await registerBusiness(t.app);
    expect((await grant(1, stranger.token)).statusCode).toBe(404);
    expect((await client(t.app, stranger.token).get(`${accessUrl()}/actions`)).statusCode).toBe(404);
    expect(await countRows(t.database, `support_access_grants WHERE business_id = '${owner.businessId}'`)).toBe(0);
    expectNeedsAccess(await reprice());
  });
});
