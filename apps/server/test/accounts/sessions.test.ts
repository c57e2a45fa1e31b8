import { randomBytes } from "node:crypto";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { apiErrorSchema } from "@app/shared/errors/api-error-schema";
import { createTokenService } from "../../src/platform/tokens.ts";
import {
  client,
  createTestApp,
  databaseFingerprint,
  registerBusiness,
  registerEmployee,
  type Owner,
  type TestApp,
} from "../factories/app.ts";

/**
 * An owner's own password and sessions: change the password (current + new), which ends every
 * other session; end the other sessions on their own. Tokens the server did not issue as it
 * issues them (no expiry, a session id that is not a UUID) are refused with 401.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const signIn = async (username: string, password: string): Promise<string> => {
  const res = await client(t.app).post("/api/adminAuth/login", { username, password });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().token;
};
const me = (token: string) => client(t.app, token).get("/api/auth/me");

describe("POST /api/auth/password", () => {
  it("changes the owner's password with the current one; every other session ends, this one carries on", async () => {
    const owner: Owner = await registerBusiness(t.app);
    const phone = await signIn(owner.username, owner.password);
    const laptop = await signIn(owner.username, owner.password);
    const res = await client(t.app, owner.token).post("/api/auth/password", {
      currentPassword: owner.password,
      newPassword: "a-new-passphrase",
    });
    expect(res.statusCode, res.body).toBe(204);
    expect((await me(owner.token)).statusCode).toBe(200);
    expect((await me(phone)).statusCode).toBe(401);
    expect((await me(laptop)).statusCode).toBe(401);
    expect(
      (await client(t.app).post("/api/adminAuth/login", { username: owner.username, password: owner.password }))
        .statusCode,
    ).toBe(401);
    await signIn(owner.username, "a-new-passphrase");
  });

  it("a wrong current password or a too short new one: 400 with the field, nothing changes, no session ends", async () => {
    const owner = await registerBusiness(t.app);
    const other = await signIn(owner.username, owner.password);
    const before = await databaseFingerprint(t.database);
    for (const [body, field] of [
      [{ currentPassword: "not-my-password", newPassword: "a-new-passphrase" }, "currentPassword"],
      [{ currentPassword: owner.password, newPassword: "short" }, "newPassword"],
      [{ newPassword: "a-new-passphrase" }, "currentPassword"],
    ] as const) {
      const res = await client(t.app, owner.token).post("/api/auth/password", body);
      expect(res.statusCode, res.body).toBe(400);
      expect(apiErrorSchema.parse(res.json()).error.fields).toHaveProperty(field);
    }
    expect(await databaseFingerprint(t.database)).toEqual(before);
    expect((await me(other)).statusCode).toBe(200);
  });

  it("signed out: 401; staff (whose passwords the owner sets): 403", async () => {
    const owner = await registerBusiness(t.app);
    const staff = await registerEmployee(t.app, owner, owner.businessId);
    const body = { currentPassword: staff.password, newPassword: "a-new-passphrase" };
    expect((await client(t.app).post("/api/auth/password", body)).statusCode).toBe(401);
    expect((await client(t.app, staff.token).post("/api/auth/password", body)).statusCode).toBe(403);
  });
});

describe("POST /api/auth/logoutOthers", () => {
  it("ends every other session of this user and keeps this one; another owner's sessions are untouched", async () => {
    const owner = await registerBusiness(t.app);
    const neighbour = await registerBusiness(t.app);
    const phone = await signIn(owner.username, owner.password);
    const res = await client(t.app, owner.token).post("/api/auth/logoutOthers");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ended: 1 });
    expect((await me(owner.token)).statusCode).toBe(200);
    expect((await me(phone)).statusCode).toBe(401);
    expect((await me(neighbour.token)).statusCode).toBe(200);
  });

  it("staff end their own other sessions only", async () => {
    const owner = await registerBusiness(t.app);
    const staff = await registerEmployee(t.app, owner, owner.businessId);
    const res = await client(t.app, staff.token).post("/api/auth/logoutOthers");
    expect(res.json()).toEqual({ ended: 0 });
    expect((await me(owner.token)).statusCode).toBe(200);
  });
});

describe("tokens", () => {
  it("a token whose session id is not a UUID: 401, not 500", async () => {
    for (const sid of ["not-a-uuid", "1 OR 1=1", ""]) {
      const res = await me(await t.app.tokens.sign({ sid }));
      expect(res.statusCode, `${sid}: ${res.body}`).toBe(401);
      expect(apiErrorSchema.parse(res.json()).error.code).toBe("UNAUTHENTICATED");
    }
  });

  it("a token without an expiry is refused even when correctly signed", async () => {
    const secret = randomBytes(32).toString("hex");
    const tokens = createTokenService(secret);
    const key = new TextEncoder().encode(secret);
    const sid = "0b9f8a51-1c2d-4e5f-8a9b-0c1d2e3f4a5b";
    const noExpiry = await new SignJWT({ sid }).setProtectedHeader({ alg: "HS256" }).setIssuedAt().sign(key);
    expect(await tokens.verify(noExpiry)).toBeNull();
    const expired = await new SignJWT({ sid })
      .setProtectedHeader({ alg: "HS256" })
      .setIssuedAt()
      .setExpirationTime("-1m")
      .sign(key);
    expect(await tokens.verify(expired)).toBeNull();
    expect(await tokens.verify(await tokens.sign({ sid }))).toEqual({ sid });
  });

  it("a token verified once is remembered only until it expires; a changed signature is still refused", async () => {
    const secret = randomBytes(32).toString("hex");
    const tokens = createTokenService(secret);
    const sid = "0b9f8a51-1c2d-4e5f-8a9b-0c1d2e3f4a5b";
    const soon = await new SignJWT({ sid })
      .setProtectedHeader({ alg: "HS256" })
      .setIssuedAt()
      .setExpirationTime("2s")
      .sign(new TextEncoder().encode(secret));
    expect(await tokens.verify(soon)).toEqual({ sid });
    expect(await tokens.verify(soon)).toEqual({ sid });
    const last = soon.at(-2) === "A" ? "B" : "A";
    expect(await tokens.verify(`${soon.slice(0, -2)}${last}${soon.at(-1)}`)).toBeNull();
    vi.useFakeTimers({ now: Date.now() + 3_000, toFake: ["Date"] });
    try {
      expect(await tokens.verify(soon)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
