import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { Provider } from "react-redux";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ownerStore, stubApi } from "../../../test/test-api.ts";
import { PaymentDialog } from "./payment-dialog.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const BOOKING = "55555555-5555-4555-8555-555555555555";

function open(balance = 1_070_000) {
  const onClose = vi.fn();
  render(
    <Provider store={ownerStore()}>
      <PaymentDialog bill={{ kind: "booking", id: BOOKING, balance, who: "Amina" }} onClose={onClose} />
    </Provider>,
  );
  return onClose;
}
const amount = () => screen.getByRole("textbox", { name: "Amount" });

describe("taking payment on a guest bill", () => {
  it("starts at the balance, and refuses more than it without calling the server", () => {
    const fetch = stubApi({});
    open();
    expect(amount()).toHaveProperty("value", "10700.00");
    fireEvent.change(amount(), { target: { value: "10700.01" } });
    fireEvent.click(screen.getByRole("button", { name: "Record payment" }));
    expect(screen.getByText("The payment is more than the balance of the bill")).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("sends an M-Pesa payment with its code and an Idempotency-Key, the same key again on a retry", async () => {
    let calls = 0;
    const fetch = stubApi({
      [`POST /api/bookings/${BOOKING}/payments`]: () =>
        ++calls === 1
          ? { __status: 503, error: { code: "DATABASE_UNAVAILABLE", message: "Try again in a few seconds." } }
          : {},
    });
    const onClose = open();
    fireEvent.click(screen.getByRole("button", { name: "M-Pesa" }));
    fireEvent.change(amount(), { target: { value: "6000" } });
    fireEvent.change(screen.getByRole("textbox", { name: "M-Pesa code" }), { target: { value: "qgh7xyz12a" } });
    fireEvent.click(screen.getByRole("button", { name: "Record payment" }));
    await screen.findByText("Try again in a few seconds.");
    fireEvent.click(screen.getByRole("button", { name: "Record payment" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const requests = fetch.mock.calls.map(([req]) => req as Request);
    expect(requests).toHaveLength(2);
    expect(await requests[1]!.json()).toEqual({ amount: 600_000, method: "M-Pesa", reference: "QGH7XYZ12A" });
    const keys = requests.map((r) => r.headers.get("idempotency-key"));
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);
  });

  it("shows the server's refusal on the amount (BILL_OVERPAYMENT: another desk took payment meanwhile)", async () => {
    stubApi({
      [`POST /api/bookings/${BOOKING}/payments`]: () => ({
        __status: 422,
        error: {
          code: "BILL_OVERPAYMENT",
          message: "The payment is more than the balance of the bill: KES 0.00 is still owed",
          fields: { amount: "The payment is more than the balance of the bill" },
        },
      }),
    });
    const onClose = open(5000);
    fireEvent.click(screen.getByRole("button", { name: "Record payment" }));
    expect(await screen.findByText(/KES 0\.00 is still owed/)).toBeTruthy();
    expect(amount().getAttribute("aria-invalid")).toBe("true");
    expect(onClose).not.toHaveBeenCalled();
  });
});
