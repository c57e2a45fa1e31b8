import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { Provider } from "react-redux";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Sale } from "@app/shared/sales/sale";
import { BUSINESS_A, ownerStore, saleOf, stubApi } from "../../../test/test-api.ts";
import { VoidSaleDialog } from "./void-sale-dialog.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const reasons = {
  connected: true,
  items: [
    { code: "01", name: "Missing Quantity" },
    { code: "03", name: "Damaged" },
    { code: "06", name: "Refund" },
  ],
};

function renderDialog(sale: Sale) {
  const onVoided = vi.fn();
  render(
    <Provider store={ownerStore()}>
      <VoidSaleDialog sale={sale} onClose={() => undefined} onVoided={onVoided} />
    </Provider>,
  );
  return onVoided;
}

/** The DELETE the dialog sent, once it has. */
async function voidRequest(fetch: ReturnType<typeof stubApi>) {
  await waitFor(() => expect(fetch.mock.calls.some(([r]) => (r as Request).method === "DELETE")).toBe(true));
  return new URL((fetch.mock.calls.find(([r]) => (r as Request).method === "DELETE")![0] as Request).url);
}

describe("Void sale: KRA's refund reason", () => {
  it("a sale that goes to KRA: the reason is chosen from KRA's list (06 Refund until another is chosen) and sent with the void", async () => {
    const sale = saleOf(BUSINESS_A._id, { etimsState: "signed" });
    const fetch = stubApi({
      "GET /api/etims/refund-reasons": () => reasons,
      [`DELETE /api/sales/${sale._id}`]: () => ({ ...sale, status: "voided" }),
    });
    const onVoided = renderDialog(sale);
    const field = await screen.findByRole("combobox", { name: "KRA refund code" });
    expect(field.textContent).toContain("06 Refund");
    fireEvent.mouseDown(field);
    fireEvent.click(within(await screen.findByRole("listbox")).getByText("03 Damaged"));
    fireEvent.change(screen.getByLabelText("Reason"), { target: { value: "Broken bottle" } });
    fireEvent.click(screen.getByRole("button", { name: "Void sale" }));
    const url = await voidRequest(fetch);
    expect(url.searchParams.get("etimsRefundReason")).toBe("03");
    expect(url.searchParams.get("reason")).toBe("Broken bottle");
    await waitFor(() => expect(onVoided).toHaveBeenCalled());
  });

  it("left as it is, no reason is sent (the server's 06); a business not connected shows no choice", async () => {
    const sale = saleOf(BUSINESS_A._id, { etimsState: "pending" });
    const fetch = stubApi({
      "GET /api/etims/refund-reasons": () => ({ connected: false, items: [] }),
      [`DELETE /api/sales/${sale._id}`]: () => ({ ...sale, status: "voided" }),
    });
    renderDialog(sale);
    await waitFor(() =>
      expect(fetch.mock.calls.some(([r]) => (r as Request).url.includes("/etims/refund-reasons"))).toBe(true),
    );
    expect(screen.queryByRole("combobox", { name: "KRA refund code" })).toBeNull();
    fireEvent.change(screen.getByLabelText("Reason"), { target: { value: "Wrong till" } });
    fireEvent.click(screen.getByRole("button", { name: "Void sale" }));
    expect((await voidRequest(fetch)).searchParams.has("etimsRefundReason")).toBe(false);
  });

  it("a sale that never went to KRA does not ask", async () => {
    const sale = saleOf(BUSINESS_A._id, { etimsState: "not_required" });
    const fetch = stubApi({ "GET /api/etims/refund-reasons": () => reasons });
    renderDialog(sale);
    expect(await screen.findByLabelText("Reason")).toBeTruthy();
    expect(screen.queryByRole("combobox", { name: "KRA refund code" })).toBeNull();
    expect(fetch.mock.calls.some(([r]) => (r as Request).url.includes("/etims/refund-reasons"))).toBe(false);
  });
});
