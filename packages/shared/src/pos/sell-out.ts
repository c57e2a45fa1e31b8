/**
 * "Sells out soon" on the till's tiles (issue 31 item 8): a product whose stock, at the rate it
 * sold lately, runs out before its next delivery is due by its supply history. Without zod: the
 * till loads it.
 */

/** The days the selling rate is measured over. */
export const SELL_RATE_DAYS = 28;
/** The days of deliveries the usual gap between two is taken from. */
export const DELIVERY_HISTORY_DAYS = 180;
/** The tiles (the first of the list) a hint is worked out for: those a cashier sees first. */
export const SELL_OUT_TILES = 200;

export type SellOutFacts = {
  /** Units in stock now. */
  quantity: number;
  /** Units sold in the last SELL_RATE_DAYS days (voids taken back). */
  sold: number;
  /** Deliveries in the last DELIVERY_HISTORY_DAYS days, and the days from the first to the last of them. */
  deliveries: number;
  deliverySpanDays: number;
  /** Days since the last delivery. */
  daysSinceDelivery: number;
};

/**
 * True when the stock lasts fewer days than remain until the next usual delivery. The usual gap
 * is the average between deliveries (at least two are needed: with fewer there is no habit to go
 * by, and no hint); a delivery already overdue is expected within a day. Example: 4 in stock,
 * 56 sold in 28 days (2 a day: 2 days left), deliveries every 7 days, the last 3 days ago (due in
 * 4): sells out soon.
 */
export function sellsOutSoon(f: SellOutFacts): boolean {
  if (f.quantity <= 0 || f.sold <= 0 || f.deliveries < 2 || f.deliverySpanDays <= 0) return false;
  const perDay = f.sold / SELL_RATE_DAYS;
  const usualGap = f.deliverySpanDays / (f.deliveries - 1);
  const dueIn = Math.max(1, usualGap - f.daysSinceDelivery);
  return f.quantity / perDay < dueIn;
}
