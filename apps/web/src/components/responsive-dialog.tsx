import { Dialog, useMediaQuery, useTheme, type DialogProps } from "@mui/material";

/** A dialog that takes the whole screen on a phone (below the sm breakpoint) and floats elsewhere. */
export function ResponsiveDialog(props: DialogProps) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down("sm"), { noSsr: true });
  return <Dialog fullWidth {...props} fullScreen={phone} />;
}
