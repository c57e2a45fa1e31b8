import { Trans } from "@lingui/react/macro";
import { ResponsiveDialog } from "../../../components/responsive-dialog.tsx";
import { Alert, Button, DialogActions, DialogContent, DialogTitle, TextField } from "@mui/material";
import { useState } from "react";

type Props = {
  title: string;
  label: string;
  initial?: string;
  confirmLabel: string;
  multiline?: boolean;
  helper?: string;
  busy?: boolean;
  error?: string | null;
  onSave: (value: string) => void;
  onClose: () => void;
};

/** A small dialog asking for one name (a section, a table) or a list of names. */
export function NameDialog({
  title,
  label,
  initial = "",
  confirmLabel,
  multiline,
  helper,
  busy,
  error,
  onSave,
  onClose,
}: Props) {
  const [value, setValue] = useState(initial);
  const empty = !value.trim();
  return (
    <ResponsiveDialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        <TextField
          label={label}
          fullWidth
          autoFocus
          sx={{ mt: 1 }}
          value={value}
          multiline={multiline}
          minRows={multiline ? 3 : undefined}
          helperText={helper}
          onChange={(e) => setValue(e.target.value)}
          onKeyDown={(e) => !multiline && e.key === "Enter" && !empty && onSave(value.trim())}
          slotProps={{ htmlInput: { maxLength: multiline ? 4000 : 60 } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>
          <Trans>Cancel</Trans>
        </Button>
        <Button variant="contained" disabled={empty || busy} onClick={() => onSave(value.trim())}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}
