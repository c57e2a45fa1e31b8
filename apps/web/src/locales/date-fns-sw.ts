import { enUS as dateFnsEnUS } from "date-fns/locale/en-US";
import type { Locale } from "date-fns";

/** Month and day names in Swahili from the browser's own data (Intl), in date-fns's shape. */
function names(options: Intl.DateTimeFormatOptions, count: number, dateOf: (i: number) => Date): string[] {
  const f = new Intl.DateTimeFormat("sw-KE", { ...options, timeZone: "UTC" });
  return Array.from({ length: count }, (_, i) => f.format(dateOf(i)));
}
const month = (width: "long" | "short" | "narrow") =>
  names({ month: width }, 12, (i) => new Date(Date.UTC(2026, i, 15)));
// 2026-03-01 is a Sunday: date-fns counts days from Sunday (0).
const day = (width: "long" | "short" | "narrow") =>
  names({ weekday: width }, 7, (i) => new Date(Date.UTC(2026, 2, 1 + i)));

type Width = "narrow" | "short" | "abbreviated" | "wide";
const MONTHS: Record<Width, string[]> = {
  narrow: month("narrow"),
  short: month("short"),
  abbreviated: month("short"),
  wide: month("long"),
};
const DAYS: Record<Width, string[]> = {
  narrow: day("narrow"),
  short: day("short"),
  abbreviated: day("short"),
  wide: day("long"),
};

/** date-fns has no Swahili locale: English's rules (week from Sunday, formats) with Swahili names. */
export const dateFnsSw: Locale = {
  ...dateFnsEnUS,
  code: "sw",
  localize: {
    ...dateFnsEnUS.localize,
    month: (n, options) => MONTHS[(options?.width as Width | undefined) ?? "wide"][n]!,
    day: (n, options) => DAYS[(options?.width as Width | undefined) ?? "wide"][n]!,
  },
};

/** date-fns's locale of the current language, for the date pickers' calendars (month and day names). */
export function pickerDateLocale(language: string): Locale | undefined {
  return language === "sw" ? dateFnsSw : undefined;
}
