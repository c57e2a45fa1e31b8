import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.ts";
import { client, createTestApp, type TestApp } from "../factories/app.ts";

/**
 * /api/docs lists every route, support-only ones included, to anyone. An installation keeps it
 * by default and may turn it off with API_DOCS=false.
 */
let on: TestApp;
let off: TestApp;
beforeAll(async () => {
  [on, off] = await Promise.all([createTestApp(), createTestApp({ apiDocs: false })]);
});
afterAll(() => Promise.all([on.close(), off.close()]));

describe("API_DOCS", () => {
  it("on by default; API_DOCS=false turns it off", () => {
    expect(loadConfig({}).apiDocs).toBe(true);
    expect(loadConfig({ API_DOCS: "false" }).apiDocs).toBe(false);
    expect(loadConfig({ API_DOCS: "true" }).apiDocs).toBe(true);
  });

  it("served when on; when off, /api/docs and its JSON answer 404 with the uniform body", async () => {
    expect((await client(on.app).get("/api/docs/json")).statusCode).toBe(200);
    expect((await client(on.app).get("/api/docs/")).statusCode).toBe(200);
    for (const url of ["/api/docs", "/api/docs/", "/api/docs/json", "/api/docs/yaml"]) {
      const res = await client(off.app).get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.code).toBe("NOT_FOUND");
    }
  });
});
