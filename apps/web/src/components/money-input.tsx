import { InputAdornment, TextField, type TextFieldProps } from "@mui/material";
import { formatCentsPlain, parseKES } from "@app/shared/money/money";

type Props = Omit<TextFieldProps, "value" | "onChange"> & { value: string; onChange: (text: string) => void };

/**
 * An amount in shillings, kept as typed (the form turns it into cents with parseKES); on
 * leaving the field a valid amount is tidied to "1234.50".
 */
export function MoneyInput({ value, onChange, onBlur, slotProps, ...props }: Props) {
  return (
    <TextField
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
        input: { startAdornment: <InputAdornment position="start">KES</InputAdornment> },
        htmlInput: { inputMode: "decimal", autoComplete: "off" },
      }}
    />
  );
}
