import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { createTheme, ThemeProvider } from "@mui/material";
import { Provider } from "react-redux";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ownerStore } from "../../test/test-api.ts";
import PosPage from "./pos-page.tsx";

// The checkout's code, as the network delivers it: while `reachable` is false its import fails
// the way a browser's does when the network went before the file came in.
const network = vi.hoisted(() => ({ reachable: false, tries: 0 }));
vi.mock("./components/checkout-dialog.tsx", async (importOriginal) => {
  network.tries += 1;
  if (!network.reachable)
    throw new TypeError("Failed to fetch dynamically imported module: http://till.test/assets/checkout-dialog-x1.js");
  return importOriginal();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const CATALOG = {
  version: "v1",
  full: true,
  ids: ["44444444-4444-4444-8444-444444444444"],
  names: ["Sugar 1kg"],
  skus: [null],
  barcodes: ["6161100000017"],
  sellingprices: [18000],
  wholesalePrices: [0],
  quantities: [15],
  units: ["pcs"],
  images: [null],
  removed: [],
};

/** The server: the catalog, and no tables or printers; and the browser APIs jsdom lacks. */
function stubServer() {
  vi.stubGlobal(
    "ResizeObserver",
    class {
      observe() {}
      disconnect() {}
    },
  );
  Element.prototype.scrollTo ??= () => undefined;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(
        typeof input === "string" ? input : input instanceof URL ? input : input.url,
        "http://till.test",
      );
      const body =
        url.pathname === "/api/products/catalog"
          ? CATALOG
          : url.pathname === "/api/products/tiles"
            ? { ids: [], categories: [] }
            : [];
      return new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
    }),
  );
  const NodeRequest = globalThis.Request;
  vi.stubGlobal(
    "Request",
    class extends NodeRequest {
      constructor(input: RequestInfo | URL, init?: RequestInit) {
        super(typeof input === "string" ? new URL(input, "http://till.test") : input, init);
      }
    },
  );
}

describe("the till when a part of it cannot load", () => {
  it("keeps the ticket and says the checkout needs the network once; Try again sells when the network is back", async () => {
    stubServer();
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const store = ownerStore();
    render(
      <ThemeProvider theme={createTheme()}>
        <Provider store={store}>
          <MemoryRouter initialEntries={["/pos"]}>
            <PosPage />
          </MemoryRouter>
        </Provider>
      </ThemeProvider>,
    );
    const search = await screen.findByPlaceholderText(/Scan or search 1 products/, undefined, { timeout: 5000 });
    fireEvent.change(search, { target: { value: "6161100000017" } });
    fireEvent.keyDown(search, { key: "Enter" });
    expect(screen.getAllByTestId("ticket-line")).toHaveLength(1);

    // The till had tried to load its checkout as it opened, and says it cannot sell offline yet.
    const readiness = () => screen.getByTestId("till-offline-readiness").getAttribute("data-state");
    await vi.waitFor(() => expect([readiness(), network.tries]).toEqual(["needs-network", 3]), { timeout: 8000 });

    fireEvent.keyDown(window, { key: "F9" });
    const dialog = await screen.findByRole("dialog", { name: "Checkout" });
    await within(dialog).findByText("This part needs the network once", undefined, { timeout: 8000 });
    // The page is still the till, with its ticket: nothing was unmounted.
    expect(screen.getByRole("heading", { name: "POS", hidden: true })).toBeTruthy(); // under the dialog
    expect(screen.getAllByTestId("ticket-line")).toHaveLength(1);
    expect(store.getState().pos.tickets.retail.products).toHaveLength(1);
    expect(screen.queryByText("Unexpected Application Error!")).toBeNull();

    // The network is back: Try again brings the checkout, for the same ticket.
    network.reachable = true;
    await act(async () => within(dialog).getByRole("button", { name: "Try again" }).click());
    expect(await screen.findByText(/Charge KES/, undefined, { timeout: 5000 })).toBeTruthy();
    expect(store.getState().pos.tickets.retail.products).toHaveLength(1);
    expect(logged).toHaveBeenCalledWith("A part of the app could not be loaded", expect.any(Error));
    logged.mockRestore();
  }, 30_000);
});
