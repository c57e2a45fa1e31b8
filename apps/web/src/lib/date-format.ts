import { DEFAULT_TIME_ZONE } from "@app/shared/businesses/business";

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string, withTime: boolean): Intl.DateTimeFormat {
  const key = `${timeZone}|${withTime}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(
      "en-KE",
      withTime ? { dateStyle: "medium", timeStyle: "short", timeZone } : { dateStyle: "medium", timeZone },
    );
    formatters.set(key, f);
  }
  return f;
}

/** An ISO instant as the business's clock shows it, e.g. "12 Mar 2026, 14:05". */
export function formatDateTime(iso: string | null | undefined, timeZone = DEFAULT_TIME_ZONE): string {
  if (!iso) return "";
  return formatterFor(timeZone, true).format(new Date(iso));
}

/** An ISO instant as a date of the business's calendar, e.g. "12 Mar 2026". */
export function formatDate(iso: string | null | undefined, timeZone = DEFAULT_TIME_ZONE): string {
  if (!iso) return "";
  return formatterFor(timeZone, false).format(new Date(iso));
}
