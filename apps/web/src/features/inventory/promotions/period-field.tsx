import { t } from "@lingui/core/macro";
import { Box, Stack, TextField } from "@mui/material";
import { TimeSelect } from "../../../components/time-select.tsx";

type Props = {
  label: string;
  /** "yyyy-MM-ddTHH:mm" in the business's time, or "" for none. */
  value: string;
  onChange: (value: string) => void;
  error?: boolean;
  helperText?: string;
};

/**
 * One end of a promotion's period: a day, and its time from the time select in 30-minute steps
 * (spec section 9). No day: no end (the period is open); a day without a chosen time starts at 00:00.
 */
export function PeriodField({ label, value, onChange, error, helperText }: Props) {
  const [day = "", time = ""] = value ? value.split("T") : [];
  return (
    <Stack direction="row" spacing={1} sx={{ flex: 1, minWidth: 0 }}>
      <TextField
        type="date"
        size="small"
        label={label}
        value={day}
        onChange={(e) => onChange(e.target.value ? `${e.target.value}T${time || "00:00"}` : "")}
        slotProps={{ inputLabel: { shrink: true } }}
        error={error}
        helperText={helperText}
        sx={{ flex: 1, minWidth: 0, "& input": { minWidth: 0 } }}
      />
      {/* A steady width, whether it shows a time or nothing yet. */}
      <Box sx={{ width: 104, flexShrink: 0 }}>
        <TimeSelect
          label={t`Time`}
          value={day ? time || "00:00" : ""}
          onChange={(next) => onChange(`${day}T${next}`)}
          disabled={!day}
          noneLabel={day ? undefined : "–"}
          helperText=" "
          fullWidth
        />
      </Box>
    </Stack>
  );
}
