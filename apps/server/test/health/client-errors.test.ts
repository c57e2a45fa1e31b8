import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { CLIENT_ERRORS_PATH } from "@app/shared/health/client-error";
import { createTestApp, nextAddress, type TestApp } from "../factories/app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const report = {
  id: "7F3C2A9B",
  name: "TypeError",
  message: "Failed to fetch dynamically imported module: /assets/checkout-dialog-x1.js",
  stack: "TypeError: Failed to fetch dynamically imported module\n    at async load",
  path: "/pos",
};
const send = (payload: unknown, remoteAddress = nextAddress()) =>
  t.app.inject({ method: "POST", url: CLIENT_ERRORS_PATH, payload: payload as object, remoteAddress });

describe("the web app's error reports (POST /api/client-errors)", () => {
  it("logs a report under the id the user saw, signed in or not, and stores nothing", async () => {
    const warn = vi.spyOn(t.app.log, "warn");
    const res = await send(report);
    expect(res.statusCode, res.body).toBe(204);
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ clientError: report }), `client error ${report.id}`);
    warn.mockRestore();
  });

  it("refuses what is not a report: a bad id, a missing part, texts over their limits", async () => {
    for (const bad of [
      { ...report, id: "not-an-id" },
      { ...report, path: undefined },
      { ...report, message: "x".repeat(501) },
    ]) {
      const res = await send(bad);
      expect(res.statusCode, JSON.stringify(bad).slice(0, 80)).toBe(400);
    }
    const huge = await send({ ...report, stack: "x".repeat(20_000) });
    expect(huge.statusCode).toBe(413);
  });

  it("takes at most 20 reports a minute from one address", async () => {
    const address = nextAddress();
    for (let i = 0; i < 20; i++) expect((await send(report, address)).statusCode).toBe(204);
    const refused = await send(report, address);
    expect(refused.statusCode).toBe(429);
    expect((await send(report)).statusCode).toBe(204); // another address is not held back
  });
});
