import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { Provider } from "react-redux";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { CaptainOrderPrint } from "@app/shared/restaurant/kitchen";
import { BUSINESS_A, ownerStore, saleOf, stubApi } from "../../../test/test-api.ts";
import { changesText, KitchenTickets } from "./kitchen-tickets.tsx";
import { SaleDetailDrawer } from "./sale-detail-drawer.tsx";

const printed = vi.hoisted(() => vi.fn());
vi.mock("../../../lib/print-document.ts", () => ({ printInBrowser: printed }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  printed.mockReset();
});

const SALE = "55555555-5555-4555-8555-555555555555";
const printOf = (n: number, over: Partial<CaptainOrderPrint> = {}): CaptainOrderPrint => ({
  _id: `66666666-6666-4666-8666-00000000000${n}`,
  businessId: BUSINESS_A._id,
  ticketId: "77777777-7777-4777-8777-777777777777",
  saleId: SALE,
  printNumber: n,
  sectionName: "Hall",
  tableName: "T1",
  changes: [
    {
      productId: "44444444-4444-4444-8444-444444444444",
      name: "Chips",
      quantity: 2,
      previousQuantity: 0,
      change: "new",
    },
  ],
  note: "",
  printedBy: "owner",
  printStatus: "sent",
  printerError: null,
  createdAt: "2026-03-01T09:00:00.000Z",
  ...over,
});

function show() {
  render(
    <Provider store={ownerStore()}>
      <KitchenTickets businessId={BUSINESS_A._id} saleId={SALE} timeZone="Africa/Nairobi" paper={80} />
    </Provider>,
  );
}

describe("Kitchen tickets in the sale detail (spec sections 7 and 8)", () => {
  it("asks GET /captainOrderPrint with businessId and saleId, lists each ticket, and Reprint sends it again", async () => {
    const first = printOf(1);
    const second = printOf(2, {
      changes: [
        {
          productId: "44444444-4444-4444-8444-444444444444",
          name: "Chips",
          quantity: 3,
          previousQuantity: 2,
          change: "changed",
        },
      ],
    });
    const fetch = stubApi({
      "GET /api/captainOrderPrint": () => [first, second],
      [`POST /api/captainOrderPrint/${second._id}/reprint`]: () => second,
    });
    show();
    await waitFor(() => expect(screen.getAllByTestId("kitchen-ticket")).toHaveLength(2));
    const asked = new URL((fetch.mock.calls[0]![0] as Request).url);
    expect(Object.fromEntries(asked.searchParams)).toEqual({ businessId: BUSINESS_A._id, saleId: SALE });
    expect(screen.getByTestId("kitchen-tickets").textContent).toContain("Kitchen tickets");
    expect(screen.getAllByTestId("kitchen-ticket")[1]!.textContent).toContain("Chips 2 → 3");
    fireEvent.click(screen.getAllByRole("button", { name: "Reprint" })[1]!);
    await waitFor(() =>
      expect(
        fetch.mock.calls.some(
          ([r]) =>
            (r as Request).method === "POST" &&
            (r as Request).url.endsWith(`/api/captainOrderPrint/${second._id}/reprint`),
        ),
      ).toBe(true),
    );
    expect(printed).not.toHaveBeenCalled();
  });

  it("prints at the till when there is no network kitchen printer", async () => {
    const print = printOf(1, { printStatus: "browser" });
    stubApi({
      "GET /api/captainOrderPrint": () => [print],
      [`POST /api/captainOrderPrint/${print._id}/reprint`]: () => print,
    });
    show();
    fireEvent.click(await screen.findByRole("button", { name: "Reprint" }));
    await waitFor(() => expect(printed).toHaveBeenCalledTimes(1));
    expect(printed.mock.calls[0]![1]).toBe(80);
  });

  it("shows nothing for a sale without kitchen tickets", async () => {
    const fetch = stubApi({ "GET /api/captainOrderPrint": () => [] });
    show();
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(screen.queryByTestId("kitchen-tickets")).toBeNull();
  });

  it("a failed fetch is logged to the console", async () => {
    stubApi({ "GET /api/captainOrderPrint": () => ({ __status: 500, error: { code: "INTERNAL", message: "boom" } }) });
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    show();
    await waitFor(() =>
      expect(logged).toHaveBeenCalledWith(
        "Fetching captain order prints failed",
        expect.objectContaining({ status: 500 }),
      ),
    );
    expect(await screen.findByText("The kitchen tickets could not be loaded.")).toBeTruthy();
  });

  it("says what changed in a line", () => {
    const p = printOf(1, {
      changes: [
        { productId: "a", name: "Chips", quantity: 2, previousQuantity: 0, change: "new" },
        { productId: "b", name: "Soda", quantity: 3, previousQuantity: 1, change: "changed" },
        { productId: "c", name: "Tea", quantity: 0, previousQuantity: 1, change: "cancelled" },
      ],
    });
    expect(changesText(p)).toBe("2 × Chips, Soda 1 → 3, Tea cancelled");
  });

  it(
    "the sale detail drawer shows a sale's kitchen tickets, and asks nothing for a sale rung up without a ticket",
    { timeout: 20_000 },
    async () => {
      const print = printOf(1);
      const fetch = stubApi({ "GET /api/printers": () => [], "GET /api/captainOrderPrint": () => [print] });
      const drawer = (sale: ReturnType<typeof saleOf>) =>
        render(
          <Provider store={ownerStore()}>
            <MemoryRouter>
              <SaleDetailDrawer sale={sale} onClose={() => undefined} onVoid={() => undefined} />
            </MemoryRouter>
          </Provider>,
        );
      const plain = drawer(saleOf(BUSINESS_A._id, { ticketId: null }));
      await waitFor(() => expect(fetch).toHaveBeenCalled(), { timeout: 5000 });
      expect(fetch.mock.calls.some(([r]) => new URL((r as Request).url).pathname === "/api/captainOrderPrint")).toBe(
        false,
      );
      plain.unmount();
      drawer(saleOf(BUSINESS_A._id, { _id: SALE, ticketId: print.ticketId }));
      expect(await screen.findByText("Kitchen tickets", undefined, { timeout: 5000 })).toBeTruthy();
      expect(screen.getByTestId("kitchen-ticket").textContent).toContain("2 × Chips");
    },
  );
});
