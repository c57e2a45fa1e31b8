import type { Product } from "./product.ts";

/** Spec section 4: repeat a product's alert at most every 60 seconds. */
export const LOW_STOCK_REPEAT_MS = 60_000;

export type Notification = {
  id: string;
  message: string;
  type: string;
  businessId: string;
  priority: number;
  /** Where the notification is dealt with (the panel links there). */
  link?: string;
  /** The link's words ("Settle" when none). */
  linkLabel?: string;
};
type StockLevel = Pick<Product, "_id" | "name" | "quantity" | "reorderLevel" | "business">;

/** Low when a reorder level is set and the quantity is at or below it. */
export function isLowStock(p: Pick<Product, "quantity" | "reorderLevel">): boolean {
  return p.reorderLevel > 0 && p.quantity <= p.reorderLevel;
}

/** Emptier shelves first: out of stock is 100, otherwise how far below the level it has fallen. */
export function lowStockPriority(p: Pick<Product, "quantity" | "reorderLevel">): number {
  if (p.quantity <= 0) return 100;
  return Math.round(((p.reorderLevel - p.quantity) / p.reorderLevel) * 99);
}

export function lowStockNotification(p: StockLevel): Notification {
  const message =
    p.quantity <= 0
      ? `${p.name} is out of stock`
      : `${p.name} is low: ${p.quantity} left (reorder level ${p.reorderLevel})`;
  return {
    id: `low-stock:${p._id}`,
    message,
    type: p.quantity <= 0 ? "error" : "warning",
    businessId: p.business,
    priority: lowStockPriority(p),
  };
}

/** Highest priority first; ties by message so the order is stable. */
export function sortByPriority<T extends Notification>(list: readonly T[]): T[] {
  return [...list].sort((a, b) => b.priority - a.priority || a.message.localeCompare(b.message));
}

/**
 * Which of `list` should alert (toast) now: each notification at most once per
 * LOW_STOCK_REPEAT_MS. `lastAlerted` maps a notification id to when it last alerted; the
 * returned map (a copy) also holds the ones due now. `due` keeps the order of `list`.
 */
export function dueAlerts<T extends Pick<Notification, "id">>(
  list: readonly T[],
  lastAlerted: ReadonlyMap<string, number>,
  now: number,
): { due: T[]; lastAlerted: Map<string, number> } {
  const alerted = new Map(lastAlerted);
  const due = list.filter((n) => {
    const last = alerted.get(n.id);
    if (last !== undefined && now - last < LOW_STOCK_REPEAT_MS) return false;
    alerted.set(n.id, now);
    return true;
  });
  return { due, lastAlerted: alerted };
}

/**
 * Brings the low-stock notifications up to date with the latest stock levels: adds or
 * refreshes those of low products, removes those whose stock recovered or whose level was
 * cleared, keeps other notifications, and sorts by priority. `lastAlerted` and the returned
 * `alert` list are those of dueAlerts: which products should alert (toast) now.
 */
export function reconcileLowStock(
  current: readonly Notification[],
  products: readonly StockLevel[],
  lastAlerted: ReadonlyMap<string, number>,
  now: number,
): { notifications: Notification[]; alert: Notification[]; lastAlerted: Map<string, number> } {
  const seen = new Set(products.map((p) => `low-stock:${p._id}`));
  const kept = current.filter((n) => !seen.has(n.id));
  const low = products.filter(isLowStock).map(lowStockNotification);
  const alerts = dueAlerts(low, lastAlerted, now);
  return {
    notifications: sortByPriority([...kept, ...low]),
    alert: sortByPriority(alerts.due),
    lastAlerted: alerts.lastAlerted,
  };
}

/** Which products toasted on which day on this device: notification id -> "yyyy-mm-dd". */
export type ToastedDays = Readonly<Record<string, string>>;

/**
 * Which of `due` should raise a toast: each product at most once a day on a device (issue 20:
 * the bell keeps the list and its 60-second repeat; the toast came back after every sign-in).
 * `toasted` is what this device toasted; the returned map holds today's toasts only (older days
 * are dropped, so it never grows past one day's products).
 */
export function dueDailyToasts<T extends Pick<Notification, "id">>(
  due: readonly T[],
  toasted: ToastedDays,
  today: string,
): { toast: T[]; toasted: Record<string, string> } {
  const kept: Record<string, string> = {};
  for (const [id, day] of Object.entries(toasted)) if (day === today) kept[id] = day;
  const toast = due.filter((n) => kept[n.id] === undefined);
  for (const n of toast) kept[n.id] = today;
  return { toast, toasted: kept };
}
