import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ALL_FLAGS,
  addBusiness,
  client,
  createTestApp,
  registerBusiness,
  registerEmployee,
  signInSupport,
  type TestApp,
} from "../factories/app.ts";
import { expectRefused } from "../factories/inventory.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("businesses the caller may act for", () => {
  it("owner: their own; employee: theirs; support: every one", async () => {
    const owner = await registerBusiness(t.app);
    const second = await addBusiness(t.app, owner);
    const other = await registerBusiness(t.app);
    const staff = await registerEmployee(t.app, owner, second.businessId);
    const support = await signInSupport(t.app, t.database);
    const ids = async (token: string) =>
      (await client(t.app, token).get("/api/businesses")).json().map((b: { _id: string }) => b._id);
    expect(await ids(owner.token)).toEqual([owner.businessId, second.businessId]);
    expect(await ids(staff.token)).toEqual([second.businessId]);
    expect(await ids(support.token)).toEqual(
      expect.arrayContaining([owner.businessId, second.businessId, other.businessId]),
    );
  });
});

describe("support's businesses list: searched and paged (issue 20)", () => {
  it("a page of the businesses whose name contains q, newest first, with the total; without paging the spec's plain list", async () => {
    const tag = `Pg${Math.random().toString(36).slice(2, 8)}`;
    const made = [];
    for (const n of [1, 2, 3]) made.push(await registerBusiness(t.app, { businessName: `Duka ${tag} ${n}` }));
    const other = await registerBusiness(t.app, { businessName: `Elsewhere ${tag.toLowerCase()}_x` });
    const support = await signInSupport(t.app, t.database);
    const api = client(t.app, support.token);
    const page = async (query: string) => {
      const res = await api.get(`/api/businesses?${query}`);
      expect(res.statusCode).toBe(200);
      return res.json() as { items: { _id: string; name: string }[]; total: number };
    };

    // Case-insensitive, newest first, two a page.
    const first = await page(`q=${encodeURIComponent(`duka ${tag.toLowerCase()}`)}&pageSize=2`);
    expect(first.total).toBe(3);
    expect(first.items.map((b) => b._id)).toEqual([made[2]!.businessId, made[1]!.businessId]);
    const second = await page(`q=${encodeURIComponent(`Duka ${tag}`)}&pageSize=2&page=1`);
    expect(second).toEqual({ total: 3, items: [expect.objectContaining({ _id: made[0]!.businessId })] });
    // The whole tag finds all four; LIKE's wildcards are plain text.
    expect((await page(`q=${tag}`)).total).toBe(4);
    expect((await page(`q=${encodeURIComponent(`${tag}%`)}`)).total).toBe(0);
    expect((await page(`q=${encodeURIComponent(`${tag.toLowerCase()}_x`)}`)).items.map((b) => b._id)).toEqual([
      other.businessId,
    ]);
    // Paging alone: the newest business first; the total counts every business.
    const newest = await page("page=0&pageSize=1");
    expect(newest.items.map((b) => b._id)).toEqual([other.businessId]);
    expect(newest.total).toBeGreaterThanOrEqual(4);

    // Without q, page or pageSize: the plain array (the business switcher's), as before.
    const plain = (await api.get("/api/businesses")).json();
    expect(Array.isArray(plain)).toBe(true);
    expect(plain.length).toBe(newest.total);

    // An owner's paged list holds only their own businesses.
    const mine = await client(t.app, made[0]!.token).get(`/api/businesses?q=${tag}`);
    expect(mine.json()).toEqual({ total: 1, items: [expect.objectContaining({ _id: made[0]!.businessId })] });
  });

  it("400 for a bad page or page size, a search too long", async () => {
    const support = await signInSupport(t.app, t.database);
    const api = client(t.app, support.token);
    for (const query of ["page=-1", "pageSize=0", "pageSize=101", "page=abc", `q=${"x".repeat(101)}`]) {
      const res = await api.get(`/api/businesses?${query}`);
      expect(res.statusCode, query).toBe(400);
    }
  });
});

