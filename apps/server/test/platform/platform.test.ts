import { mkdtemp, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../factories/app.ts";

let t: TestApp;
beforeAll(async () => {
  const web = await mkdtemp(path.join(os.tmpdir(), "duka-web-"));
  await writeFile(path.join(web, "index.html"), "<!doctype html><title>Duka</title><div id=root></div>");
  await writeFile(path.join(web, "sw.js"), "self.addEventListener('install', () => self.skipWaiting());");
  t = await createTestApp({ webDistDir: web, apiDocs: true });
});
afterAll(() => t.close());

describe("platform", () => {
  it("GET /api/health answers once the database does", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok" });
  });

  it("sends security headers", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(res.headers["strict-transport-security"]).toBeDefined();
  });

  it("unknown API routes get the uniform 404", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/nope" });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe("NOT_FOUND");
  });

  it("serves an OpenAPI document of the routes, with a UI at /api/docs", async () => {
    const doc = (await t.app.inject({ method: "GET", url: "/api/docs/json" })).json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const p of [
      "/api/businesses/register",
      "/api/adminAuth/login",
      "/api/products",
      "/api/products/dailystock/log",
      "/api/accessKeys",
    ])
      expect(doc.paths).toHaveProperty(p);
    expect((await t.app.inject({ method: "GET", url: "/api/docs" })).statusCode).toBeLessThan(400);
  });

  it("serves the web app at / and for every client route (SPA fallback)", async () => {
    for (const url of ["/", "/products/123", "/daily-logs", "/home"]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain("<title>Duka</title>");
      expect(res.headers["cache-control"], url).toBe("no-cache");
    }
  });

  it("serves /sw.js from the root, never cached", async () => {
    const res = await t.app.inject({ method: "GET", url: "/sw.js" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-cache");
    expect(res.headers["content-type"]).toContain("javascript");
  });

  it("a missing asset is a 404, not the app", async () => {
    expect((await t.app.inject({ method: "GET", url: "/assets/missing.js" })).statusCode).toBe(404);
  });
});
