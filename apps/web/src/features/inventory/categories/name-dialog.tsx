import { Trans } from "@lingui/react/macro";
import { ResponsiveDialog } from "../../../components/responsive-dialog.tsx";
import { Button, DialogActions, DialogContent, DialogTitle, TextField } from "@mui/material";
import { useState, type FormEvent } from "react";
import { renameInputSchema } from "@app/shared/inventory/category";
import { describeError } from "../../../api/errors.ts";

/** Asks for a category or subcategory name (new or renamed), checked by the API's schema. */
export function NameDialog({
  title,
  label,
  initial = "",
  confirmLabel,
  onSave,
  onClose,
}: {
  title: string;
  label: string;
  initial?: string;
  confirmLabel: string;
  onSave: (name: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const [name, setName] = useState(initial);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = renameInputSchema.safeParse({ name });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? "Invalid name");
    setBusy(true);
    try {
      await onSave(parsed.data.name);
      onClose();
    } catch (err) {
      const { message, fields } = describeError(err);
      setError(fields.name ?? message);
    } finally {
      setBusy(false);
    }
  }
  return (
    <ResponsiveDialog open onClose={onClose} maxWidth="xs" fullWidth>
      <form onSubmit={(e) => void submit(e)} noValidate aria-label={title}>
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            size="small"
            label={label}
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={Boolean(error)}
            helperText={error}
            sx={{ mt: 1 }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {confirmLabel}
          </Button>
        </DialogActions>
      </form>
    </ResponsiveDialog>
  );
}
