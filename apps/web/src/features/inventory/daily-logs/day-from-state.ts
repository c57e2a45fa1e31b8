import { todayIn } from "@app/shared/inventory/daily-stock";

/**
 * The day the Daily Stock Report opens on (spec section 2: from navigation state, else today).
 * Callers navigate here with state { date } as "yyyy-MM-dd", an ISO time, or a Date; a time
 * is read as the business day it falls in. Anything else means today.
 */
export function dayFromNavigationState(state: unknown, timeZone: string, now: Date = new Date()): string {
  const date = (state as { date?: unknown } | null | undefined)?.date;
  if (typeof date === "string" && /^\d{4}-\d{2}-\d{2}$/.test(date) && !Number.isNaN(Date.parse(`${date}T00:00:00Z`)))
    return date;
  const time =
    date instanceof Date
      ? date.getTime()
      : typeof date === "string" || typeof date === "number"
        ? new Date(date).getTime()
        : NaN;
  return todayIn(timeZone, Number.isNaN(time) ? now : new Date(time));
}
