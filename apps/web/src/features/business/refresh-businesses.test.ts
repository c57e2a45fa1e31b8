import { afterEach, describe, expect, it, vi } from "vitest";
import type { Business } from "@app/shared/business/business";
import { buildMenu } from "@app/shared/permissions/menu";
import { createStore } from "../../app/store.ts";
import { businessApi } from "./business-api.ts";
import { businessUpdated, businessUpdateFailure, businessUpdateStart } from "./business-slice.ts";
import { keepBusinessDataFresh, refreshBusinesses } from "./refresh-businesses.ts";

const SHOP: Business = { _id: "11111111-1111-4111-8111-111111111111", name: "Duka A", businessType: "general", accountActive: true, timeZone: "Africa/Nairobi", createdAt: "2026-01-01T00:00:00.000Z" };
const BRANCH: Business = { ...SHOP, _id: "22222222-2222-4222-8222-222222222222", name: "Duka B" };
const details = { _id: "33333333-3333-4333-8333-333333333333", username: "owner", image: null, occupation: "Owner", handleStock: false, handleTransfer: false, reviewStock: false, viewPayroll: false, viewBooking: false, viewEmployee: false, viewSupplies: false, viewExpenses: false, isSupportUser: false };
const owner = { token: "t0k3n", isAdmin: true, details };

/** A store as restored from the persisted copy: signed in, the branch chosen, both active. */
function restoredStore(signedIn = true) {
  return createStore({
    session: { user: signedIn ? (owner as never) : null, loading: false, error: null },
    business: { current: BRANCH, list: [SHOP, BRANCH], isFetching: false, error: false },
  });
}

type Answer = { status?: number; body: unknown };
/** Replaces fetch with answers keyed by "METHOD /path"; fetchBaseQuery's relative URLs get jsdom's origin. */
function stubServer(routes: Record<string, () => Answer>) {
  const NodeRequest = globalThis.Request;
  vi.stubGlobal(
    "Request",
    class extends NodeRequest {
      constructor(input: RequestInfo | URL, init?: RequestInit) {
        super(typeof input === "string" ? new URL(input, window.location.origin) : input, init);
      }
    },
  );
  const calls: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (req: Request) => {
      const key = `${req.method} ${new URL(req.url).pathname}`;
      calls.push(key);
      const answer = routes[key]?.() ?? { status: 404, body: { error: { code: "NOT_FOUND", message: "no route" } } };
      return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { "content-type": "application/json" } });
    }),
  );
  return { count: (key: string) => calls.filter((c) => c === key).length };
}
const refused = (code: string) => ({ status: 403, body: { error: { code, message: "refused" } } });
const LIST = "GET /api/businesses";

afterEach(() => vi.unstubAllGlobals());

describe("keeping the business data fresh (spec section 4)", () => {
  it("on start, a business switched off since sign-in shows as inactive, and the chosen one stays chosen", async () => {
    const server = stubServer({ [LIST]: () => ({ body: [SHOP, { ...BRANCH, accountActive: false }] }) });
    const store = restoredStore();
    expect(buildMenu(owner, store.getState().business.current).map((e) => e.label)).toContain("Inventory");
    keepBusinessDataFresh(store);
    await refreshBusinesses(store); // joins the request already under way
    expect(server.count(LIST)).toBe(1);
    const { current, isFetching, error } = store.getState().business;
    expect(current).toMatchObject({ _id: BRANCH._id, accountActive: false });
    expect({ isFetching, error }).toEqual({ isFetching: false, error: false });
    expect(buildMenu(owner, current).map((e) => e.label)).toEqual(["Account Inactive", "Logout"]);
  });

  it("a call answered ACCOUNT_INACTIVE fetches the business data again; other refusals do not", async () => {
    let active = true;
    let settings: Answer = refused("FORBIDDEN");
    const server = stubServer({ [LIST]: () => ({ body: [SHOP, { ...BRANCH, accountActive: active }] }), [`GET /api/businesses/${BRANCH._id}`]: () => settings });
    const store = restoredStore();
    keepBusinessDataFresh(store);
    await refreshBusinesses(store);
    expect(server.count(LIST)).toBe(1);

    await store.dispatch(businessApi.endpoints.getBusinessSettings.initiate(BRANCH._id));
    await new Promise((r) => setTimeout(r, 20));
    expect(server.count(LIST)).toBe(1);

    active = false;
    settings = refused("ACCOUNT_INACTIVE");
    await store.dispatch(businessApi.endpoints.getBusinessSettings.initiate(BRANCH._id, { forceRefetch: true }));
    await vi.waitFor(() => expect(store.getState().business.current?.accountActive).toBe(false));
    expect(server.count(LIST)).toBe(2);
  });

  it("makes one request for calls made together, and none when nobody is signed in", async () => {
    const server = stubServer({ [LIST]: () => ({ body: [SHOP, BRANCH] }) });
    const store = restoredStore();
    await Promise.all([refreshBusinesses(store), refreshBusinesses(store), refreshBusinesses(store)]);
    expect(server.count(LIST)).toBe(1);
    await refreshBusinesses(restoredStore(false));
    expect(server.count(LIST)).toBe(1);
  });

  it("a failed refresh keeps the business data and sets the error flag", async () => {
    stubServer({ [LIST]: () => ({ status: 500, body: { error: { code: "INTERNAL_ERROR", message: "down" } } }) });
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const store = restoredStore();
    await refreshBusinesses(store);
    expect(store.getState().business).toMatchObject({ current: BRANCH, list: [SHOP, BRANCH], isFetching: false, error: true });
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });
});

describe("business data update start/success/failure (spec section 4)", () => {
  it("start sets fetching, success merges the record over the existing one, failure sets the error flag", () => {
    const store = restoredStore();
    store.dispatch(businessUpdateStart());
    expect(store.getState().business).toMatchObject({ isFetching: true, error: false });
    store.dispatch(businessUpdated({ ...BRANCH, name: "Duka B Kisumu" }));
    expect(store.getState().business).toMatchObject({ isFetching: false, error: false, current: { _id: BRANCH._id, name: "Duka B Kisumu" } });
    expect(store.getState().business.list.map((b) => b.name)).toEqual(["Duka A", "Duka B Kisumu"]);
    store.dispatch(businessUpdateStart());
    store.dispatch(businessUpdateFailure());
    expect(store.getState().business).toMatchObject({ isFetching: false, error: true, current: { name: "Duka B Kisumu" } });
  });
});
