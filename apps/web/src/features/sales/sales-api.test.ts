import { afterEach, describe, expect, it, vi } from "vitest";
import { lowStockApi } from "../notifications/notifications-api.ts";
import { saleJoinsList, salesApi, SALES_PAGE_SIZE } from "./sales-api.ts";
import { BUSINESS_A, BUSINESS_B, ownerStore, saleOf, stubApi } from "../../test/test-api.ts";

afterEach(() => vi.unstubAllGlobals());

const listArg = { channel: "retail" as const, businessId: BUSINESS_A._id };
const listOf = (store: ReturnType<typeof ownerStore>, arg = listArg) =>
  salesApi.endpoints.listSales
    .select(arg)(store.getState() as never)
    .data?.pages.flat() ?? [];

describe("fetching sales (spec section 5)", () => {
  it("fails at once without a businessId and makes no call", async () => {
    const fetch = stubApi({ "GET /api/sales": () => [] });
    const store = ownerStore();
    for (const businessId of [null, undefined, ""]) {
      const result = await store.dispatch(salesApi.endpoints.listSales.initiate({ channel: "retail", businessId }));
      expect(result.isError).toBe(true);
      expect(result.error).toMatchObject({ status: "CUSTOM_ERROR" });
    }
    const log = await store.dispatch(
      salesApi.endpoints.salesLog.initiate({
        businessId: null,
        startDate: "2026-01-01T00:00:00Z",
        endDate: "2026-01-02T00:00:00Z",
      }),
    );
    expect(log.isError).toBe(true);
    const voids = await store.dispatch(
      salesApi.endpoints.listVoidSales.initiate({ channel: "wholesale", businessId: undefined }),
    );
    expect(voids.isError).toBe(true);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("asks for businessId and limit, and the next page beforeNumber the last sale's number", async () => {
    const first = Array.from({ length: SALES_PAGE_SIZE }, () => saleOf(BUSINESS_A._id)).reverse();
    // Made in the same millisecond as the last row of the first page: a `before` cursor would skip it.
    const older = [
      saleOf(BUSINESS_A._id, {
        createdAt: first[first.length - 1]!.createdAt,
        saleNumber: first[first.length - 1]!.saleNumber - 1,
      }),
    ];
    const fetch = stubApi({ "GET /api/sales": (url) => (url.searchParams.get("beforeNumber") ? older : first) });
    const store = ownerStore();
    await store.dispatch(salesApi.endpoints.listSales.initiate(listArg));
    const url = new URL(fetch.mock.calls[0]![0].url);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      businessId: BUSINESS_A._id,
      limit: String(SALES_PAGE_SIZE),
    });
    await store.dispatch(salesApi.endpoints.listSales.initiate(listArg, { direction: "forward" }));
    const next = Object.fromEntries(new URL(fetch.mock.calls[1]![0].url).searchParams);
    expect(next).toEqual({
      businessId: BUSINESS_A._id,
      limit: String(SALES_PAGE_SIZE),
      beforeNumber: String(first[first.length - 1]!.saleNumber),
    });
    expect(listOf(store)).toHaveLength(SALES_PAGE_SIZE + 1);
    expect(listOf(store).at(-1)!._id).toBe(older[0]!._id);
  });

  it("stops asking when a page comes back short", async () => {
    const fetch = stubApi({ "GET /api/sales": () => [saleOf(BUSINESS_A._id)] });
    const store = ownerStore();
    await store.dispatch(salesApi.endpoints.listSales.initiate(listArg));
    const more = await store.dispatch(salesApi.endpoints.listSales.initiate(listArg, { direction: "forward" }));
    expect(more.hasNextPage).toBe(false);
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

describe("a restored sale joins the cached list only when its business matches (spec section 4)", () => {
  it("adds a restored sale of the current business, newest first", async () => {
    const kept = saleOf(BUSINESS_A._id);
    const restored = saleOf(BUSINESS_A._id, { createdAt: "2026-02-01T00:00:00.000Z" });
    stubApi({ "GET /api/sales": () => [kept], [`POST /api/sales/voidsales/restore/${restored._id}`]: () => restored });
    const store = ownerStore();
    await store.dispatch(salesApi.endpoints.listSales.initiate(listArg, { subscribe: true }));
    await store.dispatch(salesApi.endpoints.restoreSale.initiate({ channel: "retail", id: restored._id }));
    expect(listOf(store).map((s) => s._id)).toEqual([restored._id, kept._id]);
  });

  it("puts a restored sale where its number belongs, not at the top, as the server orders them", async () => {
    const newer = saleOf(BUSINESS_A._id, { saleNumber: 20 });
    const older = saleOf(BUSINESS_A._id, { saleNumber: 10 });
    const restored = saleOf(BUSINESS_A._id, { saleNumber: 15, createdAt: "2026-12-31T00:00:00.000Z" });
    stubApi({
      "GET /api/sales": () => [newer, older],
      [`POST /api/sales/voidsales/restore/${restored._id}`]: () => restored,
    });
    const store = ownerStore();
    await store.dispatch(salesApi.endpoints.listSales.initiate(listArg, { subscribe: true }));
    await store.dispatch(salesApi.endpoints.restoreSale.initiate({ channel: "retail", id: restored._id }));
    expect(listOf(store).map((s) => s.saleNumber)).toEqual([20, 15, 10]);
  });

  it("leaves the list alone when the restored sale belongs to another business", async () => {
    const kept = saleOf(BUSINESS_A._id);
    const foreign = saleOf(BUSINESS_B._id);
    stubApi({ "GET /api/sales": () => [kept], [`POST /api/sales/voidsales/restore/${foreign._id}`]: () => foreign });
    const store = ownerStore();
    await store.dispatch(salesApi.endpoints.listSales.initiate(listArg, { subscribe: true }));
    await store.dispatch(salesApi.endpoints.restoreSale.initiate({ channel: "retail", id: foreign._id }));
    expect(listOf(store).map((s) => s._id)).toEqual([kept._id]);
  });

  it("leaves the list alone when the restore fails (409: the stock is gone)", async () => {
    const kept = saleOf(BUSINESS_A._id);
    stubApi({
      "GET /api/sales": () => [kept],
      "POST /api/sales/voidsales/restore/x": () => ({
        __status: 409,
        error: { code: "CONFLICT", message: "Not enough stock" },
      }),
    });
    const store = ownerStore();
    await store.dispatch(salesApi.endpoints.listSales.initiate(listArg, { subscribe: true }));
    const result = await store.dispatch(salesApi.endpoints.restoreSale.initiate({ channel: "retail", id: "x" }));
    expect(result.error).toMatchObject({ status: 409 });
    expect(listOf(store).map((s) => s._id)).toEqual([kept._id]);
  });

  it("a voided sale leaves the cached list", async () => {
    const a = saleOf(BUSINESS_A._id);
    const b = saleOf(BUSINESS_A._id);
    stubApi({ "GET /api/sales": () => [b, a], [`DELETE /api/sales/${a._id}`]: () => ({ ...a, status: "voided" }) });
    const store = ownerStore();
    await store.dispatch(salesApi.endpoints.listSales.initiate(listArg, { subscribe: true }));
    await store.dispatch(
      salesApi.endpoints.voidSale.initiate({
        channel: "retail",
        id: a._id,
        deletedBy: "owner",
        paymentStatus: "Paid",
        reason: "Wrong item",
      }),
    );
    expect(listOf(store).map((s) => s._id)).toEqual([b._id]);
  });

  it("saleJoinsList needs a business and the same one", () => {
    expect(saleJoinsList({ businessId: "b1" }, "b1")).toBe(true);
    expect(saleJoinsList({ businessId: "b1" }, "b2")).toBe(false);
    expect(saleJoinsList({ businessId: "b1" }, null)).toBe(false);
  });
});

describe("editing, voiding or restoring a sale refreshes the low-stock bell (spec section 4)", () => {
  const sale = saleOf(BUSINESS_A._id);
  const changes = {
    edit: (store: ReturnType<typeof ownerStore>) =>
      store.dispatch(
        salesApi.endpoints.updateSale.initiate({
          channel: "retail",
          id: sale._id,
          body: { products: [{ productId: sale.products[0]!.productId, quantity: 5 }], payments: [] },
        }),
      ),
    void: (store: ReturnType<typeof ownerStore>) =>
      store.dispatch(
        salesApi.endpoints.voidSale.initiate({
          channel: "retail",
          id: sale._id,
          deletedBy: "owner",
          paymentStatus: "Paid",
        }),
      ),
    restore: (store: ReturnType<typeof ownerStore>) =>
      store.dispatch(salesApi.endpoints.restoreSale.initiate({ channel: "retail", id: sale._id })),
  };

  it.each(Object.entries(changes))("after a sale %s the bell's list is fetched again", async (_label, change) => {
    const fetch = stubApi({
      "GET /api/notifications": () => [],
      [`PUT /api/sales/${sale._id}`]: () => sale,
      [`DELETE /api/sales/${sale._id}`]: () => ({ ...sale, status: "voided" }),
      [`POST /api/sales/voidsales/restore/${sale._id}`]: () => sale,
    });
    const bellFetches = () =>
      fetch.mock.calls.filter(([req]) => new URL(req.url).pathname === "/api/notifications").length;
    const store = ownerStore();
    await store.dispatch(lowStockApi.endpoints.lowStock.initiate(BUSINESS_A._id, { subscribe: true }));
    expect(bellFetches()).toBe(1);
    await change(store);
    await vi.waitFor(() => expect(bellFetches()).toBe(2));
  });
});
