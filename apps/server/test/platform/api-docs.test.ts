import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.ts";
import { client, createTestApp, registerBusiness, signInSupport, type TestApp } from "../factories/app.ts";

/**
 * /api/docs lists every route, support-only ones included. It is served to anyone only with
 * API_DOCS=true (the default outside production); otherwise only provider support, signed in,
 * reads it, and everyone else gets the 404 of a route that does not exist.
 */
let on: TestApp;
let off: TestApp;
beforeAll(async () => {
  [on, off] = await Promise.all([createTestApp({ apiDocs: true }), createTestApp()]);
});
afterAll(() => Promise.all([on.close(), off.close()]));

const DOCS = ["/api/docs", "/api/docs/", "/api/docs/json", "/api/docs/yaml"];

describe("API_DOCS", () => {
  it("off by default in production builds; on in development; API_DOCS decides when set", () => {
    expect(loadConfig({}).apiDocs).toBe(false);
    expect(loadConfig({ NODE_ENV: "production" }).apiDocs).toBe(false);
    expect(loadConfig({ NODE_ENV: "development" }).apiDocs).toBe(true);
    expect(loadConfig({ API_DOCS: "false", NODE_ENV: "development" }).apiDocs).toBe(false);
    expect(loadConfig({ API_DOCS: "true" }).apiDocs).toBe(true);
  });

  it("served to anyone when on", async () => {
    expect((await client(on.app).get("/api/docs/json")).statusCode).toBe(200);
    expect((await client(on.app).get("/api/docs/")).statusCode).toBe(200);
  });

  it("when off: signed out, an owner or a bad token get the uniform 404; signed-in support reads it", async () => {
    const owner = await registerBusiness(off.app);
    for (const token of [undefined, owner.token, "not-a-token"])
      for (const url of DOCS) {
        const res = await client(off.app, token).get(url);
        expect(res.statusCode, `${url} as ${token ? "a user" : "nobody"}`).toBe(404);
        expect(res.json().error.code).toBe("NOT_FOUND");
        expect(res.body).not.toContain("/api/subscriptions");
      }
    const support = await signInSupport(off.app, off.database);
    const doc = await client(off.app, support.token).get("/api/docs/json");
    expect(doc.statusCode).toBe(200);
    expect(doc.json().paths).toHaveProperty("/api/health");
  });
});
