import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { ResponsiveDialog } from "../../../components/responsive-dialog.tsx";
import { Button, DialogActions, DialogContent, DialogTitle, TextField } from "@mui/material";
import { useState } from "react";
import { toast } from "react-toastify";
import { describeError } from "../../../api/errors.ts";
import { useCreateExpenseCategoryMutation } from "../expenses-api.ts";

/** Adds a category to the business's own list. */
export function CategoryDialog({ businessId, onClose }: { businessId: string; onClose: () => void }) {
  const [create, { isLoading }] = useCreateExpenseCategoryMutation();
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  async function save() {
    try {
      await create({ businessId, name: name.trim() }).unwrap();
      toast.success(t`Category ${name.trim()} added`);
      onClose();
    } catch (err) {
      const d = describeError(err);
      setError(d.fields.name ?? d.message);
    }
  }
  return (
    <ResponsiveDialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="category-title">
      <DialogTitle id="category-title">
        <Trans>Add a category</Trans>
      </DialogTitle>
      <DialogContent>
        <TextField
          label={t`Name`}
          size="small"
          fullWidth
          sx={{ mt: 1 }}
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={Boolean(error)}
          helperText={error}
          autoFocus
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>
          <Trans>Cancel</Trans>
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={isLoading || name.trim().length < 2}>
          <Trans>Add</Trans>
        </Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}
