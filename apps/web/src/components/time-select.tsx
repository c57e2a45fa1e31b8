import { MenuItem, TextField } from "@mui/material";

/** Spec section 9: the time select's interval, 30 minutes by default. */
export const TIME_STEP_MINUTES = 30;

const pad = (n: number) => String(n).padStart(2, "0");
/** "HH:mm" of a moment, in the browser's time. */
export const timeOf = (date: Date) => `${pad(date.getHours())}:${pad(date.getMinutes())}`;

/**
 * The times of day a time select offers: every `step` minutes from 00:00 ("00:00", "00:30", ...,
 * "23:30" by default), plus `keep` (the time already chosen, e.g. "now" as a default) when it falls
 * between two steps, in order.
 */
export function timeSlots(step = TIME_STEP_MINUTES, keep?: string): string[] {
  const slots: string[] = [];
  for (let m = 0; m < 24 * 60; m += step) slots.push(`${pad(Math.floor(m / 60))}:${pad(m % 60)}`);
  if (keep && !slots.includes(keep)) slots.push(keep);
  return slots.sort();
}

/** The moment of `date`'s day at `time` ("HH:mm"), seconds cleared. */
export function atTime(date: Date, time: string): Date {
  const [h, m] = time.split(":").map(Number) as [number, number];
  const next = new Date(date);
  next.setHours(h, m, 0, 0);
  return next;
}

type Props = {
  label: string;
  /** "HH:mm". */
  value: string;
  onChange: (time: string) => void;
  /** Times after this one ("HH:mm") cannot be chosen (e.g. later than now today). */
  maxTime?: string;
  disabled?: boolean;
  step?: number;
  /** Offer "no time" too: this label, for the value "" (an optional time). */
  noneLabel?: string;
  error?: boolean;
  helperText?: string;
  fullWidth?: boolean;
};

/** A time-of-day select in 30-minute steps (spec section 9), for the forms that take a time. */
export function TimeSelect({
  label,
  value,
  onChange,
  maxTime,
  disabled,
  step = TIME_STEP_MINUTES,
  noneLabel,
  error,
  helperText,
  fullWidth,
}: Props) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      disabled={disabled}
      error={error}
      helperText={helperText}
      fullWidth={fullWidth}
      slotProps={{
        inputLabel: noneLabel === undefined ? undefined : { shrink: true },
        select: {
          displayEmpty: noneLabel !== undefined,
          MenuProps: { slotProps: { paper: { sx: { maxHeight: 320 } } } },
        },
      }}
    >
      {noneLabel !== undefined && <MenuItem value="">{noneLabel}</MenuItem>}
      {timeSlots(step, value || undefined).map((slot) => (
        <MenuItem key={slot} value={slot} disabled={maxTime !== undefined && slot > maxTime}>
          {slot}
        </MenuItem>
      ))}
    </TextField>
  );
}
