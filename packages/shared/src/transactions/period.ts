import { businessDayRange } from "../inventory/daily-stock.ts";

/** The periods the money pages filter by (/transactions, /expenses, /receipts). */
export const PERIODS = ["today", "yesterday", "week", "month", "lastMonth", "all", "custom"] as const;
export type Period = (typeof PERIODS)[number];

const shift = (day: string, days: number) => {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
};

/**
 * The instants a period runs between, in the business's time zone: from the start of its first
 * day (inclusive) to the start of the day after its last (exclusive). `today` is the business's
 * date ("yyyy-MM-dd"); a week starts on Monday; `all` has no bounds.
 */
export function periodRange(
  period: Period,
  today: string,
  timeZone: string,
  custom: { from: string; to: string } = { from: today, to: today },
): { from?: string; to?: string } {
  const days = (first: string, last: string) => ({
    from: businessDayRange(first, timeZone).startDate,
    to: businessDayRange(shift(last, 1), timeZone).startDate,
  });
  const [y, m] = today.split("-").map(Number) as [number, number];
  const monthStart = `${y}-${String(m).padStart(2, "0")}-01`;
  switch (period) {
    case "today":
      return days(today, today);
    case "yesterday":
      return days(shift(today, -1), shift(today, -1));
    case "week": {
      const weekday = (new Date(`${today}T12:00:00Z`).getUTCDay() + 6) % 7; // Monday 0
      return days(shift(today, -weekday), today);
    }
    case "month":
      return days(monthStart, today);
    case "lastMonth": {
      const lastDay = shift(monthStart, -1);
      return days(`${lastDay.slice(0, 7)}-01`, lastDay);
    }
    case "custom":
      return custom.from <= custom.to ? days(custom.from, custom.to) : days(custom.to, custom.from);
    case "all":
      return {};
  }
}
