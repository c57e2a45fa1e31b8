import { t } from "@lingui/core/macro";
import { MenuItem, TextField } from "@mui/material";
import { OCCUPATIONS } from "@app/shared/accounts/auth";
import { occupationLabel } from "../../../components/occupation-label.ts";

/** The occupation, chosen from the known ones (an older free-text value stays selectable). */
export function OccupationField({
  value,
  onChange,
  error,
  disabled,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  disabled?: boolean;
}) {
  const choices: string[] = [...OCCUPATIONS];
  if (value && !choices.includes(value)) choices.unshift(value);
  return (
    <TextField
      select
      size="small"
      label={t`Occupation`}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={Boolean(error)}
      helperText={error ?? t`Cashiers see Transactions; Stock Handlers do not see sales`}
      disabled={disabled}
      fullWidth
    >
      {choices.map((o) => (
        <MenuItem key={o} value={o}>
          {occupationLabel(o)}
        </MenuItem>
      ))}
    </TextField>
  );
}
