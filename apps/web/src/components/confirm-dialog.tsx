import { Trans } from "@lingui/react/macro";
import { ResponsiveDialog } from "./responsive-dialog.tsx";
import { Button, DialogActions, DialogContent, DialogContentText, DialogTitle } from "@mui/material";

/** Asks before a destructive or disruptive action. */
export function ConfirmDialog(props: {
  open: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  busy?: boolean;
  /** Red for destructive actions (the default); primary for a step that is only final. */
  confirmColor?: "error" | "primary";
}) {
  return (
    <ResponsiveDialog open={props.open} onClose={props.onClose}>
      <DialogTitle>{props.title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{props.text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>
          <Trans>Cancel</Trans>
        </Button>
        <Button
          color={props.confirmColor ?? "error"}
          variant="contained"
          onClick={props.onConfirm}
          disabled={props.busy}
        >
          {props.confirmLabel}
        </Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}
