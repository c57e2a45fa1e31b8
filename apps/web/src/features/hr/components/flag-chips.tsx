import { Trans } from "@lingui/react/macro";
import { Chip, Stack, Typography } from "@mui/material";
import { PERMISSION_FLAGS, type PermissionFlags } from "@app/shared/accounts/auth";
import { flagLabels } from "./flag-labels.ts";

/** The permission flags that are on, as small chips (the staff list's "flags at a glance"). */
export function FlagChips({ employee }: { employee: PermissionFlags }) {
  const labels = flagLabels();
  const on = PERMISSION_FLAGS.filter((f) => employee[f]);
  if (!on.length)
    return (
      <Typography variant="body2" color="text.secondary">
        <Trans>None</Trans>
      </Typography>
    );
  return (
    <Stack direction="row" useFlexGap spacing={0.5} sx={{ flexWrap: "wrap", py: 0.5 }}>
      {on.map((f) => (
        <Chip key={f} size="small" label={labels[f].label} variant="outlined" />
      ))}
    </Stack>
  );
}
