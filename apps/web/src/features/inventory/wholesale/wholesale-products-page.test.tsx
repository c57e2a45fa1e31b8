import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { Provider } from "react-redux";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { WholesaleProduct } from "@app/shared/inventory/wholesale-product";
import { formatKES } from "@app/shared/money/money";
import { ownerStore, stubApi } from "../../../test/test-api.ts";
import WholesaleProductsPage from "./wholesale-products-page.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const rice: WholesaleProduct = {
  _id: "44444444-4444-4444-8444-444444444444",
  productId: "55555555-5555-4555-8555-555555555555",
  name: "Rice 25kg",
  unit: "bag",
  sellingprice: 300_000,
  wholesalePrice: 270_000,
  minQuantity: 5,
  quantity: 40,
  createdAt: "2026-01-01T00:00:00.000Z",
};

function open() {
  render(
    <Provider store={ownerStore()}>
      <MemoryRouter initialEntries={["/wholesale-products"]}>
        <WholesaleProductsPage />
      </MemoryRouter>
    </Provider>,
  );
}
const sent = (fetch: ReturnType<typeof stubApi>, method: string) =>
  fetch.mock.calls.map(([r]) => r as Request).filter((r) => r.method === method);

describe("the Wholesale products page", () => {
  it("lists each wholesale product with its wholesale and retail prices, minimum and stock", async () => {
    stubApi({ "GET /api/wholesaleProducts": () => [rice] });
    open();
    const [row] = await screen.findAllByTestId("wholesale-product");
    expect(row!.textContent).toContain("Rice 25kg");
    expect(row!.textContent).toContain(`${formatKES(270_000)} wholesale · ${formatKES(300_000)} retail`);
    expect(row!.textContent).toContain("From 5 bag");
    expect(row!.textContent).toContain("40 bag in stock");
  });

  it("says so when there are none, while loading, and when they could not be loaded", async () => {
    stubApi({ "GET /api/wholesaleProducts": () => [] });
    open();
    expect(screen.getByLabelText("Loading wholesale products")).toBeTruthy();
    expect(await screen.findByText(/No wholesale products yet/)).toBeTruthy();
    cleanup();
    stubApi({ "GET /api/wholesaleProducts": () => ({ __status: 500, error: { code: "INTERNAL", message: "boom" } }) });
    open();
    expect(await screen.findByText(/The wholesale products could not be loaded/)).toBeTruthy();
  });

  it("the add dialog names what is missing and sends nothing", async () => {
    const fetch = stubApi({
      "GET /api/wholesaleProducts": () => [],
      "GET /api/products": () => ({ items: [], total: 0 }),
    });
    open();
    fireEvent.click(await screen.findByRole("button", { name: "Add wholesale product" }));
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.getByText("Choose a product")).toBeTruthy());
    expect(screen.getByText("Enter the wholesale price")).toBeTruthy();
    expect(sent(fetch, "POST")).toEqual([]);
  });

  it("changes the price and minimum (PUT), and takes a product out only after confirming (DELETE)", async () => {
    const fetch = stubApi({
      "GET /api/wholesaleProducts": () => [rice],
      [`PUT /api/wholesaleProducts/${rice._id}`]: () => ({ ...rice, wholesalePrice: 260_000, minQuantity: 10 }),
      [`DELETE /api/wholesaleProducts/${rice._id}`]: () => null,
    });
    open();
    fireEvent.click(await screen.findByRole("button", { name: "Change" }));
    fireEvent.change(screen.getByLabelText("Wholesale price each"), { target: { value: "2600" } });
    fireEvent.change(screen.getByLabelText("Minimum quantity"), { target: { value: "10" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(sent(fetch, "PUT")).toHaveLength(1));
    expect(await sent(fetch, "PUT")[0]!.json()).toEqual({ wholesalePrice: 260_000, minQuantity: 10 });

    fireEvent.click(await screen.findByRole("button", { name: "Take out" }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog.textContent).toContain('stops selling "Rice 25kg"');
    expect(sent(fetch, "DELETE")).toEqual([]);
    fireEvent.click(within(dialog).getByRole("button", { name: "Take out" }));
    await waitFor(() => expect(sent(fetch, "DELETE")).toHaveLength(1));
  });
});
