import { cleanup, render, screen } from "@testing-library/react";
import { Provider } from "react-redux";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { EtimsSummary } from "@app/shared/etims/queue";
import { BUSINESS_A, ownerStore, stubApi } from "../../../test/test-api.ts";
import { EtimsSummaryCard } from "./etims-summary-card.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const summary: EtimsSummary = {
  connected: true,
  pending: 0,
  failed: 1,
  overdue: 0,
  oldestPendingAt: null,
  purchasesToConfirm: 3,
};

const renderCard = () =>
  render(
    <Provider store={ownerStore()}>
      <MemoryRouter>
        <EtimsSummaryCard businessId={BUSINESS_A._id} />
      </MemoryRouter>
    </Provider>,
  );

describe("the dashboard's eTIMS card", () => {
  it("counts what KRA refused and the suppliers' invoices waiting to be confirmed", async () => {
    stubApi({ "GET /api/etims/summary": () => summary });
    renderCard();
    expect((await screen.findByTestId("dash-etims-purchases")).textContent).toBe("Supplier invoices to confirm: 3");
    expect(screen.getByTestId("dash-etims").textContent).toContain("Refused by KRA: 1");
  });

  it("says nothing of purchases when none wait", async () => {
    stubApi({ "GET /api/etims/summary": () => ({ ...summary, purchasesToConfirm: 0 }) });
    renderCard();
    expect((await screen.findByTestId("dash-etims-value")).textContent).toBe("Connected");
    expect(screen.queryByTestId("dash-etims-purchases")).toBeNull();
  });
});
