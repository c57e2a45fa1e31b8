import { AdapterDateFns } from "@mui/x-date-pickers/AdapterDateFns";
import { DatePicker as MuiDatePicker } from "@mui/x-date-pickers/DatePicker";
import { LocalizationProvider } from "@mui/x-date-pickers/LocalizationProvider";
import { useState } from "react";

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
};

/**
 * A calendar-day picker (MUI X). Invalid input, and disabled dates, are refused: the value
 * stays and 'Date input not valid.' is shown until the input is a valid, allowed day.
 */
export function DatePicker({
  label,
  day,
  onChange,
  format = DATE_PICKER_FORMAT,
  disableFuture,
  minDay,
  maxDay,
}: Props) {
  const [invalid, setInvalid] = useState(false);
  // What is typed while it is not an allowed day. The picker shows it (controlled by it), so that
  // typing on to a valid day is a change it reports: a year typed digit by digit passes through
  // 0002, 0020 and 0202, and without this the return to the day already held went unreported and
  // 'Date input not valid.' stayed under a valid date.
  const [typed, setTyped] = useState<Date | null>(null);
  return (
    <LocalizationProvider dateAdapter={AdapterDateFns}>
      <MuiDatePicker
        label={label}
        value={typed ?? dayToDate(day)}
        format={format}
        disableFuture={disableFuture}
        minDate={minDay ? dayToDate(minDay) : undefined}
        maxDate={maxDay ? dayToDate(maxDay) : undefined}
        onError={(reason) => setInvalid(reason !== null)}
        onChange={(value, context) => {
          if (context.validationError !== null || !value || Number.isNaN(value.getTime())) {
            setTyped(value);
            return setInvalid(true);
          }
          setTyped(null);
          setInvalid(false);
          onChange(dateToDay(value));
        }}
        slotProps={{
          textField: { size: "small", error: invalid, helperText: invalid ? INVALID_DATE_TEXT : undefined },
        }}
      />
    </LocalizationProvider>
  );
}
