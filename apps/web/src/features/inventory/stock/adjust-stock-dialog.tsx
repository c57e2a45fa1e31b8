import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { ResponsiveDialog } from "../../../components/responsive-dialog.tsx";
import {
  Alert,
  Button,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
} from "@mui/material";
import { useState } from "react";
import { toast } from "react-toastify";
import type { Product } from "@app/shared/inventory/product";
import { adjustStockInputSchema } from "@app/shared/inventory/stock";
import { describeError } from "../../../api/errors.ts";
import { newIdempotencyKey } from "../../../lib/idempotency-key.ts";
import { useAdjustStockMutation } from "../api/stock-api.ts";

type Mode = "delta" | "count";
const wholeNumber = (text: string) => (/^-?\d+$/.test(text.trim()) ? Number(text.trim()) : NaN);

/** Add or remove units (a delivery, breakage) or set a counted quantity (stock take), with a note. */
export function AdjustStockDialog({ product, onClose }: { product: Product; onClose: () => void }) {
  const [adjust, { isLoading }] = useAdjustStockMutation();
  const [mode, setMode] = useState<Mode>("delta");
  const [amount, setAmount] = useState("");
  const [note, setNote] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  // One key per intended change: a retry after a lost answer is not applied twice.
  const [key, setKey] = useState(newIdempotencyKey);
  const n = wholeNumber(amount);
  const after = mode === "delta" ? product.quantity + (Number.isNaN(n) ? 0 : n) : n;

  async function save() {
    const body = mode === "delta" ? { delta: n, note } : { quantity: n, note };
    const parsed = adjustStockInputSchema.safeParse(body);
    if (!parsed.success || Number.isNaN(n)) {
      const found = Object.fromEntries(
        (parsed.success ? [] : parsed.error.issues).map((i) => [
          i.path[0] === "quantity" || i.path[0] === "delta" ? "amount" : String(i.path[0]),
          i.message,
        ]),
      );
      if (Number.isNaN(n)) found.amount = "Enter a whole number";
      return setErrors(found);
    }
    try {
      await adjust({ id: product._id, body: parsed.data, key }).unwrap();
      toast.success(t`Stock of ${product.name} is now ${mode === "delta" ? product.quantity + n : n}`);
      onClose();
    } catch (err) {
      const { message } = describeError(err);
      if ((err as { status?: unknown }).status !== "FETCH_ERROR") setKey(newIdempotencyKey());
      setErrors({ form: message });
    }
  }

  return (
    <ResponsiveDialog open onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>
        <Trans>Adjust stock of {product.name}</Trans>
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={mode}
            onChange={(_e, m: Mode | null) => m && setMode(m)}
            aria-label={t`Kind of adjustment`}
          >
            <ToggleButton value="delta">
              <Trans>Add or remove units</Trans>
            </ToggleButton>
            <ToggleButton value="count">
              <Trans>Set counted quantity</Trans>
            </ToggleButton>
          </ToggleButtonGroup>
          <TextField
            autoFocus
            size="small"
            label={mode === "delta" ? t`Units to add (negative to remove)` : t`Counted quantity`}
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            error={Boolean(errors.amount)}
            helperText={
              errors.amount ??
              t`Now ${product.quantity} ${product.unit}${Number.isNaN(after) ? "" : `; after: ${after}`}`
            }
            slotProps={{ htmlInput: { inputMode: "numeric" } }}
          />
          <TextField
            size="small"
            label={t`Note`}
            placeholder={t`Delivery, breakage, stock take…`}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            error={Boolean(errors.note)}
            helperText={errors.note}
          />
          {errors.form && <Alert severity="error">{errors.form}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>
          <Trans>Cancel</Trans>
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={isLoading}>
          <Trans>Save</Trans>
        </Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}
