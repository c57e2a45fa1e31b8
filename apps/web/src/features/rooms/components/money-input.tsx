import { Trans } from "@lingui/react/macro";
import { InputAdornment, TextField, type TextFieldProps } from "@mui/material";
import { formatCentsPlain, parseKES } from "@app/shared/money/money";

type Props = Omit<TextFieldProps, "value" | "onChange"> & { value: string; onChange: (text: string) => void };

/** An amount in shillings as typed; tidied to "1234.50" on leaving the field. Forms turn it into cents with parseKES. */
export function MoneyInput({ value, onChange, onBlur, slotProps, ...props }: Props) {
  return (
    <TextField
      size="small"
      {...props}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      onBlur={(e) => {
        const cents = parseKES(value.trim());
        if (cents !== null) onChange(formatCentsPlain(cents));
        onBlur?.(e);
      }}
      slotProps={{
        ...slotProps,
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <Trans>KES</Trans>
            </InputAdornment>
          ),
        },
        htmlInput: { inputMode: "decimal", autoComplete: "off" },
      }}
    />
  );
}
