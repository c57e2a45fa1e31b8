import { t } from "@lingui/core/macro";
import { Box, Checkbox, FormControlLabel, FormGroup, Typography } from "@mui/material";
import { PERMISSION_FLAGS, type PermissionFlag, type PermissionFlags } from "@app/shared/accounts/auth";
import { flagLabels } from "./flag-labels.ts";

/** The eight permission flags as checkboxes, each with what it allows. */
export function FlagsEditor({
  value,
  onChange,
  disabled,
}: {
  value: PermissionFlags;
  onChange: (flag: PermissionFlag, on: boolean) => void;
  disabled?: boolean;
}) {
  const labels = flagLabels();
  return (
    <FormGroup
      aria-label={t`Permissions`}
      sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" }, columnGap: 2 }}
    >
      {PERMISSION_FLAGS.map((f) => (
        <FormControlLabel
          key={f}
          disabled={disabled}
          control={<Checkbox checked={value[f]} onChange={(e) => onChange(f, e.target.checked)} />}
          label={
            <Box>
              <Typography variant="body2">{labels[f].label}</Typography>
              <Typography variant="caption" color="text.secondary">
                {labels[f].help}
              </Typography>
            </Box>
          }
          sx={{ alignItems: "flex-start", my: 0.5, "& .MuiCheckbox-root": { pt: 0.25 } }}
        />
      ))}
    </FormGroup>
  );
}
