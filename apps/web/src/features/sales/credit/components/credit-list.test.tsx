import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { Provider } from "react-redux";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { BUSINESS_A, ownerStore, saleOf, stubApi } from "../../../../test/test-api.ts";
import { CreditList } from "./credit-list.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The DataGrid renders slowly in jsdom, more so beside other test files: generous waits. */
const SLOW = { timeout: 5000 };
const wait = (check: () => void) => waitFor(check, SLOW);
const credit = (saleNumber: number) =>
  saleOf(BUSINESS_A._id, {
    saleNumber,
    channel: "wholesale",
    paymentStatus: "Credit",
    paymentMethod: "Credit",
    creditStatus: "Pending",
    amount: 1000,
    balance: 1000,
    amountPaid: 0,
    customerName: `Customer ${saleNumber}`,
  });

describe("Credit Wholesales table (spec section 2)", () => {
  it(
    "shows the total on credit counted by the server, and pages on the server after the last row's sale number",
    { timeout: 20_000 },
    async () => {
      // 1,500 credit orders: far more than one page, and more than any list the page could load.
      const firstPage = Array.from({ length: 10 }, (_, i) => credit(1500 - i));
      const fetch = stubApi({
        "GET /api/sales/credit/summary": () => ({
          sales: 1500,
          open: 1200,
          amount: 150_000_000,
          amountPaid: 30_000_000,
          balance: 120_000_000,
        }),
        "GET /api/orders": (url) => (url.searchParams.get("beforeNumber") ? [credit(1490)] : firstPage),
      });
      render(
        <Provider store={ownerStore()}>
          <MemoryRouter>
            <CreditList channel="wholesale" />
          </MemoryRouter>
        </Provider>,
      );
      await wait(() => expect(screen.getByTestId("credit-total").textContent).toMatch(/^KES 1,200,000\.00$/));
      const lists = () =>
        fetch.mock.calls.map(([r]) => new URL((r as Request).url)).filter((u) => u.pathname === "/api/orders");
      await wait(() => expect(lists()).toHaveLength(1));
      expect(Object.fromEntries(lists()[0]!.searchParams)).toEqual({
        businessId: BUSINESS_A._id,
        credit: "true",
        limit: "10",
      });
      const summaryAsked = fetch.mock.calls
        .map(([r]) => new URL((r as Request).url))
        .find((u) => u.pathname === "/api/sales/credit/summary")!;
      expect(Object.fromEntries(summaryAsked.searchParams)).toEqual({
        businessId: BUSINESS_A._id,
        channel: "wholesale",
      });
      await wait(() => expect(screen.getByText(/^1–10 of 1,?500$/)).toBeTruthy());
      fireEvent.click(screen.getByRole("button", { name: /next page/i }));
      await wait(() => expect(lists()).toHaveLength(2));
      expect(lists()[1]!.searchParams.get("beforeNumber")).toBe("1491");

      fireEvent.click(screen.getByRole("switch", { name: /Still owing only/ }));
      await wait(() =>
        expect(lists().some((u) => u.searchParams.get("open") === "true" && !u.searchParams.has("beforeNumber"))).toBe(
          true,
        ),
      );
    },
  );

  it(
    "the toolbar's search asks the server (name, phone or sale number), from the first page",
    { timeout: 20_000 },
    async () => {
      const fetch = stubApi({
        "GET /api/sales/credit/summary": () => ({ sales: 1, open: 1, amount: 1000, amountPaid: 0, balance: 1000 }),
        "GET /api/sales": () => [credit(7)],
      });
      render(
        <Provider store={ownerStore()}>
          <MemoryRouter>
            <CreditList channel="retail" />
          </MemoryRouter>
        </Provider>,
      );
      const lists = () =>
        fetch.mock.calls.map(([r]) => new URL((r as Request).url)).filter((u) => u.pathname === "/api/sales");
      await wait(() => expect(lists()).toHaveLength(1));
      fireEvent.click(screen.getByRole("button", { name: /search/i }));
      fireEvent.change(await screen.findByRole("searchbox"), { target: { value: "Njeri" } });
      await wait(() => expect(lists().at(-1)!.searchParams.get("search")).toBe("Njeri"));
      expect(lists().at(-1)!.searchParams.has("beforeNumber")).toBe(false);
    },
  );
});
