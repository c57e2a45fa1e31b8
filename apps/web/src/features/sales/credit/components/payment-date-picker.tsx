import { i18n } from "@lingui/core";
import { pickerDateLocale } from "../../../../locales/date-fns-sw.ts";
import { t } from "@lingui/core/macro";
import { AdapterDateFns } from "@mui/x-date-pickers/AdapterDateFns";
import { DatePicker } from "@mui/x-date-pickers/DatePicker";
import { LocalizationProvider } from "@mui/x-date-pickers/LocalizationProvider";

/** Spec sections 2 and 9: the credit modal's date format. */
export const CREDIT_DATE_FORMAT = "dd/MM/yyyy";

type Props = {
  value: Date | null;
  invalid: boolean;
  onChange: (value: Date | null, invalid: boolean) => void;
  /** The sale's day: money cannot arrive before the sale. */
  minDate?: Date;
  /** Why the date was refused (by the form's check or the server), shown under it. */
  error?: string | null;
};

/** When the money came in: a day in dd/MM/yyyy (the time of day is kept); days in the future or before the sale are refused. */
export function PaymentDatePicker({ value, invalid, onChange, minDate, error }: Props) {
  return (
    <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={pickerDateLocale(i18n.locale)}>
      <DatePicker
        label={t`Payment date`}
        value={value}
        format={CREDIT_DATE_FORMAT}
        disableFuture
        minDate={minDate}
        onChange={(v, context) => onChange(v, context.validationError !== null || !v || Number.isNaN(v.getTime()))}
        onError={(reason) => reason !== null && onChange(value, true)}
        slotProps={{
          textField: {
            size: "small",
            fullWidth: true,
            error: invalid || Boolean(error),
            helperText: error ?? (invalid ? t`Date input not valid.` : undefined),
          },
        }}
      />
    </LocalizationProvider>
  );
}
