import { currentLocale } from "../../../lib/i18n/i18n.ts";

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${currentLocale()}|${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(currentLocale(), { ...options, timeZone: "UTC" });
    formatters.set(key, f);
  }
  return f;
}
const utc = (day: string) => new Date(`${day}T00:00:00Z`);

/** A calendar day ("yyyy-MM-dd") as people read it: "Fri 5 Jun 2026" (a day, not an instant: no time zone moves it). */
export const formatDay = (day: string) =>
  formatter({ weekday: "short", day: "numeric", month: "short", year: "numeric" }).format(utc(day));

/** Short, for board headers: "Fri 5". */
export const formatDayShort = (day: string) => formatter({ weekday: "short", day: "numeric" }).format(utc(day));

/** A month ("yyyy-MM"): "June 2026". */
export const formatMonth = (month: string) => formatter({ month: "long", year: "numeric" }).format(utc(`${month}-01`));