describe("access keys", () => {
  it("an admin key needs nothing", async () => {
    const res = await client(t.app).post("/api/accessKeys", { type: "adminKey" });
    expect(res.json()).toEqual({ type: "adminKey" });
  });

  it("a staff key needs the business's access code, which the owner can rotate", async () => {
    const owner = await registerBusiness(t.app);
    const settings = await client(t.app, owner.token).get(`/api/businesses/${owner.businessId}`);
    const code: string = settings.json().staffAccessCode;
    expect(code).toMatch(/^[A-Z0-9]{8}$/);
    const paired = await client(t.app).post("/api/accessKeys", { type: "normalKey", code: code.toLowerCase() });
    expect(paired.json()).toEqual({
      type: "normalKey",
      businessId: owner.businessId,
      businessName: owner.businessName,
    });
    expect((await client(t.app).post("/api/accessKeys", { type: "normalKey", code: "ZZZZZZZZ" })).statusCode).toBe(404);

    const rotated = await client(t.app, owner.token).post(`/api/businesses/${owner.businessId}/staffAccessCode`);
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json().staffAccessCode).not.toBe(code);
    expect((await client(t.app).post("/api/accessKeys", { type: "normalKey", code })).statusCode).toBe(404);
    expect(
      (await client(t.app).post("/api/accessKeys", { type: "normalKey", code: rotated.json().staffAccessCode }))
        .statusCode,
    ).toBe(200);
  });

  it("staff never see or rotate the code", async () => {
    const owner = await registerBusiness(t.app);
    const staff = await registerEmployee(t.app, owner, owner.businessId, ALL_FLAGS);
    const seen = await client(t.app, staff.token).get(`/api/businesses/${owner.businessId}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).not.toHaveProperty("staffAccessCode");
    expect(
      (await client(t.app, staff.token).post(`/api/businesses/${owner.businessId}/staffAccessCode`)).statusCode,
    ).toBe(403);
  });
});

describe("settings and account state", () => {
  it("the owner renames and retypes a business but cannot change accountActive", async () => {
    const owner = await registerBusiness(t.app);
    const api = client(t.app, owner.token);
    const res = await api.patch(`/api/businesses/${owner.businessId}`, { name: "Renamed", businessType: "hotel" });
    expect(res.json()).toMatchObject({ name: "Renamed", businessType: "hotel", accountActive: true });
    expect((await api.patch(`/api/businesses/${owner.businessId}`, { accountActive: false })).statusCode).toBe(403);
  });

  it("a new business keeps Nairobi time; the owner sets another IANA zone, which every read returns", async () => {
    const owner = await registerBusiness(t.app);
    const api = client(t.app, owner.token);
    expect((await api.get(`/api/businesses/${owner.businessId}`)).json().timeZone).toBe("Africa/Nairobi");
    const res = await api.patch(`/api/businesses/${owner.businessId}`, { timeZone: "america/new_york" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      timeZone: "America/New_York",
      name: owner.businessName,
      businessType: "general",
    });
    expect((await api.get(`/api/businesses/${owner.businessId}`)).json().timeZone).toBe("America/New_York");
    expect((await api.get("/api/businesses")).json()).toEqual([
      expect.objectContaining({ _id: owner.businessId, timeZone: "America/New_York" }),
    ]);
  });

  it.each([
    ["an unknown zone", "Mars/Olympus"],
    ["an offset", "+03:00"],
    ["an empty name", ""],
    ["a number", 3],
  ])("400 for %s, and nothing saved", async (_label, timeZone) => {
    const owner = await registerBusiness(t.app);
    const api = client(t.app, owner.token);
    const res = await expectRefused(t, 400, () =>
      api.patch(`/api/businesses/${owner.businessId}`, { name: "Renamed", timeZone }),
    );
    expect(res.json().error).toMatchObject({ code: "VALIDATION_ERROR", fields: { timeZone: expect.any(String) } });
    expect((await api.get(`/api/businesses/${owner.businessId}`)).json()).toMatchObject({
      name: owner.businessName,
      timeZone: "Africa/Nairobi",
    });
  });

  it("an unknown zone is refused with a message that says so", async () => {
    const owner = await registerBusiness(t.app);
    const res = await client(t.app, owner.token).patch(`/api/businesses/${owner.businessId}`, {
      timeZone: "Mars/Olympus",
    });
    expect(res.json().error.fields).toEqual({ timeZone: "Not a known time zone; choose one such as Africa/Nairobi" });
  });

  it("staff cannot change the time zone", async () => {
    const owner = await registerBusiness(t.app);
    const staff = await registerEmployee(t.app, owner, owner.businessId, ALL_FLAGS);
    await expectRefused(t, 403, () =>
      client(t.app, staff.token).patch(`/api/businesses/${owner.businessId}`, { timeZone: "Asia/Tokyo" }),
    );
  });

  it("support deactivates a business: its owner and staff are refused, the list still shows it inactive", async () => {
    const owner = await registerBusiness(t.app);
    const staff = await registerEmployee(t.app, owner, owner.businessId, ALL_FLAGS);
    const support = await signInSupport(t.app, t.database);
    const off = await client(t.app, support.token).patch(`/api/businesses/${owner.businessId}`, {
      accountActive: false,
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().accountActive).toBe(false);
    for (const token of [owner.token, staff.token]) {
      const res = await client(t.app, token).get(`/api/employees?businessId=${owner.businessId}`);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe("ACCOUNT_INACTIVE");
    }
    const list = await client(t.app, owner.token).get("/api/businesses");
    expect(list.json()).toEqual([expect.objectContaining({ _id: owner.businessId, accountActive: false })]);
    const on = await client(t.app, support.token).patch(`/api/businesses/${owner.businessId}`, { accountActive: true });
    expect(on.json().accountActive).toBe(true);
    expect((await client(t.app, owner.token).get(`/api/employees?businessId=${owner.businessId}`)).statusCode).toBe(
      200,
    );
  });
});

describe("permissions mirror the menu (spec section 6)", () => {
  it("an employee without viewEmployee cannot list employees; with it they can", async () => {
    const owner = await registerBusiness(t.app);
    const cashier = await registerEmployee(t.app, owner, owner.businessId, { occupation: "Cashier" });
    const hr = await registerEmployee(t.app, owner, owner.businessId, { occupation: "Manager", viewEmployee: true });
    expect((await client(t.app, cashier.token).get(`/api/employees?businessId=${owner.businessId}`)).statusCode).toBe(
      403,
    );
    const list = await client(t.app, hr.token).get(`/api/employees?businessId=${owner.businessId}`);
    expect(list.statusCode).toBe(200);
    expect(list.json().map((e: { username: string }) => e.username)).toEqual(
      expect.arrayContaining([cashier.username, hr.username]),
    );
  });

  it("only the owner registers employees or changes them", async () => {
    const owner = await registerBusiness(t.app);
    const hr = await registerEmployee(t.app, owner, owner.businessId, ALL_FLAGS);
    const res = await client(t.app, hr.token).post("/api/employeesAuth/register", {
      businessId: owner.businessId,
      username: "newbie",
      password: "newbie1234",
      occupation: "Cashier",
    });
    expect(res.statusCode).toBe(403);
    expect(
      (await client(t.app, hr.token).put(`/api/employees/${hr.employeeId}`, { viewPayroll: true })).statusCode,
    ).toBe(403);
  });

  it("a payroll-type business has no inventory, even for its owner", async () => {
    const owner = await registerBusiness(t.app, { businessType: "payroll" });
    const res = await client(t.app, owner.token).get(`/api/products?businessId=${owner.businessId}`);
    expect(res.statusCode).toBe(403);
  });
});
