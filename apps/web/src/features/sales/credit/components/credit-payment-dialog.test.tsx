import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { Provider } from "react-redux";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CREDIT_OVERPAY_MESSAGE } from "@app/shared/sales/credit";
import { BUSINESS_A, ownerStore, saleOf, stubApi } from "../../../../test/test-api.ts";
import { CreditPaymentDialog } from "./credit-payment-dialog.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const order = saleOf(BUSINESS_A._id, {
  channel: "wholesale",
  paymentStatus: "Credit",
  paymentMethod: "Credit",
  amount: 100000,
  balance: 60000,
  amountPaid: 40000,
  creditStatus: "Partial",
  customerName: "Wanjiku",
  customerPhone: "0712345678",
  customerId: null,
});

function open() {
  const onClose = vi.fn();
  render(
    <Provider store={ownerStore()}>
      <CreditPaymentDialog order={order} onClose={onClose} />
    </Provider>,
  );
  return onClose;
}
const amountInput = () => screen.getByRole("textbox", { name: "Payment amount (KES)" });

describe("Update Status (spec sections 2, 5 and 8)", () => {
  it("shows the initial amount, amount paid and balance, and a date of today in dd/MM/yyyy", () => {
    stubApi({});
    open();
    const figures = screen.getByTestId("credit-figures").textContent!;
    expect(figures).toMatch(/Initial amount.*1,000\.00.*Amount paid.*400\.00.*Balance.*600\.00/);
    const today = new Date();
    const ddmmyyyy = `${String(today.getDate()).padStart(2, "0")}/${String(today.getMonth() + 1).padStart(2, "0")}/${today.getFullYear()}`;
    expect(screen.getByRole("group", { name: "Payment date" }).textContent).toContain(ddmmyyyy);
  });

  it("a payment above the balance is alerted and no call is made", async () => {
    const fetch = stubApi({});
    const alert = vi.spyOn(window, "alert").mockImplementation(() => undefined);
    open();
    fireEvent.change(amountInput(), { target: { value: "600.01" } });
    fireEvent.click(screen.getByRole("button", { name: "Update" }));
    expect(alert).toHaveBeenCalledWith(CREDIT_OVERPAY_MESSAGE);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("the amount input refuses a minus sign", () => {
    stubApi({});
    open();
    fireEvent.change(amountInput(), { target: { value: "-5" } });
    expect(amountInput()).toHaveProperty("value", "");
  });

  it("an empty method is sent, and the server's 400 is shown", async () => {
    const message = "Choose Cash, M-Pesa or Bank Transfer";
    const fetch = stubApi({
      [`PUT /api/orders/salecredit/${order._id}`]: () => ({
        __status: 400,
        error: { code: "VALIDATION_ERROR", message, fields: { paymentMethod: message } },
      }),
    });
    const alert = vi.spyOn(window, "alert").mockImplementation(() => undefined);
    const onClose = open();
    fireEvent.change(amountInput(), { target: { value: "100" } });
    fireEvent.click(screen.getByRole("button", { name: "Update" }));
    await waitFor(() => expect(screen.getByTestId("credit-payment-error").textContent).toBe(message));
    const sent = await (fetch.mock.calls[0]![0] as Request).json();
    expect(sent).toMatchObject({ amountPaid: 10000, paymentMethod: "" });
    expect(Number.isNaN(Date.parse(sent.paymentDate))).toBe(false);
    expect(alert).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it("the server's refusal of the date is shown under the date field, and the dialog stays open", async () => {
    const message = "The payment date is before the sale";
    stubApi({
      [`PUT /api/orders/salecredit/${order._id}`]: () => ({
        __status: 400,
        error: { code: "VALIDATION_ERROR", message, fields: { paymentDate: message } },
      }),
    });
    const onClose = open();
    fireEvent.change(amountInput(), { target: { value: "100" } });
    fireEvent.click(screen.getByRole("button", { name: "Update" }));
    const group = screen.getByRole("group", { name: "Payment date" });
    await waitFor(() => expect(group.closest(".MuiFormControl-root")?.textContent).toContain(message));
    expect(onClose).not.toHaveBeenCalled();
  });

  it("a sale made today: the payment goes out dated no earlier than the sale", async () => {
    const made = new Date(Date.now() - 60_000).toISOString();
    const fetch = stubApi({ [`PUT /api/orders/salecredit/${order._id}`]: () => ({ ...order, createdAt: made }) });
    const onClose = vi.fn();
    render(
      <Provider store={ownerStore()}>
        <CreditPaymentDialog order={{ ...order, createdAt: made }} onClose={onClose} />
      </Provider>,
    );
    fireEvent.change(amountInput(), { target: { value: "100" } });
    fireEvent.click(screen.getByRole("button", { name: "Update" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const sent = await (fetch.mock.calls[0]![0] as Request).json();
    expect(Date.parse(sent.paymentDate)).toBeGreaterThanOrEqual(Date.parse(made));
  });
});
