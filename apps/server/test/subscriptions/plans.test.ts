import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ALL_FLAGS,
  client,
  countRows,
  createTestApp,
  registerBusiness,
  registerEmployee,
  signInSupport,
  type Owner,
  type Staff,
  type TestApp,
} from "../factories/app.ts";
import { createPlan, planBody, subscribeBusiness } from "../factories/subscriptions.ts";

let t: TestApp;
let support: string;
let owner: Owner;
let staff: Staff;

beforeAll(async () => {
  t = await createTestApp();
  support = (await signInSupport(t.app, t.database)).token;
  owner = await registerBusiness(t.app);
  staff = await registerEmployee(t.app, owner, owner.businessId, { occupation: "Manager", ...ALL_FLAGS });
});
afterAll(() => t.close());

describe("plans: support manages them", () => {
  it("creates a plan with the form's defaults and returns it with _id, in cents", async () => {
    const res = await client(t.app, support).post("/api/subscriptions/plans", planBody({ name: "Starter", price: 0 }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      _id: expect.any(String),
      name: "Starter",
      price: 0,
      currency: "KES",
      billingCycle: "monthly",
      isActive: true,
      subscriptionCount: 0,
      features: {
        maxUsers: 1,
        maxProducts: 100,
        inventoryManagement: true,
        analytics: false,
        multiBranch: false,
        apiAccess: false,
        prioritySupport: false,
        customReports: false,
      },
    });
  });

  it("refuses a missing name, max users below 1 and KES cents, writing nothing", async () => {
    const before = await countRows(t.database, "subscription_plans");
    const api = client(t.app, support);
    const noName = await api.post("/api/subscriptions/plans", planBody({ name: "" }));
    expect(noName.statusCode).toBe(400);
    expect(noName.json().error.fields).toHaveProperty("name");
    const zeroUsers = await api.post("/api/subscriptions/plans", planBody({ features: { maxUsers: 0 } }));
    expect(zeroUsers.json().error.fields).toHaveProperty(["features.maxUsers"]);
    const cents = await api.post("/api/subscriptions/plans", planBody({ price: 99_950 }));
    expect(cents.statusCode).toBe(400);
    expect(cents.json().error.fields.price).toMatch(/whole shillings/);
    const usd = await api.post("/api/subscriptions/plans", planBody({ currency: "EUR" as never }));
    expect(usd.statusCode).toBe(400);
    expect(await countRows(t.database, "subscription_plans")).toBe(before);
  });

  it("edits a plan (PUT), switches it off and on (PATCH status), and deletes an unused one", async () => {
    const plan = await createPlan(t.app, support, { name: "Edit me" });
    const api = client(t.app, support);
    const edited = await api.put(
      `/api/subscriptions/plans/${plan._id}`,
      planBody({ name: "Edited", price: 200_000, billingCycle: "yearly", features: { analytics: true } }),
    );
    expect(edited.json()).toMatchObject({
      name: "Edited",
      price: 200_000,
      billingCycle: "yearly",
      features: { analytics: true },
    });
    const off = await api.patch(`/api/subscriptions/plans/${plan._id}/status`, { isActive: false });
    expect(off.json().isActive).toBe(false);
    const on = await api.patch(`/api/subscriptions/plans/${plan._id}/status`, { isActive: true });
    expect(on.json().isActive).toBe(true);
    expect((await api.del(`/api/subscriptions/plans/${plan._id}`)).statusCode).toBe(204);
    expect((await api.del(`/api/subscriptions/plans/${plan._id}`)).statusCode).toBe(404);
    expect((await api.put(`/api/subscriptions/plans/${plan._id}`, planBody())).statusCode).toBe(404);
    expect((await api.patch(`/api/subscriptions/plans/${plan._id}/status`, { isActive: true })).statusCode).toBe(404);
  });

  it("a plan with subscriptions cannot be deleted, nor change its currency or cycle; it can be switched off", async () => {
    const plan = await createPlan(t.app, support, { name: "In use" });
    await subscribeBusiness(t.app, owner.token, owner.businessId, plan);
    const api = client(t.app, support);
    const del = await api.del(`/api/subscriptions/plans/${plan._id}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().error.message).toMatch(/1 subscription and cannot be deleted/);
    const cycle = await api.put(
      `/api/subscriptions/plans/${plan._id}`,
      planBody({ name: "In use", billingCycle: "quarterly" }),
    );
    expect(cycle.statusCode).toBe(409);
    expect(cycle.json().error.fields).toHaveProperty("billingCycle");
    const price = await api.put(`/api/subscriptions/plans/${plan._id}`, planBody({ name: "In use", price: 175_000 }));
    expect(price.json()).toMatchObject({ price: 175_000, subscriptionCount: 1 });
    expect((await api.patch(`/api/subscriptions/plans/${plan._id}/status`, { isActive: false })).json().isActive).toBe(
      false,
    );
  });
});

describe("plans: who sees what", () => {
  it("owners see only the plans on offer; staff and signed-out callers are refused", async () => {
    const hidden = await createPlan(t.app, support, { name: "Hidden plan" });
    await client(t.app, support).patch(`/api/subscriptions/plans/${hidden._id}/status`, { isActive: false });
    const offered = await createPlan(t.app, support, { name: "Offered plan" });
    const ownerView = (await client(t.app, owner.token).get("/api/subscriptions/plans?pageSize=100")).json();
    const names = ownerView.items.map((p: { name: string }) => p.name);
    expect(names).toContain("Offered plan");
    expect(names).not.toContain("Hidden plan");
    const supportView = (await client(t.app, support).get("/api/subscriptions/plans?pageSize=100")).json();
    expect(supportView.items.map((p: { _id: string }) => p._id)).toEqual(
      expect.arrayContaining([hidden._id, offered._id]),
    );
    // The Subscribe dialog asks for the plans on offer only; an owner asking for switched-off ones still gets none.
    const supportOffered = (
      await client(t.app, support).get("/api/subscriptions/plans?pageSize=100&isActive=true")
    ).json();
    expect(supportOffered.items.map((p: { _id: string }) => p._id)).toContain(offered._id);
    expect(supportOffered.items.every((p: { isActive: boolean }) => p.isActive)).toBe(true);
    const supportOff = (
      await client(t.app, support).get("/api/subscriptions/plans?pageSize=100&isActive=false")
    ).json();
    expect(supportOff.items.map((p: { _id: string }) => p._id)).toContain(hidden._id);
    expect(supportOff.items.every((p: { isActive: boolean }) => !p.isActive)).toBe(true);
    expect(supportOff.total + supportOffered.total).toBe(supportView.total);
    expect(
      (await client(t.app, owner.token).get("/api/subscriptions/plans?pageSize=100&isActive=false")).json(),
    ).toEqual({ items: [], total: 0 });
    expect((await client(t.app, support).get("/api/subscriptions/plans?isActive=yes")).statusCode).toBe(400);
    expect((await client(t.app, staff.token).get("/api/subscriptions/plans")).statusCode).toBe(403);
    expect((await client(t.app).get("/api/subscriptions/plans")).statusCode).toBe(401);
  });

  it("only support creates, edits, switches or deletes plans", async () => {
    const plan = await createPlan(t.app, support, { name: "Guarded" });
    for (const token of [owner.token, staff.token]) {
      const api = client(t.app, token);
      expect((await api.post("/api/subscriptions/plans", planBody())).statusCode).toBe(403);
      expect((await api.put(`/api/subscriptions/plans/${plan._id}`, planBody())).statusCode).toBe(403);
      expect((await api.patch(`/api/subscriptions/plans/${plan._id}/status`, { isActive: false })).statusCode).toBe(
        403,
      );
      expect((await api.del(`/api/subscriptions/plans/${plan._id}`)).statusCode).toBe(403);
    }
    const after = (await client(t.app, support).get("/api/subscriptions/plans?q=Guarded")).json();
    expect(after.items).toEqual([expect.objectContaining({ name: "Guarded", isActive: true })]);
  });

  it("searches by name or description and pages 10 rows at a time", async () => {
    for (let i = 0; i < 12; i++)
      await createPlan(t.app, support, {
        name: `Paged ${String(i).padStart(2, "0")}`,
        description: i === 3 ? "Has the word zebra" : "plain",
      });
    const api = client(t.app, support);
    const first = (await api.get("/api/subscriptions/plans?q=paged")).json();
    expect(first.total).toBe(12);
    expect(first.items).toHaveLength(10);
    expect(first.items[0].name).toBe("Paged 11"); // newest first
    const second = (await api.get("/api/subscriptions/plans?q=paged&page=1")).json();
    expect(second.items.map((p: { name: string }) => p.name)).toEqual(["Paged 01", "Paged 00"]);
    expect(
      (await api.get("/api/subscriptions/plans?q=zebra")).json().items.map((p: { name: string }) => p.name),
    ).toEqual(["Paged 03"]);
    // % and _ are literal characters in a search, not wildcards.
    expect((await api.get("/api/subscriptions/plans?q=%25")).json().total).toBe(0);
  });
});
