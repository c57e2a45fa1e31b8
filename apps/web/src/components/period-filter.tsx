import { t } from "@lingui/core/macro";
import { MenuItem, Stack, TextField } from "@mui/material";
import { todayIn } from "@app/shared/inventory/daily-stock";
import { periodRange, PERIODS, type Period } from "@app/shared/transactions/period";
import { DatePicker } from "./date-picker.tsx";

export type PeriodValue = { period: Period; from: string; to: string };

const labels = (): Record<Period, string> => ({
  today: t`Today`,
  yesterday: t`Yesterday`,
  week: t`This week`,
  month: t`This month`,
  lastMonth: t`Last month`,
  all: t`All time`,
  custom: t`Custom dates`,
});

/** A period and, for custom dates, its first and last day; starts at `period` today. */
export const initialPeriod = (timeZone: string, period: Period = "month"): PeriodValue => {
  const today = todayIn(timeZone);
  return { period, from: today, to: today };
};

/** The instants a period covers in the business's time zone, for the API's from/to. */
export const rangeOf = (value: PeriodValue, timeZone: string) =>
  periodRange(value.period, todayIn(timeZone), timeZone, { from: value.from, to: value.to });

/** Today, this week, this month... or two days of a calendar (the money pages' period filter). */
export function PeriodFilter({ value, onChange }: { value: PeriodValue; onChange: (v: PeriodValue) => void }) {
  const names = labels();
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: "wrap", rowGap: 1, alignItems: "center" }}>
      <TextField
        select
        size="small"
        label={t`Period`}
        value={value.period}
        onChange={(e) => onChange({ ...value, period: e.target.value as Period })}
        sx={{ minWidth: 150 }}
      >
        {PERIODS.map((p) => (
          <MenuItem key={p} value={p}>
            {names[p]}
          </MenuItem>
        ))}
      </TextField>
      {value.period === "custom" && (
        <>
          <DatePicker label={t`From`} day={value.from} onChange={(from) => onChange({ ...value, from })} />
          <DatePicker label={t`To`} day={value.to} onChange={(to) => onChange({ ...value, to })} />
        </>
      )}
    </Stack>
  );
}
