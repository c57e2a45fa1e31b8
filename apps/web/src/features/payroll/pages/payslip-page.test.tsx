import { allFlags } from "@app/shared/accounts/auth";
import { cleanup, render, screen } from "@testing-library/react";
import { Provider } from "react-redux";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { KENYA_RULE_SETS } from "@app/shared/payroll/kenya-rule-sets";
import type { PayslipLine } from "@app/shared/payroll/payroll";
import { computePayslip } from "@app/shared/payroll/payslip";
import { ruleSetForMonth } from "@app/shared/payroll/rule-set";
import { createStore } from "../../../app/store.ts";
import { BUSINESS_A, ownerStore, stubApi } from "../../../test/test-api.ts";
import PayslipPage from "./payslip-page.tsx";

// Issue 33 item 5: a member of staff of any business type reaches their payslip from My Account,
// and its Back link leads to a page they can use (My Account), not to the payroll run they may not open.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const CASHIER_ID = "66666666-6666-4666-8666-666666666666";
const line: PayslipLine = {
  _id: "44444444-4444-4444-8444-444444444444",
  payrollId: "55555555-5555-4555-8555-555555555555",
  businessId: BUSINESS_A._id,
  month: "2026-01",
  status: "approved",
  ruleSetName: "Kenya 2025",
  employeeId: CASHIER_ID,
  employeeName: "Akinyi",
  occupation: "Cashier",
  kraPin: null,
  nssfNumber: null,
  shaNumber: null,
  idNumber: null,
  payMethod: "mpesa",
  payTo: "M-Pesa 0712345678",
  payslip: computePayslip(
    { basicPay: 3_000_000, allowances: [], commissions: 0, deductions: [] },
    ruleSetForMonth(KENYA_RULE_SETS, "2026-01")!.rules,
  ),
};

function cashierStore() {
  const details = {
    _id: CASHIER_ID,
    username: "akinyi",
    image: null,
    occupation: "Cashier",
    ...allFlags(false),
    isSupportUser: false,
  };
  return createStore({
    session: { user: { token: "t0k3n", isAdmin: false, details } as never, loading: false, error: null },
    business: { current: BUSINESS_A, list: [BUSINESS_A], isFetching: false, error: false },
  });
}

function open(store: ReturnType<typeof createStore>) {
  stubApi({ [`GET /api/payslips/${line._id}`]: () => line });
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[`/payrollEmployee/${line._id}`]}>
        <Routes>
          <Route path="/payrollEmployee/:payrollId" element={<PayslipPage />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
}

describe("a payslip's Back link", () => {
  it("takes a Cashier of a general business back to My Account", async () => {
    open(cashierStore());
    const back = await screen.findByRole("link", { name: "Back to My Account" });
    expect(back.getAttribute("href")).toBe(`/myaccount/${CASHIER_ID}`);
    expect(screen.queryByRole("link", { name: "Back to the run" })).toBeNull();
  });

  it("takes the owner back to the payroll run", async () => {
    open(ownerStore());
    const back = await screen.findByRole("link", { name: "Back to the run" });
    expect(back.getAttribute("href")).toBe(`/payroll/${line.payrollId}`);
  });
});
