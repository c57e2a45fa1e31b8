import { InputAdornment, TextField, type TextFieldProps } from "@mui/material";
import { formatCentsPlain, parseKES } from "@app/shared/money/money";

type Props = Omit<TextFieldProps, "value" | "onChange"> & { value: string; onChange: (text: string) => void };

/**
 * An amount in shillings as typed ("1,250.50"): only digits, commas and one decimal point are
 * taken; on leaving the field a valid amount is tidied to "1250.50". Forms turn it into cents
 * with parseKES (the same rule as the server's).
 */
export function AmountField({ value, onChange, onBlur, ...props }: Props) {
  return (
    <TextField
      size="small"
      fullWidth
      {...props}
      value={value}
      onChange={(e) => /^[\d,]*(\.\d{0,2})?$/.test(e.target.value) && onChange(e.target.value)}
      onBlur={(e) => {
        const cents = parseKES(value.trim());
        if (cents !== null) onChange(formatCentsPlain(cents));
        onBlur?.(e);
      }}
      slotProps={{
        input: { startAdornment: <InputAdornment position="start">KES</InputAdornment> },
        htmlInput: { inputMode: "decimal", autoComplete: "off" },
      }}
    />
  );
}

/** Cents of a typed amount, or null when it is not one. */
export const centsOf = (text: string) => parseKES(text.trim());
