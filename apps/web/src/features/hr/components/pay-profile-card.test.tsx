import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { Provider } from "react-redux";
// MUI forms render slowly in jsdom on a busy machine: the tests get a generous limit (against hanging).
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PayProfile } from "@app/shared/payroll/pay-profile";
import { BUSINESS_A, ownerStore, stubApi } from "../../../test/test-api.ts";
import { PayProfileCard } from "./pay-profile-card.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const EMPLOYEE = "55555555-5555-4555-8555-555555555555";
const unsaved: PayProfile = {
  employeeId: EMPLOYEE,
  businessId: BUSINESS_A._id,
  employeeName: "wanjiku",
  occupation: "Cashier",
  active: true,
  saved: false,
  kraPin: null,
  nssfNumber: null,
  shaNumber: null,
  idNumber: null,
  payMethod: "bank",
  bankName: null,
  bankAccount: null,
  mpesaPhone: null,
  basicPay: 0,
  allowances: [],
  deductions: [],
  updatedAt: null,
};

function renderCard() {
  render(
    <Provider store={ownerStore()}>
      <PayProfileCard profile={unsaved} canEdit />
    </Provider>,
  );
}

describe("pay and statutory details", () => {
  it(
    "a negative salary or a bad KRA PIN is refused on its field and nothing is sent",
    { timeout: 30_000 },
    async () => {
      const fetch = stubApi({});
      renderCard();
      fireEvent.change(screen.getByLabelText("Basic pay per month"), { target: { value: "-100" } });
      fireEvent.change(screen.getByLabelText("KRA PIN"), { target: { value: "12345" } });
      fireEvent.click(screen.getByRole("button", { name: "Save pay details" }));
      expect(await screen.findByText("Enter an amount in shillings")).toBeTruthy();
      expect(screen.getByText(/A KRA PIN is a letter, nine digits and a letter/)).toBeTruthy();
      expect(screen.getByText("Check the highlighted fields; nothing was saved.")).toBeTruthy();
      expect(fetch).not.toHaveBeenCalled();
    },
  );

  it("saves shillings as cents, with an allowance and a HELB deduction", { timeout: 30_000 }, async () => {
    let sent: unknown = null;
    stubApi({
      [`PUT /api/payProfiles/${EMPLOYEE}`]: (_url, req) => {
        void req.json().then((b: unknown) => (sent = b));
        return { ...unsaved, saved: true, basicPay: 5_000_050, updatedAt: "2026-01-01T00:00:00.000Z" };
      },
    });
    renderCard();
    fireEvent.change(screen.getByLabelText("KRA PIN"), { target: { value: "a123456789b" } });
    fireEvent.change(screen.getByLabelText("Basic pay per month"), { target: { value: "50,000.50" } });
    fireEvent.click(screen.getByRole("button", { name: "Add allowance" }));
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "House" } });
    fireEvent.change(screen.getByLabelText("Amount"), { target: { value: "5000" } });
    fireEvent.click(screen.getByRole("button", { name: "Add deduction" }));
    fireEvent.change(screen.getAllByLabelText("Amount")[1]!, { target: { value: "1500" } });
    fireEvent.click(screen.getByRole("button", { name: "Save pay details" }));
    await waitFor(() => expect(sent).not.toBeNull());
    expect(sent).toMatchObject({
      kraPin: "A123456789B",
      basicPay: 5_000_050,
      allowances: [{ name: "House", amount: 500_000 }],
      deductions: [{ kind: "helb", name: "HELB", amount: 150_000 }],
    });
  });
});
