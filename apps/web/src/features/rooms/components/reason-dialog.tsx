import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { Alert, Button, DialogActions, DialogContent, DialogTitle, TextField } from "@mui/material";
import { useState, type ReactNode } from "react";
import { describeError } from "../../../api/errors.ts";
import { ResponsiveDialog } from "../../../components/responsive-dialog.tsx";

/**
 * Asks before an undoable-only-by-hand step (cancel a booking, decline a request), with an
 * optional reason; the server's refusal shows in the dialog, which stays open.
 */
export function ReasonDialog({
  id,
  title,
  children,
  confirmLabel,
  busy,
  onConfirm,
  onClose,
}: {
  id: string;
  title: ReactNode;
  children: ReactNode;
  confirmLabel: ReactNode;
  busy: boolean;
  /** Sends the step with the trimmed reason; throws the API error when refused. */
  onConfirm: (reason: string) => Promise<void>;
  onClose: () => void;
}) {
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  async function submit() {
    try {
      await onConfirm(reason.trim());
      onClose();
    } catch (err) {
      setError(describeError(err).message);
    }
  }
  return (
    <ResponsiveDialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby={id}>
      <DialogTitle id={id}>{title}</DialogTitle>
      <DialogContent>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        {children}
        <TextField
          fullWidth
          size="small"
          label={t`Reason (optional)`}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          <Trans>Keep it</Trans>
        </Button>
        <Button color="error" variant="contained" onClick={() => void submit()} disabled={busy}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}
