import { Dialog, useMediaQuery, type DialogProps } from "@mui/material";

/** A dialog that takes the whole screen on a phone (below the sm breakpoint) and floats elsewhere. */
export function ResponsiveDialog(props: DialogProps) {
  const phone = useMediaQuery((theme) => theme.breakpoints.down("sm"), { noSsr: true });
  return <Dialog fullWidth {...props} fullScreen={phone} />;
}
