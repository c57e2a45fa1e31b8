import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { Provider } from "react-redux";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { EtimsPurchase, EtimsPurchases } from "@app/shared/etims/purchases";
import { ownerStore, stubApi } from "../../../test/test-api.ts";
import EtimsPurchasesPage from "./etims-purchases-page.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ID = "55555555-5555-4555-8555-555555555555";
const line = (seq: number, name: string, quantity: number, total: number) => ({
  seq,
  itemCode: null,
  itemClass: null,
  name,
  barcode: null,
  packagingUnit: "BG",
  packages: quantity,
  quantityUnit: "U",
  quantity,
  unitPrice: Math.round(total / quantity),
  supplyAmount: total,
  discountRate: 0,
  discount: 0,
  taxType: "B",
  taxable: total,
  tax: Math.round((total * 16) / 116),
  total,
});
const invoice: EtimsPurchase = {
  _id: ID,
  supplierPin: "P051111111A",
  supplierName: "Unga Millers",
  supplierBranch: "00",
  supplierInvoiceNo: 88,
  receiptType: "S",
  paymentType: "02",
  saleDate: "2025-03-02",
  totalTaxable: 232_000,
  totalTax: 32_000,
  total: 232_000,
  bands: [],
  remark: null,
  lines: [line(1, "Maize flour 2kg", 10, 180_000), line(2, "Delivery", 1, 52_000)],
  state: "new",
  confirmedAs: null,
  supplyId: null,
  supplyNumber: null,
  expenseId: null,
  decidedBy: null,
  decidedAt: null,
  fetchedAt: "2025-03-02T10:00:00.000Z",
};
const listOf = (items: EtimsPurchase[], over: Partial<EtimsPurchases> = {}): EtimsPurchases => ({
  connected: true,
  fetchedAt: "2025-03-02T10:00:00.000Z",
  waiting: items.filter((p) => p.state === "new").length,
  items,
  ...over,
});
const renderPage = () =>
  render(
    <Provider store={ownerStore()}>
      <EtimsPurchasesPage />
    </Provider>,
  );
const bodyOf = async (fetch: ReturnType<typeof stubApi>, method: string, path: string) => {
  const call = fetch.mock.calls.find(([r]) => (r as Request).method === method && (r as Request).url.endsWith(path));
  return call ? ((await (call[0] as Request).clone().json()) as Record<string, unknown>) : null;
};

describe("Purchases from KRA", () => {
  it("lists a waiting invoice, and confirms it as a supply with its lines kept as commodities", async () => {
    const fetch = stubApi({
      "GET /api/etims/purchases": () => listOf([invoice]),
      "GET /api/products": () => ({ items: [], total: 0 }),
      [`POST /api/etims/purchases/${ID}/supply`]: () => ({
        ...invoice,
        state: "confirmed",
        confirmedAs: "supply",
        supplyNumber: 4,
      }),
    });
    renderPage();
    expect(await screen.findByText("Unga Millers")).toBeTruthy();
    expect(screen.getByText(/Invoice 88 of .*: total KES 2,320\.00, VAT KES 320\.00/)).toBeTruthy();
    expect(screen.getByTestId("etims-purchase-state").textContent).toBe("Waiting for you");
    fireEvent.click(screen.getByRole("button", { name: "Confirm as supply" }));
    expect(await screen.findAllByTestId("purchase-supply-line")).toHaveLength(2);
    expect((screen.getByTestId("purchase-line-quantity-1") as HTMLInputElement).value).toBe("10");
    expect(screen.getByTestId("purchase-supply-total").textContent).toContain("KES 2,320.00");
    fireEvent.change(screen.getByTestId("purchase-line-quantity-1"), { target: { value: "20" } });
    fireEvent.click(screen.getByTestId("purchase-supply-save"));
    await waitFor(async () =>
      expect(await bodyOf(fetch, "POST", `/api/etims/purchases/${ID}/supply`)).toEqual({
        businessId: "11111111-1111-4111-8111-111111111111",
        lines: [
          { seq: 1, productId: null, quantity: 20, unitCost: 18_000 },
          { seq: 2, productId: null, quantity: 1, unitCost: 52_000 },
        ],
        amountPaid: 0,
      }),
    );
  }, 30_000);

  it("says so when KRA cannot be reached, and keeps the dialog open; pressed again, it sends the same Idempotency-Key", async () => {
    const fetch = stubApi({
      "GET /api/etims/purchases": () => listOf([invoice]),
      "GET /api/products": () => ({ items: [], total: 0 }),
      [`POST /api/etims/purchases/${ID}/supply`]: () => ({
        __status: 502,
        error: {
          code: "ETIMS_UNAVAILABLE",
          message: "Nothing was saved: KRA did not take the answer. KRA eTIMS could not be reached.",
        },
      }),
    });
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Confirm as supply" }));
    fireEvent.click(await screen.findByTestId("purchase-supply-save"));
    expect((await screen.findByTestId("purchase-confirm-error")).textContent).toMatch(/Nothing was saved/);
    expect(screen.getByTestId("purchase-supply-save")).toBeTruthy();
    fireEvent.click(screen.getByTestId("purchase-supply-save"));
    const keys = () =>
      fetch.mock.calls
        .map(([r]) => r as Request)
        .filter((r) => r.method === "POST" && r.url.endsWith(`/api/etims/purchases/${ID}/supply`))
        .map((r) => r.headers.get("Idempotency-Key"));
    await waitFor(() => expect(keys()).toHaveLength(2));
    expect(keys()[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys()[1]).toBe(keys()[0]);
  }, 30_000);

  it("rejects after asking", async () => {
    const fetch = stubApi({
      "GET /api/etims/purchases": () => listOf([invoice]),
      [`POST /api/etims/purchases/${ID}/reject`]: () => ({ ...invoice, state: "rejected" }),
    });
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Reject" }));
    expect(await screen.findByText("Reject this invoice?")).toBeTruthy();
    expect(screen.getByText(/did not buy invoice 88 from Unga Millers/)).toBeTruthy();
    const buttons = screen.getAllByRole("button", { name: "Reject" });
    fireEvent.click(buttons[buttons.length - 1]!);
    await waitFor(async () =>
      expect(await bodyOf(fetch, "POST", `/api/etims/purchases/${ID}/reject`)).toEqual({
        businessId: "11111111-1111-4111-8111-111111111111",
      }),
    );
  }, 30_000);

  it("empty, answered and not connected", async () => {
    stubApi({ "GET /api/etims/purchases": () => listOf([]) });
    renderPage();
    expect((await screen.findByTestId("etims-purchases-empty")).textContent).toMatch(
      /No supplier invoice waits for you/,
    );
    cleanup();
    stubApi({ "GET /api/etims/purchases": () => listOf([], { connected: false, fetchedAt: null }) });
    renderPage();
    expect(await screen.findByText(/eTIMS is not connected/)).toBeTruthy();
    expect(screen.queryByTestId("etims-purchases-fetch")).toBeNull();
  }, 30_000);

  it("a list that cannot be loaded says so, with Retry", async () => {
    stubApi({
      "GET /api/etims/purchases": () => ({ __status: 500, error: { code: "INTERNAL_ERROR", message: "boom" } }),
    });
    renderPage();
    expect(await screen.findByText(/The invoices could not be loaded/)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Retry" })).toBeTruthy();
  }, 30_000);
});
