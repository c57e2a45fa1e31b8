import { TZDate } from "@date-fns/tz";
import type { Promotion } from "./promotion-schema.ts";

// Promotions the owner defines (issue 31 item 2): pure rules the till and the server share, so
// the till shows exactly what the server charges.
//
// Arithmetic, stated once (amounts integer cents, quantities whole units, no floats):
// - price: the special unit price x quantity (never above the list price).
// - buyXgetY: in each full group of X + Y units, Y are free; of what is left over, at most X are
//   paid and the rest (the start of the free part) is free too. Buy 2 get 1: 3 pay 2, 6 pay 4, 4 pay 3.
// - quantityBreak: each full N units cost the amount, the rest list price. 3 for KES 100 at
//   KES 40: 7 units = 2 x 100 + 1 x 40 = 240.
// - A line's promoted total is never above its list total (a "promotion" dearer than list does nothing).
// - When it runs: within the period (from inclusive, to exclusive), on one of its days (none: every
//   day) and within its daily window (from inclusive, to exclusive, same day), read in the
//   business's time zone (Africa/Nairobi unless the business chose another). An inactive one never runs.
// - Several promotions on one product: the one that gives the lowest total (best for the
//   customer); on a tie, the one with the smaller id, so till and server pick the same.
//
// How promotions meet the discounts of pos/discounts.ts:
// - A promotion applies to lines without a manual adjustment. A cashier's line discount or price
//   override replaces the line's promotion (it is taken off the list total as before).
// - The ticket discount comes after, on the promoted totals.
// - The owner set the promotion, so it does not count against a cashier's discount limit: the
//   limit's base for a promoted line is its promoted total, not its list total.

/** "yyyy-MM-ddTHH:mm" typed for the business's time zone, as an ISO moment ("" -> null). */
export function isoOfLocal(text: string, timeZone: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(text);
  if (!m) return null;
  const [, y, mo, d, h, mi] = m.map(Number) as [number, number, number, number, number, number];
  return new Date(new TZDate(y, mo - 1, d, h, mi, 0, timeZone).getTime()).toISOString();
}

/** An ISO moment as "yyyy-MM-ddTHH:mm" in the business's time zone (for a datetime-local field). */
export function localOfIso(iso: string | null, timeZone: string): string {
  if (!iso) return "";
  const t = new TZDate(Date.parse(iso), timeZone);
  const p = (n: number) => String(n).padStart(2, "0");
  return `${t.getFullYear()}-${p(t.getMonth() + 1)}-${p(t.getDate())}T${p(t.getHours())}:${p(t.getMinutes())}`;
}

/** What the rules need of a promotion (the API's Promotion has these fields). */
export type PromotionRule = Pick<
  Promotion,
  | "_id"
  | "name"
  | "kind"
  | "productIds"
  | "unitPrice"
  | "buyQuantity"
  | "freeQuantity"
  | "breakQuantity"
  | "breakAmount"
  | "startsAt"
  | "endsAt"
  | "days"
  | "dailyFrom"
  | "dailyTo"
  | "active"
>;

/** The promotion a line took: its id, name, and the line's promoted total. */
export type AppliedPromotion = { id: string; name: string; total: number };

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Whether a promotion runs at a moment, in the business's time zone. */
export function promotionRunsAt(p: PromotionRule, at: Date, timeZone: string): boolean {
  if (!p.active) return false;
  const t = at.getTime();
  if (p.startsAt && t < Date.parse(p.startsAt)) return false;
  if (p.endsAt && t >= Date.parse(p.endsAt)) return false;
  const local = new TZDate(t, timeZone);
  const isoDay = local.getDay() === 0 ? 7 : local.getDay();
  if (p.days.length && !p.days.includes(isoDay)) return false;
  if (p.dailyFrom && p.dailyTo) {
    const m = local.getHours() * 60 + local.getMinutes();
    if (m < minutesOf(p.dailyFrom) || m >= minutesOf(p.dailyTo)) return false;
  }
  return true;
}

/** What `quantity` units at `listUnitPrice` cost under a promotion (never above the list total). */
export function promotedTotal(p: PromotionRule, listUnitPrice: number, quantity: number): number {
  const list = listUnitPrice * quantity;
  let total = list;
  if (p.kind === "price" && p.unitPrice != null) total = p.unitPrice * quantity;
  if (p.kind === "buyXgetY" && p.buyQuantity && p.freeQuantity) {
    const group = p.buyQuantity + p.freeQuantity;
    const paid = Math.floor(quantity / group) * p.buyQuantity + Math.min(quantity % group, p.buyQuantity);
    total = paid * listUnitPrice;
  }
  if (p.kind === "quantityBreak" && p.breakQuantity && p.breakAmount != null) {
    total = Math.floor(quantity / p.breakQuantity) * p.breakAmount + (quantity % p.breakQuantity) * listUnitPrice;
  }
  return Math.min(total, list);
}

export type PromotionLine = { productId: string; listUnitPrice: number; quantity: number; adjusted?: boolean };

/**
 * For each line: the best running promotion on its product and the line's promoted total, or
 * null (none runs, none saves anything, or the line carries a manual adjustment).
 */
export function applyPromotions(
  lines: readonly PromotionLine[],
  promotions: readonly PromotionRule[],
  at: Date,
  timeZone: string,
): (AppliedPromotion | null)[] {
  const running = promotions.filter((p) => promotionRunsAt(p, at, timeZone));
  return lines.map((l) => {
    if (l.adjusted) return null;
    const list = l.listUnitPrice * l.quantity;
    let best: AppliedPromotion | null = null;
    for (const p of running) {
      if (!p.productIds.includes(l.productId)) continue;
      const total = promotedTotal(p, l.listUnitPrice, l.quantity);
      if (total >= list) continue;
      if (!best || total < best.total || (total === best.total && p._id < best.id))
        best = { id: p._id, name: p.name, total };
    }
    return best;
  });
}

/** The reason a sale line keeps for its promotion. */
export const promotionReason = (name: string) => `Promotion: ${name}`;

/** The status the owner's list shows. */
export type PromotionStatus = "running" | "scheduled" | "ended" | "off";

/**
 * running: on now; scheduled: active and will run (its period not begun, or outside today's days
 * or hours); ended: its period is over; off: turned off by the owner.
 */
export function promotionStatus(p: PromotionRule, at: Date, timeZone: string): PromotionStatus {
  if (!p.active) return "off";
  if (p.endsAt && at.getTime() >= Date.parse(p.endsAt)) return "ended";
  return promotionRunsAt(p, at, timeZone) ? "running" : "scheduled";
}
