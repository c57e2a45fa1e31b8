import { cleanup, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { Provider } from "react-redux";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { EtimsSummary } from "@app/shared/etims/queue";
import { etimsApi } from "../etims/etims-api.ts";
import { BUSINESS_A, ownerStore, stubApi } from "../../test/test-api.ts";
import { useEtimsPurchasesNotification } from "./use-etims-purchases.ts";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const summary: EtimsSummary = {
  connected: true,
  pending: 0,
  failed: 0,
  overdue: 0,
  oldestPendingAt: null,
  purchasesToConfirm: 2,
};

describe("the bell: suppliers' invoices from KRA to confirm", () => {
  it("tells the owner how many wait, links to Purchases from KRA, and leaves once none wait", async () => {
    let answer = summary;
    stubApi({ "GET /api/etims/summary": () => answer });
    const store = ownerStore();
    const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
    renderHook(() => useEtimsPurchasesNotification(), { wrapper });
    await waitFor(() => expect(store.getState().notifications.items).toHaveLength(1));
    expect(store.getState().notifications.items[0]).toMatchObject({
      id: `etims-purchases:${BUSINESS_A._id}`,
      businessId: BUSINESS_A._id,
      message: "2 supplier invoices from KRA are waiting for you to confirm them as a supply or an expense.",
      link: expect.stringMatching(/\/etims\/purchases$/),
      linkLabel: "Open purchases",
    });
    answer = { ...summary, purchasesToConfirm: 0 };
    store.dispatch(etimsApi.util.invalidateTags(["EtimsQueue"]));
    await waitFor(() => expect(store.getState().notifications.items).toEqual([]));
  });
});
