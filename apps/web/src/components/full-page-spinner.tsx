import { t } from "@lingui/core/macro";
import { Box, CircularProgress } from "@mui/material";

/** Shown while a lazy page loads. */
export function FullPageSpinner() {
  return (
    <Box role="progressbar" aria-label={t`Loading`} sx={{ display: "grid", placeItems: "center", minHeight: "60vh" }}>
      <CircularProgress />
    </Box>
  );
}
