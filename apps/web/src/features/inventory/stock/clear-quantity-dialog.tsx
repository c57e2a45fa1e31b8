import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { ResponsiveDialog } from "../../../components/responsive-dialog.tsx";
import { Alert, Button, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from "@mui/material";
import { useState } from "react";
import { toast } from "react-toastify";
import type { Product } from "@app/shared/inventory/product";
import { clearQuantityInputSchema } from "@app/shared/inventory/stock";
import { describeError } from "../../../api/errors.ts";
import { newIdempotencyKey } from "../../../lib/idempotency-key.ts";
import { useClearQuantityMutation } from "../api/stock-api.ts";

/** Sets the quantity to zero after asking, with the reason written to the stock ledger. */
export function ClearQuantityDialog({ product, onClose }: { product: Product; onClose: () => void }) {
  const [clear, { isLoading }] = useClearQuantityMutation();
  const [reason, setReason] = useState("");
  const [error, setError] = useState("");
  const [key] = useState(newIdempotencyKey);
  async function confirm() {
    const parsed = clearQuantityInputSchema.safeParse({ reason });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? "Say why");
    try {
      await clear({ id: product._id, reason: parsed.data.reason, key }).unwrap();
      toast.success(t`Stock of ${product.name} cleared`);
      onClose();
    } catch (err) {
      setError(describeError(err).message);
    }
  }
  return (
    <ResponsiveDialog open onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>
        <Trans>Clear the stock of {product.name}?</Trans>
      </DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          <Trans>
            The quantity goes from {product.quantity} to 0. This is recorded in the stock history with your reason.
          </Trans>
        </DialogContentText>
        <TextField
          autoFocus
          fullWidth
          size="small"
          label={t`Reason`}
          placeholder={t`Expired, damaged, lost…`}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          error={Boolean(error)}
        />
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>
          <Trans>Cancel</Trans>
        </Button>
        <Button color="error" variant="contained" onClick={() => void confirm()} disabled={isLoading}>
          <Trans>Clear quantity</Trans>
        </Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}
