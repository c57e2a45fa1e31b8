import { afterEach, describe, expect, it, vi } from "vitest";
import { buildMenu } from "@app/shared/permissions/menu";
import { createStore } from "../../app/store.ts";
import { BUSINESS_A as SHOP, BUSINESS_B as BRANCH, ownerStore, stubApi } from "../../test/test-api.ts";
import { businessApi } from "./business-api.ts";
import { businessUpdated, businessUpdateFailure, businessUpdateStart } from "../../lib/session/business-slice.ts";
import { keepBusinessDataFresh, refreshBusinesses } from "./refresh-businesses.ts";

/** A store as restored from the persisted copy: signed in, the branch chosen, both active. */
const restoredStore = () => ownerStore(BRANCH);
const owner = restoredStore().getState().session.user!;

type Answer = Record<string, unknown>;
/** The API's answers by "METHOD /path", counting the calls made. */
function stubServer(routes: Record<string, () => unknown>) {
  const spy = stubApi(routes);
  return {
    count: (key: string) =>
      spy.mock.calls.filter(([req]) => `${req.method} ${new URL(req.url).pathname}` === key).length,
  };
}
const refused = (code: string): Answer => ({ __status: 403, error: { code, message: "refused" } });
const LIST = "GET /api/businesses";

afterEach(() => vi.unstubAllGlobals());

describe("keeping the business data fresh (spec section 4)", () => {
  it("on start, a business switched off since sign-in shows as inactive, and the chosen one stays chosen", async () => {
    const server = stubServer({ [LIST]: () => [SHOP, { ...BRANCH, accountActive: false }] });
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
    const server = stubServer({
      [LIST]: () => [SHOP, { ...BRANCH, accountActive: active }],
      [`GET /api/businesses/${BRANCH._id}`]: () => settings,
    });
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
    const server = stubServer({ [LIST]: () => [SHOP, BRANCH] });
    const store = restoredStore();
    await Promise.all([refreshBusinesses(store), refreshBusinesses(store), refreshBusinesses(store)]);
    expect(server.count(LIST)).toBe(1);
    await refreshBusinesses(createStore()); // nobody signed in
    expect(server.count(LIST)).toBe(1);
  });

  it("a failed refresh keeps the business data and sets the error flag", async () => {
    stubServer({ [LIST]: () => ({ __status: 500, error: { code: "INTERNAL_ERROR", message: "down" } }) });
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const store = restoredStore();
    await refreshBusinesses(store);
    expect(store.getState().business).toMatchObject({
      current: BRANCH,
      list: [SHOP, BRANCH],
      isFetching: false,
      error: true,
    });
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
    expect(store.getState().business).toMatchObject({
      isFetching: false,
      error: false,
      current: { _id: BRANCH._id, name: "Duka B Kisumu" },
    });
    expect(store.getState().business.list.map((b) => b.name)).toEqual(["Duka A", "Duka B Kisumu"]);
    store.dispatch(businessUpdateStart());
    store.dispatch(businessUpdateFailure());
    expect(store.getState().business).toMatchObject({
      isFetching: false,
      error: true,
      current: { name: "Duka B Kisumu" },
    });
  });
});
