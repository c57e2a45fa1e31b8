import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  client,
  countRows,
  createTestApp,
  employeeLogin,
  registerBusiness,
  registerEmployee,
  type TestApp,
} from "../factories/app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const SESSION_FIELDS = [
  "_id",
  "username",
  "image",
  "occupation",
  "handleStock",
  "handleTransfer",
  "reviewStock",
  "viewPayroll",
  "viewBooking",
  "viewEmployee",
  "viewSupplies",
  "viewExpenses",
  "isSupportUser",
];
const valid = (over: Record<string, unknown> = {}) => ({
  businessName: "Mama Mboga",
  businessType: "general",
  username: `mama${Math.random().toString(36).slice(2, 8)}`,
  email: `m${Math.random().toString(36).slice(2, 8)}@example.com`,
  phone: "0712345678",
  password: "secret123",
  ...over,
});

describe("POST /api/businesses/register", () => {
  it("creates the business and its owner and signs the owner in", async () => {
    const res = await client(t.app).post("/api/businesses/register", valid({ businessType: "hotel" }));
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.isAdmin).toBe(true);
    expect(typeof body.token).toBe("string");
    expect(Object.keys(body.details).sort()).toEqual([...SESSION_FIELDS].sort());
    expect(body.business).toMatchObject({ name: "Mama Mboga", businessType: "hotel", accountActive: true });
    const me = await client(t.app, body.token).get("/api/auth/me");
    expect(me.json()).toMatchObject({ isAdmin: true, details: { username: body.details.username } });
  });

  it("refuses a taken username or email (any case) with 409, and writes nothing", async () => {
    const first = valid();
    await client(t.app).post("/api/businesses/register", first);
    const [users, businesses] = [await countRows(t.database, "users"), await countRows(t.database, "businesses")];
    const sameName = await client(t.app).post(
      "/api/businesses/register",
      valid({ username: first.username.toUpperCase() }),
    );
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().error.fields).toHaveProperty("username");
    const sameEmail = await client(t.app).post("/api/businesses/register", valid({ email: first.email.toUpperCase() }));
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json().error.fields).toHaveProperty("email");
    expect([await countRows(t.database, "users"), await countRows(t.database, "businesses")]).toEqual([
      users,
      businesses,
    ]);
  });

  it.each([
    ["password", { password: "short7!" }],
    ["phone", { phone: "0812345678" }],
    ["phone", { phone: "071234567" }],
    ["businessType", { businessType: "bakery" }],
    ["email", { email: "not-an-email" }],
  ])("refuses a bad %s with 400 naming it, and writes nothing", async (field, over) => {
    const before = await countRows(t.database, "users");
    const res = await client(t.app).post("/api/businesses/register", valid(over));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe("VALIDATION_ERROR");
    expect(res.json().error.fields).toHaveProperty(field);
    expect(await countRows(t.database, "users")).toBe(before);
  });

  it("with an owner's token adds a business to the same owner", async () => {
    const owner = await registerBusiness(t.app);
    const res = await client(t.app, owner.token).post("/api/businesses/register", {
      businessName: "Branch Two",
      businessType: "clinic",
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().business).toMatchObject({ name: "Branch Two", businessType: "clinic", accountActive: true });
    const list = await client(t.app, owner.token).get("/api/businesses");
    expect(list.json().map((b: { name: string }) => b.name)).toEqual([owner.businessName, "Branch Two"]);
  });

  it("an employee cannot add a business", async () => {
    const owner = await registerBusiness(t.app);
    const staff = await registerEmployee(t.app, owner, owner.businessId);
    const res = await client(t.app, staff.token).post("/api/businesses/register", {
      businessName: "Mine",
      businessType: "general",
    });
    expect(res.statusCode).toBe(403);
  });
});

