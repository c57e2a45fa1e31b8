import { afterEach, describe, expect, it, vi } from "vitest";
import { describeError } from "../../api/errors.ts";
import { adminLogin, CallError, requestAccessKey } from "./auth-api.ts";

afterEach(() => vi.unstubAllGlobals());

const answer = (status: number, body: string) =>
  vi.fn(async () => new Response(body, { status, headers: { "content-type": "application/json" } }));

describe("the public pages' calls", () => {
  it("post JSON to /api without a token and return the body", async () => {
    const fetch = answer(201, JSON.stringify({ type: "adminKey" }));
    vi.stubGlobal("fetch", fetch);
    expect(await requestAccessKey({ type: "adminKey" })).toEqual({ type: "adminKey" });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/accessKeys");
    expect(init).toMatchObject({
      method: "POST",
      body: JSON.stringify({ type: "adminKey" }),
      headers: { "content-type": "application/json" },
    });
  });

  it("fail as RTK Query reports it, so describeError reads message, fields and status", async () => {
    const body = { error: { code: "VALIDATION_ERROR", message: "Check the form", fields: { username: "Required" } } };
    vi.stubGlobal("fetch", answer(400, JSON.stringify(body)));
    const err = await adminLogin({ username: "", password: "x" }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CallError);
    expect(err).toMatchObject({ status: 400, data: body });
    expect(describeError(err)).toEqual({ message: "Check the form", fields: { username: "Required" } });
  });

  it("say so when the server cannot be reached or answers something else than JSON", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))),
    );
    const offline = await adminLogin({ username: "a", password: "b" }).catch((e: unknown) => e);
    expect(offline).toMatchObject({ status: "FETCH_ERROR" });
    expect(describeError(offline).message).toBe("Cannot reach the server. Check the connection and try again.");

    vi.stubGlobal("fetch", answer(502, "<html>Bad gateway</html>"));
    const proxy = await adminLogin({ username: "a", password: "b" }).catch((e: unknown) => e);
    expect(proxy).toMatchObject({ status: "PARSING_ERROR", data: "<html>Bad gateway</html>" });
    expect(describeError(proxy).message).toBe("Something went wrong. Please try again.");
  });
});
