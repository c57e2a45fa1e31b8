import { AdapterDateFns } from "@mui/x-date-pickers/AdapterDateFns";
import { DatePicker } from "@mui/x-date-pickers/DatePicker";
import { LocalizationProvider } from "@mui/x-date-pickers/LocalizationProvider";
import { useState } from "react";

/** Spec section 9: the date picker's default format; section 5: the text for a bad date. */
const FORMAT = "MM/dd/yyyy";
const INVALID = "Date input not valid.";

const toDate = (day: string) => {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
};
const toDay = (date: Date) => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;

type Props = { label: string; day: string; onChange: (day: string) => void; minDay?: string; maxDay?: string };

/** A calendar day ("yyyy-MM-dd"). Invalid input and days outside min/max are refused with 'Date input not valid.'. */
export function DayPicker({ label, day, onChange, minDay, maxDay }: Props) {
  const [invalid, setInvalid] = useState(false);
  return (
    <LocalizationProvider dateAdapter={AdapterDateFns}>
      <DatePicker
        label={label}
        value={toDate(day)}
        format={FORMAT}
        minDate={minDay ? toDate(minDay) : undefined}
        maxDate={maxDay ? toDate(maxDay) : undefined}
        onError={(reason) => setInvalid(reason !== null)}
        onChange={(value, context) => {
          if (context.validationError !== null || !value || Number.isNaN(value.getTime())) return setInvalid(true);
          setInvalid(false);
          onChange(toDay(value));
        }}
        slotProps={{ textField: { size: "small", error: invalid, helperText: invalid ? INVALID : undefined } }}
      />
    </LocalizationProvider>
  );
}
