import { i18n } from "@lingui/core";
import { DEFAULT_TIME_ZONE } from "@app/shared/businesses/business";

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Dates in the user's language: month names in Swahili ("12 Mac 2026") or English ("12 Mar 2026"). */
function formatterFor(timeZone: string, withTime: boolean): Intl.DateTimeFormat {
  const locale = i18n.locale === "sw" ? "sw-KE" : "en-KE";
  const key = `${locale}|${timeZone}|${withTime}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(
      locale,
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

/** The locale dates are written in: the user's language (Swahili month names in Swahili). */
export const dateLocale = (): string => (i18n.locale === "sw" ? "sw-KE" : "en-KE");
