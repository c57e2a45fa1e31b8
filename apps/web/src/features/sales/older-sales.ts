import { businessDayRange, todayIn } from "@app/shared/inventory/daily-stock";
import { PAYMENT_METHODS, type RecordedPaymentMethod } from "@app/shared/sales/payments";
import type { Sale } from "@app/shared/sales/sale";

/** How many days Older Sales shows at first: the last 7, today included. */
export const DEFAULT_RANGE_DAYS = 7;

/** A calendar day ("yyyy-MM-dd") moved by whole days. */
export function shiftDay(day: string, days: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The last 7 days of the business's calendar, today included. */
export function defaultRange(timeZone: string, now: Date = new Date()): { from: string; to: string } {
  const to = todayIn(timeZone, now);
  return { from: shiftDay(to, 1 - DEFAULT_RANGE_DAYS), to };
}

/** The query of GET /sales/log/sales: from the start of the first day to the end of the last, in the business's zone. */
export function rangeInstants(from: string, to: string, timeZone: string): { startDate: string; endDate: string } {
  return { startDate: businessDayRange(from, timeZone).startDate, endDate: businessDayRange(to, timeZone).endDate };
}

export type MethodTotal = { method: RecordedPaymentMethod; amount: number; payments: number };

/**
 * What each payment method brought in over these sales (a split sale counts under each of its
 * methods). The till's methods are always listed; "Room" (a hotel's charge to room) when present.
 */
export function totalsByMethod(sales: readonly Sale[]): { methods: MethodTotal[]; amount: number; count: number } {
  const by = new Map<RecordedPaymentMethod, MethodTotal>(
    PAYMENT_METHODS.map((m) => [m, { method: m, amount: 0, payments: 0 }]),
  );
  let amount = 0;
  for (const s of sales) {
    amount += s.amount;
    for (const p of s.payments) {
      const t = by.get(p.method) ?? by.set(p.method, { method: p.method, amount: 0, payments: 0 }).get(p.method)!;
      t.amount += p.amount;
      t.payments += 1;
    }
  }
  return { methods: [...by.values()], amount, count: sales.length };
}
