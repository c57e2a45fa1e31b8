import { cleanup, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { Provider } from "react-redux";
import { toast } from "react-toastify";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LOW_STOCK_REPEAT_MS, type Notification } from "@app/shared/inventory/low-stock";
import { lowStockApi } from "./notifications-api.ts";
import { BUSINESS_A, ownerStore, stubApi } from "../../test/test-api.ts";
import { useLowStockNotifications } from "./use-low-stock.ts";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const low = (id: string, left: number): Notification => ({
  id: `low-stock:${id}`,
  message: `P${id} is low: ${left} left (reorder level 5)`,
  type: "warning",
  businessId: BUSINESS_A._id,
  priority: 50,
});

describe("low-stock toasts (spec section 4)", () => {
  it("each product toasts at once, not again within 60 s of its last toast, and again after", async () => {
    let now = 1_000_000;
    vi.spyOn(Date, "now").mockImplementation(() => now);
    const warn = vi.spyOn(toast, "warn").mockImplementation(() => "");
    let answer = [low("1", 2)];
    stubApi({ "GET /api/notifications": () => answer });
    const store = ownerStore();
    const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
    renderHook(() => useLowStockNotifications(), { wrapper });
    await waitFor(() => expect(warn).toHaveBeenCalledTimes(1));
    expect(store.getState().notifications.items.map((n) => n.id)).toEqual(["low-stock:1"]);

    // A sale 59.999 s later: P1 is lower still and P2 is new; only P2 toasts.
    now += LOW_STOCK_REPEAT_MS - 1;
    answer = [low("1", 1), low("2", 3)];
    store.dispatch(lowStockApi.util.invalidateTags(["Notification"]));
    await waitFor(() => expect(store.getState().notifications.items).toHaveLength(2));
    expect(warn.mock.calls.map((c) => c[0])).toEqual([low("1", 2).message, low("2", 3).message]);

    // One more millisecond: 60 s since P1's toast, so P1 toasts again; P2 still waits.
    now += 1;
    answer = [low("1", 0), low("2", 3)];
    store.dispatch(lowStockApi.util.invalidateTags(["Notification"]));
    await waitFor(() => expect(warn).toHaveBeenCalledTimes(3));
    expect(warn.mock.calls[2]![0]).toBe(low("1", 0).message);
  });
});
