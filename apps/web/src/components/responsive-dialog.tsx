import { Dialog, useMediaQuery, useTheme, type DialogProps } from "@mui/material";

/**
 * Every dialog of the app: it takes the whole screen on a phone (below the sm breakpoint) and
 * floats elsewhere. A dialog that wants full screen on wider screens too passes `fullScreen`.
 */
export function ResponsiveDialog({ fullScreen, ...props }: DialogProps) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down("sm"), { noSsr: true });
  return <Dialog fullWidth {...props} fullScreen={fullScreen || phone} />;
}
