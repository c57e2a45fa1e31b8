import { afterEach, describe, expect, it, vi } from "vitest";
import { BUSINESS_A, ownerStore, saleOf, stubApi } from "../../../test/test-api.ts";
import { creditApi } from "./credit-api.ts";

afterEach(() => vi.unstubAllGlobals());

const paramsOf = (fetch: ReturnType<typeof stubApi>, call = 0) =>
  Object.fromEntries(new URL((fetch.mock.calls[call]![0] as Request).url).searchParams);

describe("the credit pages ask the server for pages and totals", () => {
  it("a credit table page: credit=true, the page size, the cursor, and optionally what is still owed and a search", async () => {
    const fetch = stubApi({ "GET /api/orders": () => [], "GET /api/sales": () => [] });
    const store = ownerStore();
    await store.dispatch(
      creditApi.endpoints.listCredit.initiate({ channel: "wholesale", businessId: BUSINESS_A._id, limit: 10 }),
    );
    expect(new URL((fetch.mock.calls[0]![0] as Request).url).pathname).toBe("/api/orders");
    expect(paramsOf(fetch)).toEqual({ businessId: BUSINESS_A._id, credit: "true", limit: "10" });
    await store.dispatch(
      creditApi.endpoints.listCredit.initiate({
        channel: "retail",
        businessId: BUSINESS_A._id,
        limit: 25,
        beforeNumber: 1234,
        open: true,
        search: " Njeri ",
      }),
    );
    expect(paramsOf(fetch, 1)).toEqual({
      businessId: BUSINESS_A._id,
      credit: "true",
      limit: "25",
      beforeNumber: "1234",
      open: "true",
      search: "Njeri",
    });
  });

  it("the totals come from the server's summary, not from the rows a page holds", async () => {
    const summary = { sales: 1500, open: 1200, amount: 90_000_000, amountPaid: 10_000_000, balance: 80_000_000 };
    const fetch = stubApi({ "GET /api/sales/credit/summary": () => summary });
    const store = ownerStore();
    const result = await store.dispatch(
      creditApi.endpoints.creditSummary.initiate({ businessId: BUSINESS_A._id, channel: "wholesale" }),
    );
    expect(result.data).toEqual(summary);
    expect(paramsOf(fetch)).toEqual({ businessId: BUSINESS_A._id, channel: "wholesale" });
    await store.dispatch(creditApi.endpoints.creditSummary.initiate({ businessId: BUSINESS_A._id }));
    expect(paramsOf(fetch, 1)).toEqual({ businessId: BUSINESS_A._id });
  });

  it("/credit pages what is still owed oldest first, after the last row's sale number", async () => {
    const owed = [saleOf(BUSINESS_A._id, { balance: 100, creditStatus: "Pending" })];
    const fetch = stubApi({ "GET /api/sales/credit/open": () => owed });
    const store = ownerStore();
    const first = await store.dispatch(
      creditApi.endpoints.listOpenCredit.initiate({ businessId: BUSINESS_A._id, limit: 25 }),
    );
    expect(first.data).toEqual(owed);
    expect(paramsOf(fetch)).toEqual({ businessId: BUSINESS_A._id, limit: "25" });
    await store.dispatch(
      creditApi.endpoints.listOpenCredit.initiate({ businessId: BUSINESS_A._id, limit: 25, afterNumber: 77 }),
    );
    expect(paramsOf(fetch, 1)).toEqual({ businessId: BUSINESS_A._id, limit: "25", afterNumber: "77" });
  });

  it("without a business no call is made (spec section 5)", async () => {
    const fetch = stubApi({});
    const store = ownerStore();
    expect(
      (
        await store.dispatch(
          creditApi.endpoints.listCredit.initiate({ channel: "retail", businessId: null, limit: 10 }),
        )
      ).isError,
    ).toBe(true);
    expect((await store.dispatch(creditApi.endpoints.creditSummary.initiate({ businessId: undefined }))).isError).toBe(
      true,
    );
    expect(
      (await store.dispatch(creditApi.endpoints.listOpenCredit.initiate({ businessId: "", limit: 10 }))).isError,
    ).toBe(true);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("a credit payment reloads the channel's credit pages and totals", async () => {
    let calls = 0;
    const sale = saleOf(BUSINESS_A._id, {
      paymentStatus: "Credit",
      paymentMethod: "Credit",
      creditStatus: "Pending",
      balance: 30000,
      amountPaid: 0,
    });
    stubApi({
      "GET /api/sales/credit/summary": () => ({
        sales: 1,
        open: 1 - calls,
        amount: 30000,
        amountPaid: 0,
        balance: calls ? 0 : 30000,
      }),
      [`PUT /api/sales/salecredit/${sale._id}`]: () => {
        calls += 1;
        return { ...sale, balance: 0, amountPaid: 30000, creditStatus: "Cleared" };
      },
    });
    const store = ownerStore();
    store.dispatch(creditApi.endpoints.creditSummary.initiate({ businessId: BUSINESS_A._id, channel: "retail" }));
    await vi.waitFor(() =>
      expect(
        creditApi.endpoints.creditSummary.select({ businessId: BUSINESS_A._id, channel: "retail" })(
          store.getState() as never,
        ).data?.balance,
      ).toBe(30000),
    );
    await store.dispatch(
      creditApi.endpoints.recordCreditPayment.initiate({
        channel: "retail",
        id: sale._id,
        body: { amountPaid: 30000, paymentMethod: "Cash", paymentDate: new Date().toISOString() },
      }),
    );
    await vi.waitFor(() =>
      expect(
        creditApi.endpoints.creditSummary.select({ businessId: BUSINESS_A._id, channel: "retail" })(
          store.getState() as never,
        ).data?.balance,
      ).toBe(0),
    );
  });
});