describe("sign-in", () => {
  it("an owner signs in by username or by email", async () => {
    const owner = await registerBusiness(t.app);
    for (const username of [owner.username, `${owner.username}@example.com`.toUpperCase()]) {
      const res = await client(t.app).post("/api/adminAuth/login", { username, password: owner.password });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        isAdmin: true,
        details: { _id: owner.userId, occupation: "Owner", isSupportUser: false },
      });
    }
  });

  it("wrong password and unknown user get the same 401", async () => {
    const owner = await registerBusiness(t.app);
    const wrong = await client(t.app).post("/api/adminAuth/login", {
      username: owner.username,
      password: "wrongpass1",
    });
    const unknown = await client(t.app).post("/api/adminAuth/login", {
      username: "nobody_here",
      password: "wrongpass1",
    });
    expect([wrong.statusCode, unknown.statusCode]).toEqual([401, 401]);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().error.code).toBe("INVALID_CREDENTIALS");
  });

  it("staff sign in to their business; usernames are unique per business only", async () => {
    const a = await registerBusiness(t.app);
    const b = await registerBusiness(t.app);
    const staff = await registerEmployee(t.app, a, a.businessId, { occupation: "Stock Handler", handleStock: true });
    const twin = await client(t.app, b.token).post("/api/employeesAuth/register", {
      businessId: b.businessId,
      username: staff.username,
      password: "otherpass1",
      occupation: "Cashier",
    });
    expect(twin.statusCode).toBe(201);
    const dup = await client(t.app, a.token).post("/api/employeesAuth/register", {
      businessId: a.businessId,
      username: staff.username.toUpperCase(),
      password: "otherpass1",
      occupation: "Cashier",
    });
    expect(dup.statusCode).toBe(409);
    const login = await employeeLogin(t.app, a.businessId, staff.username, staff.password);
    expect(login.json()).toMatchObject({
      isAdmin: false,
      details: { occupation: "Stock Handler", handleStock: true, viewPayroll: false, isSupportUser: false },
    });
    expect((await employeeLogin(t.app, b.businessId, staff.username, staff.password)).statusCode).toBe(401);
  });

  it("rate limits repeated sign-in attempts from one address for one username", async () => {
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/adminAuth/login",
        remoteAddress: "192.0.2.77",
        payload: { username: "victim", password: `guess${i}xxx` },
      });
      codes.push(res.statusCode);
      if (i === 10)
        expect(res.json()).toEqual({
          error: { code: "RATE_LIMITED", message: "Too many attempts. Please wait a minute and try again." },
        });
    }
    expect(codes.slice(0, 10).every((c) => c === 401)).toBe(true);
    expect(codes[10]).toBe(429);
  });

  it("rate limits one address trying many usernames, over both sign-in routes, with the uniform error body", async () => {
    // The test app allows 10 attempts per address and username; per address, 5 times that.
    const sprayer = "192.0.2.78";
    const attempt = (i: number, remoteAddress = sprayer) =>
      i % 2
        ? t.app.inject({
            method: "POST",
            url: "/api/adminAuth/login",
            remoteAddress,
            payload: { username: `sprayed${i}`, password: "Password1" },
          })
        : t.app.inject({
            method: "POST",
            url: "/api/employeesAuth/login",
            remoteAddress,
            payload: { businessId: crypto.randomUUID(), username: `sprayed${i}`, password: "Password1" },
          });
    const codes: number[] = [];
    for (let i = 0; i < 50; i++) codes.push((await attempt(i)).statusCode);
    expect(new Set(codes)).toEqual(new Set([401]));
    for (const i of [50, 51]) {
      const limited = await attempt(i);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({
        error: { code: "RATE_LIMITED", message: "Too many attempts. Please wait a minute and try again." },
      });
    }
    // The owner of a username the sprayer never tried cannot sign in from there either, but can from elsewhere.
    const owner = await registerBusiness(t.app);
    const fromSprayer = await t.app.inject({
      method: "POST",
      url: "/api/adminAuth/login",
      remoteAddress: sprayer,
      payload: { username: owner.username, password: owner.password },
    });
    expect(fromSprayer.statusCode).toBe(429);
    expect((await attempt(52, "192.0.2.79")).statusCode).toBe(401);
    const elsewhere = await t.app.inject({
      method: "POST",
      url: "/api/adminAuth/login",
      remoteAddress: "192.0.2.79",
      payload: { username: owner.username, password: owner.password },
    });
    expect(elsewhere.statusCode).toBe(200);
  });
});

describe("sessions", () => {
  it("logout revokes the token everywhere", async () => {
    const owner = await registerBusiness(t.app);
    const api = client(t.app, owner.token);
    expect((await api.post("/api/employeesAuth/logout")).statusCode).toBe(204);
    expect((await api.get("/api/auth/me")).statusCode).toBe(401);
    expect((await api.get("/api/businesses")).statusCode).toBe(401);
    expect((await api.get(`/api/employees?businessId=${owner.businessId}`)).statusCode).toBe(401);
  });

  it("a session unused for 12 hours expires", async () => {
    const owner = await registerBusiness(t.app);
    expect((await client(t.app, owner.token).get("/api/auth/me")).statusCode).toBe(200);
    await t.database.pool.query(
      // The server's clock decides (the database's may differ): 12 hours and a minute before it.
      `UPDATE sessions SET last_seen_at = $2 WHERE user_id = $1`,
      [owner.userId, new Date(Date.now() - (12 * 60 + 1) * 60_000)],
    );
    expect((await client(t.app, owner.token).get("/api/auth/me")).statusCode).toBe(401);
  });

  it("deactivating an employee, or changing their password, ends their sessions", async () => {
    const owner = await registerBusiness(t.app);
    const staff = await registerEmployee(t.app, owner, owner.businessId);
    const off = await client(t.app, owner.token).put(`/api/employees/${staff.employeeId}`, { active: false });
    expect(off.statusCode).toBe(200);
    expect((await client(t.app, staff.token).get("/api/auth/me")).statusCode).toBe(401);
    expect((await employeeLogin(t.app, owner.businessId, staff.username, staff.password)).statusCode).toBe(401);

    const other = await registerEmployee(t.app, owner, owner.businessId);
    await client(t.app, owner.token).put(`/api/employees/${other.employeeId}`, { password: "brandnew99" });
    expect((await client(t.app, other.token).get("/api/auth/me")).statusCode).toBe(401);
    expect((await employeeLogin(t.app, owner.businessId, other.username, "brandnew99")).statusCode).toBe(200);
  });

  it("a forged or garbage token is 401", async () => {
    expect((await client(t.app, "not.a.jwt").get("/api/auth/me")).statusCode).toBe(401);
    const res = await t.app.inject({ method: "GET", url: "/api/auth/me" });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe("UNAUTHENTICATED");
  });
});
