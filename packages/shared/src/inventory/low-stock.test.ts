import { describe, expect, it } from "vitest";
import {
  dueAlerts,
  dueDailyToasts,
  isLowStock,
  LOW_STOCK_REPEAT_MS,
  lowStockNotification,
  reconcileLowStock,
  sortByPriority,
  type Notification,
} from "./low-stock.ts";

const B = "00000000-0000-4000-8000-00000000000b";
const product = (id: string, quantity: number, reorderLevel: number, name = `P${id}`) => ({
  _id: id,
  name,
  quantity,
  reorderLevel,
  business: B,
});

describe("low stock (spec section 4)", () => {
  it("is low when reorderLevel > 0 and quantity <= reorderLevel", () => {
    expect(isLowStock({ quantity: 5, reorderLevel: 5 })).toBe(true);
    expect(isLowStock({ quantity: 0, reorderLevel: 1 })).toBe(true);
    expect(isLowStock({ quantity: 6, reorderLevel: 5 })).toBe(false);
    expect(isLowStock({ quantity: 0, reorderLevel: 0 })).toBe(false);
  });

  it("adds a notification for a low product, for its business", () => {
    const { notifications, alert } = reconcileLowStock([], [product("1", 2, 5)], new Map(), 0);
    expect(notifications).toEqual([lowStockNotification(product("1", 2, 5))]);
    expect(notifications[0]).toMatchObject({ businessId: B, type: "warning" });
    expect(alert).toHaveLength(1);
  });

  it("removes it when stock recovers or the reorder level is cleared", () => {
    const first = reconcileLowStock([], [product("1", 2, 5), product("2", 1, 3)], new Map(), 0);
    const recovered = reconcileLowStock(first.notifications, [product("1", 9, 5)], first.lastAlerted, 1000);
    expect(recovered.notifications.map((n) => n.id)).toEqual(["low-stock:2"]);
    const cleared = reconcileLowStock(recovered.notifications, [product("2", 1, 0)], recovered.lastAlerted, 2000);
    expect(cleared.notifications).toEqual([]);
  });

  it("keeps notifications sorted by priority, highest first", () => {
    const { notifications } = reconcileLowStock(
      [],
      [product("a", 4, 5), product("b", 0, 5), product("c", 1, 5)],
      new Map(),
      0,
    );
    expect(notifications.map((n) => n.id)).toEqual(["low-stock:b", "low-stock:c", "low-stock:a"]);
    expect(notifications.map((n) => n.priority)).toEqual(
      [...notifications.map((n) => n.priority)].sort((x, y) => y - x),
    );
  });

  it("keeps other notifications untouched", () => {
    const other: Notification = { id: "x", message: "Other", type: "info", businessId: B, priority: 50 };
    const { notifications } = reconcileLowStock([other], [product("1", 9, 5)], new Map(), 0);
    expect(notifications).toEqual([other]);
  });

  it("alerts for each product at most every 60 seconds", () => {
    const first = reconcileLowStock([], [product("1", 2, 5)], new Map(), 0);
    expect(first.alert).toHaveLength(1);
    const soon = reconcileLowStock(
      first.notifications,
      [product("1", 1, 5)],
      first.lastAlerted,
      LOW_STOCK_REPEAT_MS - 1,
    );
    expect(soon.alert).toHaveLength(0);
    expect(soon.notifications[0]!.message).toContain("1 left"); // the notification itself is refreshed
    const later = reconcileLowStock(soon.notifications, [product("1", 1, 5)], soon.lastAlerted, LOW_STOCK_REPEAT_MS);
    expect(later.alert).toHaveLength(1);
  });

  it("dueAlerts: each notification alerts at once, then not again until 60 seconds have passed", () => {
    const list = [lowStockNotification(product("1", 0, 5)), lowStockNotification(product("2", 2, 5))];
    const first = dueAlerts(list, new Map(), 1000);
    expect(first.due).toEqual(list);
    expect(first.lastAlerted).toEqual(
      new Map([
        ["low-stock:1", 1000],
        ["low-stock:2", 1000],
      ]),
    );
    expect(dueAlerts(list, first.lastAlerted, 1000 + LOW_STOCK_REPEAT_MS - 1).due).toEqual([]);
    expect(dueAlerts(list, first.lastAlerted, 1000 + LOW_STOCK_REPEAT_MS).due).toEqual(list);
  });

  it("dueAlerts: the 60 seconds run per notification; a new one alerts while others wait", () => {
    const a = lowStockNotification(product("a", 1, 5));
    const b = lowStockNotification(product("b", 1, 5));
    const first = dueAlerts([a], new Map(), 0);
    const second = dueAlerts([a, b], first.lastAlerted, 30_000);
    expect(second.due).toEqual([b]);
    expect(dueAlerts([a, b], second.lastAlerted, LOW_STOCK_REPEAT_MS).due).toEqual([a]);
    expect(dueAlerts([a, b], second.lastAlerted, 30_000 + LOW_STOCK_REPEAT_MS).due).toEqual([a, b]);
  });

  it("dueAlerts keeps the list's order and leaves the given map alone", () => {
    const list = ["3", "1", "2"].map((id) => lowStockNotification(product(id, 1, 5)));
    const given = new Map([["low-stock:1", 0]]);
    const { due, lastAlerted } = dueAlerts(list, given, 10);
    expect(due.map((n) => n.id)).toEqual(["low-stock:3", "low-stock:2"]);
    expect(given).toEqual(new Map([["low-stock:1", 0]]));
    expect(lastAlerted.get("low-stock:1")).toBe(0);
  });

  it("sortByPriority is stable for equal priorities", () => {
    const n = (id: string, message: string): Notification => ({ id, message, type: "t", businessId: B, priority: 1 });
    expect(sortByPriority([n("2", "b"), n("1", "a")]).map((x) => x.id)).toEqual(["1", "2"]);
  });
});

describe("dueDailyToasts (issue 20: a product's toast once a day per device)", () => {
  const a = { id: "low-stock:a" };
  const b = { id: "low-stock:b" };
  it("toasts a product once a day, again the next day, and forgets older days", () => {
    const first = dueDailyToasts([a], {}, "2026-11-25");
    expect(first.toast).toEqual([a]);
    expect(first.toasted).toEqual({ "low-stock:a": "2026-11-25" });
    // Signed in again the same day: only the product not yet toasted today.
    const again = dueDailyToasts([a, b], first.toasted, "2026-11-25");
    expect(again.toast).toEqual([b]);
    const nextDay = dueDailyToasts([a, b], { ...again.toasted, "low-stock:old": "2026-11-20" }, "2026-11-26");
    expect(nextDay.toast).toEqual([a, b]);
    expect(nextDay.toasted).toEqual({ "low-stock:a": "2026-11-26", "low-stock:b": "2026-11-26" });
  });
});
