import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { Provider } from "react-redux";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { snapshotOf, type SaleHistoryEntry } from "@app/shared/sales/sale-history";
import { BUSINESS_A, ownerStore, saleOf, stubApi } from "../../../test/test-api.ts";
import { SaleDetailDrawer } from "./sale-detail-drawer.tsx";
import { VoidSalesTab } from "./void-sales-tab.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const sale = saleOf(BUSINESS_A._id, {
  paymentStatus: "Credit",
  paymentMethod: "Credit",
  payments: [{ method: "Credit", amount: 30000, tendered: null, reference: null }],
  balance: 20000,
  amountPaid: 10000,
  creditStatus: "Partial",
  customerName: "Otieno",
  customerPhone: "0733000222",
});
const cashBefore = snapshotOf({
  ...sale,
  paymentMethod: "Cash",
  payments: [{ method: "Cash", amount: 30000, tendered: 50000, reference: null }],
  balance: 0,
  creditStatus: null,
  customerName: null,
  customerPhone: null,
});
const creditAfter = snapshotOf({ ...sale, balance: 30000, creditStatus: "Pending" });
const entries: SaleHistoryEntry[] = [
  {
    _id: "88888888-8888-4888-8888-000000000001",
    saleId: sale._id,
    action: "edited",
    actorName: "owner",
    actorKind: "admin",
    at: "2026-03-02T07:00:00.000Z",
    before: cashBefore,
    after: creditAfter,
    payment: null,
    note: null,
  },
  {
    _id: "88888888-8888-4888-8888-000000000002",
    saleId: sale._id,
    action: "credit_payment",
    actorName: "cashier_jane",
    actorKind: "employee",
    at: "2026-03-03T07:00:00.000Z",
    before: creditAfter,
    after: snapshotOf(sale),
    payment: {
      _id: "99999999-9999-4999-8999-000000000001",
      paymentDate: "2026-03-03T06:30:00.000Z",
      amountPaid: 10000,
      paymentMethod: "M-Pesa",
      recordedBy: "cashier_jane",
    },
    note: null,
  },
];

function drawer() {
  render(
    <Provider store={ownerStore()}>
      <MemoryRouter>
        <SaleDetailDrawer sale={sale} onClose={() => undefined} onVoid={() => undefined} />
      </MemoryRouter>
    </Provider>,
  );
}

describe("the sale's history in its drawer", () => {
  it("lists who changed what and when, the old payments included", async () => {
    stubApi({ "GET /api/printers": () => [], [`GET /api/sales/${sale._id}/history`]: () => entries });
    drawer();
    const items = await screen.findAllByTestId("sale-history-entry", undefined, { timeout: 5000 });
    expect(items).toHaveLength(2);
    const [edit, payment] = items;
    expect(edit!.textContent).toContain("Edited · owner (owner)");
    expect(edit!.textContent).toContain("2 Mar 2026, 10:00"); // Nairobi time
    expect(within(edit!).getByTestId("change-payments").textContent).toBe(
      "Payments: Cash KES 300.00 → Credit KES 300.00",
    );
    expect(within(edit!).getByTestId("change-customer").textContent).toBe("Customer: - → Otieno 0733000222");
    expect(payment!.textContent).toContain("Credit payment · cashier_jane");
    expect(payment!.textContent).toContain("KES 100.00 by M-Pesa, received 3 Mar 2026, 09:30");
    expect(within(payment!).getByTestId("change-balance").textContent).toBe("Balance: KES 300.00 → KES 200.00");
  });

  it("says so when nothing changed since the sale was made, and offers a retry when the history fails", async () => {
    let fail = true;
    stubApi({
      "GET /api/printers": () => [],
      [`GET /api/sales/${sale._id}/history`]: () =>
        fail ? { __status: 500, error: { code: "INTERNAL_ERROR", message: "boom" } } : [],
    });
    drawer();
    expect(await screen.findByText("The history could not be loaded.", undefined, { timeout: 5000 })).toBeTruthy();
    fail = false;
    fireEvent.click(within(screen.getByTestId("sale-history")).getByRole("button", { name: "Retry" }));
    expect(await screen.findByText("No changes since it was made.")).toBeTruthy();
  });
});

describe("taking a void sale off the list", () => {
  it("asks first, says the record is kept, and sends DELETE /voidsales/{id}", { timeout: 20_000 }, async () => {
    const voided = saleOf(BUSINESS_A._id, { status: "voided", deletedBy: "owner", deletedAt: "2026-03-02T07:00:00Z" });
    const opened: unknown[] = [];
    const fetch = stubApi({
      "GET /api/sales/voidsales/salesvoid/this/ask": () => [voided],
      [`DELETE /api/sales/voidsales/${voided._id}`]: () => ({ hidden: true }),
    });
    render(
      <Provider store={ownerStore()}>
        <VoidSalesTab
          channel="retail"
          businessId={BUSINESS_A._id}
          timeZone="Africa/Nairobi"
          onOpen={opened.push.bind(opened)}
        />
      </Provider>,
    );
    fireEvent.click(await screen.findByRole("button", { name: "Remove" }, { timeout: 10_000 }));
    // The row's own buttons do not open the sale.
    expect(opened).toEqual([]);
    const dialog = screen.getByRole("dialog");
    expect(dialog.textContent).toContain("Its record, payments, stock movements and history are kept");
    fireEvent.click(within(dialog).getByRole("button", { name: "Remove from the list" }));
    await waitFor(() => expect(fetch.mock.calls.some(([r]) => (r as Request).method === "DELETE")).toBe(true));
  });
});
