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

describe("low-stock toasts (spec section 4, issue 20)", () => {
  it("each product toasts once a day on a device: not on the next polls, nor after signing in again, but the next day", async () => {
    let now = new Date(2026, 10, 25, 9, 0).getTime();
    vi.spyOn(Date, "now").mockImplementation(() => now);
    localStorage.clear();
    const warn = vi.spyOn(toast, "warn").mockImplementation(() => "");
    let answer = [low("1", 2)];
    stubApi({ "GET /api/notifications": () => answer });
    const store = ownerStore();
    const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
    const first = renderHook(() => useLowStockNotifications(), { wrapper });
    await waitFor(() => expect(warn).toHaveBeenCalledTimes(1));
    expect(store.getState().notifications.items.map((n) => n.id)).toEqual(["low-stock:1"]);

    // A minute later P1 is lower still and P2 is new: the bell lists both; only P2 toasts.
    now += LOW_STOCK_REPEAT_MS;
    answer = [low("1", 1), low("2", 3)];
    store.dispatch(lowStockApi.util.invalidateTags(["Notification"]));
    await waitFor(() => expect(store.getState().notifications.items).toHaveLength(2));
    expect(warn.mock.calls.map((c) => c[0])).toEqual([low("1", 2).message, low("2", 3).message]);

    // Signed in again (a new app on this device) the same day: no toast; the bell still lists them.
    first.unmount();
    const again = ownerStore();
    const wrapAgain = ({ children }: { children: ReactNode }) => <Provider store={again}>{children}</Provider>;
    const second = renderHook(() => useLowStockNotifications(), { wrapper: wrapAgain });
    await waitFor(() => expect(again.getState().notifications.items).toHaveLength(2));
    expect(warn).toHaveBeenCalledTimes(2);

    // The next day each toasts once more.
    second.unmount();
    now = new Date(2026, 10, 26, 8, 0).getTime();
    const nextDay = ownerStore();
    const wrapNext = ({ children }: { children: ReactNode }) => <Provider store={nextDay}>{children}</Provider>;
    renderHook(() => useLowStockNotifications(), { wrapper: wrapNext });
    await waitFor(() => expect(warn).toHaveBeenCalledTimes(4));
    expect(warn.mock.calls.slice(2).map((c) => c[0])).toEqual([low("1", 1).message, low("2", 3).message]);
  });
});
