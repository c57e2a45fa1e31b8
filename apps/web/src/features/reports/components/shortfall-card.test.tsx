import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import { Provider } from "react-redux";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { riceShortfall, sugarShortfall } from "@app/shared/sales/shortfall-fixture";
import { BUSINESS_A, ownerStore, stubApi } from "../../../test/test-api.ts";
import { ShortfallCard } from "./shortfall-card.tsx";

// Issue 33, item 9: the dashboard names each product offline sales sold without stock, and its units.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const [sugar, rice] = [sugarShortfall, riceShortfall];

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
