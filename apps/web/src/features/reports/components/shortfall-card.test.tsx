import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import { Provider } from "react-redux";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { OpenShortfall } from "@app/shared/sales/shortfall";
import { BUSINESS_A, ownerStore, stubApi } from "../../../test/test-api.ts";
import { ShortfallCard } from "./shortfall-card.tsx";

// Issue 33, item 9: the dashboard names each product offline sales sold without stock, and its units.

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
const rice: OpenShortfall = {
  ...sugar,
  saleId: "66666666-6666-4666-8666-666666666666",
  saleNumber: 4,
  channel: "wholesale",
  productId: "77777777-7777-4777-8777-777777777777",
  name: "Rice 25kg",
  missing: 2,
};

function renderIn(node: React.ReactNode) {
  render(
    <Provider store={ownerStore()}>
      <MemoryRouter>{node}</MemoryRouter>
    </Provider>,
  );
}

describe("the dashboard's shortfall card", () => {
  it("the dashboard card lists each product and its units with a way to settle it; nothing when none are open", async () => {
    stubApi({ "GET /api/stock-shortfalls": () => [sugar, rice] });
    renderIn(<ShortfallCard businessId={BUSINESS_A._id} />);
    const rows = await screen.findAllByTestId("dash-shortfall");
    expect(rows.map((r) => r.textContent)).toEqual(["Sale #17: 3 × Sugar 1kgSettle", "Order #4: 2 × Rice 25kgSettle"]);
    expect(within(rows[1]!).getByRole("link", { name: "Settle" }).getAttribute("href")).toBe("/wholesaleOrders");
    cleanup();
    stubApi({ "GET /api/stock-shortfalls": () => [] });
    renderIn(<ShortfallCard businessId={BUSINESS_A._id} />);
    await waitFor(() => expect(screen.queryByTestId("dash-shortfalls")).toBeNull());
  });
});
