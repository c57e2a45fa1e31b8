import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { Provider } from "react-redux";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { OpenShortfall } from "@app/shared/sales/shortfall";
import { BUSINESS_A, ownerStore, saleOf, stubApi } from "../../../test/test-api.ts";
import { StockShortfalls } from "./stock-shortfalls.tsx";
import { OfflineMarks } from "./sales-table.tsx";

// Issue 33, item 9: stock that offline sales sold without having it reaches the owner by product
// and quantity (the bell, the dashboard's card, the sales page), and each is settled through the ledger.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const sugar: OpenShortfall = {
  saleId: "44444444-4444-4444-8444-444444444444",
  saleNumber: 17,
  channel: "retail",
  productId: "55555555-5555-4555-8555-555555555555",
  name: "Sugar 1kg",
  missing: 3,
  offlineAt: "2026-01-02T08:00:00.000Z",
};

function renderIn(node: React.ReactNode) {
  render(
    <Provider store={ownerStore()}>
      <MemoryRouter>{node}</MemoryRouter>
    </Provider>,
  );
}

describe("offline stock shortfalls", () => {
  it("the sales list's chip names the product and its units, not only 'Stock to review'", () => {
    const offlineAt = "2026-01-02T08:00:00.000Z";
    const short = (n: number) => ({ productId: `p${n}`, name: `Product ${n}`, missing: n });
    renderIn(<OfflineMarks sale={saleOf(BUSINESS_A._id, { offlineAt, stockShortfall: [short(3)] })} timeZone="UTC" />);
    expect(screen.getByTestId("stock-review").textContent).toBe("Stock to review: Product 3 × 3");
    cleanup();
    renderIn(
      <OfflineMarks
        sale={saleOf(BUSINESS_A._id, { offlineAt, stockShortfall: [short(2), short(5), short(1)] })}
        timeZone="UTC"
      />,
    );
    expect(screen.getByTestId("stock-review").textContent).toBe("Stock to review: Product 2 × 2 and 2 more");
  });

  it("a loss needs its reason, then is sent with it (once, with an Idempotency-Key)", async () => {
    const fetch = stubApi({
      "GET /api/stock-shortfalls": () => [sugar],
      [`POST /api/sales/${sugar.saleId}/shortfall`]: () => saleOf(BUSINESS_A._id, { _id: sugar.saleId }),
    });
    renderIn(<StockShortfalls channel="retail" />);
    const row = await screen.findByTestId("stock-shortfall");
    expect(row.textContent).toContain("3 × Sugar 1kg");
    fireEvent.click(within(row).getByRole("button", { name: "Accept loss" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Record the loss" }));
    expect(await within(dialog).findByText("Say why the stock was lost")).toBeTruthy();
    const posts = () => fetch.mock.calls.map(([r]) => r as Request).filter((r) => r.method === "POST");
    expect(posts()).toEqual([]);
    fireEvent.change(within(dialog).getByRole("textbox", { name: /Reason for the loss/ }), {
      target: { value: "Spilt in the store" },
    });
    fireEvent.click(within(dialog).getByRole("button", { name: "Record the loss" }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]!.headers.get("idempotency-key")).toEqual(expect.any(String));
    expect(await posts()[0]!.json()).toEqual({
      productId: sugar.productId,
      settlement: "loss",
      reason: "Spilt in the store",
    });
  });
});
