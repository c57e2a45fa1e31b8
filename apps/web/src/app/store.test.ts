import { describe, expect, it, vi } from "vitest";
import { createStore } from "./store.ts";

describe("the store and RTK Query (spec section 9: the first page loads without it)", () => {
  it("starts without the api state; base-api.ts joins a store made before it loaded, and its calls work", async () => {
    const store = createStore({ session: { user: { token: "t0k3n" } as never, loading: false, error: null } });
    expect(store.getState()).not.toHaveProperty("api");

    const { baseApi } = await import("../api/base-api.ts");
    expect(store.getState().api).toMatchObject({ queries: {}, mutations: {} });

    vi.stubGlobal(
      "fetch",
      vi.fn(
        async (req: Request) =>
          new Response(JSON.stringify({ path: new URL(req.url).pathname, auth: req.headers.get("authorization") }), {
            headers: { "content-type": "application/json" },
          }),
      ),
    );
    vi.stubGlobal(
      "Request",
      class extends globalThis.Request {
        constructor(input: RequestInfo | URL, init?: RequestInit) {
          super(typeof input === "string" ? new URL(input, window.location.origin) : input, init);
        }
      },
    );
    const api = baseApi.injectEndpoints({
      endpoints: (build) => ({ ping: build.query<{ path: string; auth: string }, void>({ query: () => "/ping" }) }),
    });
    const result = await store.dispatch(api.endpoints.ping.initiate());
    expect(result.data).toEqual({ path: "/api/ping", auth: "Bearer t0k3n" });
    expect(api.endpoints.ping.select()(store.getState()).status).toBe("fulfilled");
    // A store made afterwards has the api state from the start.
    expect(createStore().getState().api).toMatchObject({ queries: {} });
    vi.unstubAllGlobals();
  });
});
