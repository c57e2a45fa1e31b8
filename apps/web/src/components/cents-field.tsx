import { Trans } from "@lingui/react/macro";
import { InputAdornment, TextField, type TextFieldProps } from "@mui/material";
import { formatCentsPlain, parseKES } from "@app/shared/money/money";

type Props = Omit<TextFieldProps, "value" | "onChange"> & { value: string; onChange: (text: string) => void };

/** Reads a shilling amount typed in a CentsField: cents, null when empty, NaN when it cannot be read. */
export function centsOf(text: string): number | null {
  if (!text.trim()) return null;
  return parseKES(text.trim()) ?? Number.NaN;
}

/**
 * An amount in shillings, kept as typed (forms convert it to cents with the shared money
 * helpers); on leaving the field a valid amount is tidied to "1234.50".
 */
export function CentsField({ value, onChange, onBlur, slotProps, ...props }: Props) {
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
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <Trans>KES</Trans>
            </InputAdornment>
          ),
        },
        htmlInput: { ...(slotProps?.htmlInput as object | undefined), inputMode: "decimal", autoComplete: "off" },
      }}
    />
  );
}
