import { t } from "@lingui/core/macro";
import { i18n } from "@lingui/core";
import { pickerDateLocale } from "../locales/date-fns-sw.ts";
import { AdapterDateFns } from "@mui/x-date-pickers/AdapterDateFns";
import { DatePicker as MuiDatePicker } from "@mui/x-date-pickers/DatePicker";
import { LocalizationProvider } from "@mui/x-date-pickers/LocalizationProvider";
import { useEffect, useMemo, useRef, useState } from "react";

/** Spec section 9: the date picker's default format; section 5: the text for a bad date. */
export const DATE_PICKER_FORMAT = "MM/dd/yyyy";
export const INVALID_DATE_TEXT = "Date input not valid.";

/** "yyyy-MM-dd" <-> a local Date at midnight: a calendar day, whatever the browser's zone. */
export const dayToDate = (day: string) => {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
};
export const dateToDay = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;

type Props = {
  label: string;
  day: string;
  onChange: (day: string) => void;
  format?: string;
  disableFuture?: boolean;
  minDay?: string;
  maxDay?: string;
  /** Days that cannot be chosen (spec section 5: excluded dates are refused), "yyyy-MM-dd". */
  excludeDays?: readonly string[];
};

/** A typed date is reported this long after the last key (or at once on Enter or leaving the field). */
export const TYPED_DATE_SETTLE_MS = 700;

const validDay = (value: Date | null) => (value && !Number.isNaN(value.getTime()) ? dateToDay(value) : null);

/**
 * A calendar-day picker (MUI X). Invalid input, and disabled or excluded dates, are refused: the value
 * stays and 'Date input not valid.' is shown until the input is a valid, allowed day.
 *
 * A day picked in the calendar is reported at once. A typed day is reported only once typing has
 * settled (TYPED_DATE_SETTLE_MS), on Enter or on leaving the field, and only when it is complete
 * and valid: "11/21/2026" typed key by key passes through 01/21/2026 (the month's first digit),
 * and reporting that made the page reload mid-typing, and the reload's older day came back into
 * the field under the next keys (issue 20: 11/21/2026 typed at 40 ms a key became 01/21/2026).
 */
export function DatePicker({
  label,
  day,
  onChange,
  format = DATE_PICKER_FORMAT,
  disableFuture,
  minDay,
  maxDay,
  excludeDays,
}: Props) {
  const excluded = useMemo(() => new Set(excludeDays ?? []), [excludeDays]);
  const [invalid, setInvalid] = useState(false);
  // What the field shows while it differs from `day`: what is being typed (valid or not), or a day
  // reported and not yet back as `day`. The field is controlled by it, so the parent's re-renders
  // never put an older day under the keys being typed.
  const [draft, setDraft] = useState<{ value: Date | null; valid: boolean } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const reported = useRef<string | null>(null);
  const report = useLatest((value: Date | null) => {
    clearTimeout(timer.current);
    timer.current = undefined;
    const next = validDay(value);
    if (next === null || next === day) return;
    reported.current = next;
    onChange(next);
  });
  // A new `day` from outside (a reset, Back) replaces the draft; the echo of our own report does not.
  useEffect(() => {
    if (day === reported.current) {
      reported.current = null;
      if (timer.current === undefined) setDraft((d) => (d && d.valid && validDay(d.value) === day ? null : d));
      return;
    }
    clearTimeout(timer.current);
    timer.current = undefined;
    reported.current = null;
    setDraft(null);
    setInvalid(false);
  }, [day]);
  useEffect(() => () => clearTimeout(timer.current), []);
  const flush = () => {
    if (timer.current !== undefined && draft?.valid) report.current(draft.value);
  };
  return (
    <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={pickerDateLocale(i18n.locale)}>
      <MuiDatePicker
        label={label}
        value={draft ? draft.value : dayToDate(day)}
        format={format}
        disableFuture={disableFuture}
        minDate={minDay ? dayToDate(minDay) : undefined}
        maxDate={maxDay ? dayToDate(maxDay) : undefined}
        shouldDisableDate={excluded.size ? (date) => excluded.has(dateToDay(date)) : undefined}
        onError={(reason) => setInvalid(reason !== null)}
        onChange={(value, context) => {
          const valid = context.validationError === null && validDay(value) !== null;
          setDraft({ value, valid });
          setInvalid(!valid);
          clearTimeout(timer.current);
          timer.current = undefined;
          if (!valid) return;
          if (context.source === "view") return report.current(value);
          timer.current = setTimeout(() => report.current(value), TYPED_DATE_SETTLE_MS);
        }}
        slotProps={{
          textField: {
            size: "small",
            error: invalid,
            helperText: invalid ? t`Date input not valid.` : undefined,
            onBlur: flush,
            onKeyDown: (e: React.KeyboardEvent) => {
              if (e.key === "Enter") flush();
            },
          },
        }}
      />
    </LocalizationProvider>
  );
}

/** A ref that always holds the latest value (for callbacks run later by timers). */
function useLatest<T>(value: T) {
  const ref = useRef(value);
  useEffect(() => {
    ref.current = value;
  });
  return ref;
}
