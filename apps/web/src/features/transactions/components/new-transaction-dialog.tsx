import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { ResponsiveDialog } from "../../../components/responsive-dialog.tsx";
import { Alert, Button, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField } from "@mui/material";
import { useState } from "react";
import { toast } from "react-toastify";
import { formatKES } from "@app/shared/money/money";
import {
  createTransactionInputSchema,
  MANUAL_KINDS,
  MONEY_METHODS,
  type ManualKind,
  type MoneyMethod,
} from "@app/shared/transactions/transaction";
import { describeError } from "../../../api/errors.ts";
import { AmountField, centsOf } from "../../../components/amount-field.tsx";
import { newIdempotencyKey } from "../../../lib/idempotency-key.ts";
import { kindLabel, methodLabel } from "../transaction-texts.ts";
import { useCreateTransactionMutation } from "../transactions-api.ts";

/** A transaction entered by hand: owner's drawings, capital in, a bank deposit of cash, other money in or out. */
export function NewTransactionDialog({ businessId, onClose }: { businessId: string; onClose: () => void }) {
  const [create, { isLoading }] = useCreateTransactionMutation();
  const [key] = useState(newIdempotencyKey);
  const [form, setForm] = useState({
    kind: "owner_drawing" as ManualKind,
    method: "Cash" as MoneyMethod,
    amount: "",
    reference: "",
    note: "",
  });
  const [errors, setErrors] = useState<Record<string, string>>({});

  async function save() {
    const parsed = createTransactionInputSchema.safeParse({
      businessId,
      kind: form.kind,
      method: form.method,
      amount: centsOf(form.amount) ?? -1,
      reference: form.reference || undefined,
      note: form.note,
    });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    try {
      await create({ ...parsed.data, idempotencyKey: key }).unwrap();
      toast.success(t`${kindLabel(form.kind)} of ${formatKES(parsed.data.amount)} recorded`);
      onClose();
    } catch (err) {
      const d = describeError(err);
      setErrors({ ...d.fields, form: d.message });
    }
  }

  return (
    <ResponsiveDialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="new-transaction-title">
      <DialogTitle id="new-transaction-title">
        <Trans>New transaction</Trans>
      </DialogTitle>
      <DialogContent>
        {errors.form && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {errors.form}
          </Alert>
        )}
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            select
            size="small"
            label={t`What is it?`}
            value={form.kind}
            onChange={(e) => setForm({ ...form, kind: e.target.value as ManualKind })}
          >
            {MANUAL_KINDS.map((k) => (
              <MenuItem key={k} value={k}>
                {kindLabel(k)}
              </MenuItem>
            ))}
          </TextField>
          {form.kind === "bank_deposit" ? (
            <Alert severity="info">
              <Trans>Cash leaves the till and the same amount goes into the bank.</Trans>
            </Alert>
          ) : (
            <TextField
              select
              size="small"
              label={t`Method`}
              value={form.method}
              onChange={(e) => setForm({ ...form, method: e.target.value as MoneyMethod })}
            >
              {MONEY_METHODS.map((m) => (
                <MenuItem key={m} value={m}>
                  {methodLabel(m)}
                </MenuItem>
              ))}
            </TextField>
          )}
          <AmountField
            label={t`Amount`}
            value={form.amount}
            onChange={(amount) => setForm({ ...form, amount })}
            error={Boolean(errors.amount)}
            helperText={errors.amount}
            autoFocus
          />
          <TextField
            size="small"
            label={t`Reference (optional)`}
            value={form.reference}
            onChange={(e) => setForm({ ...form, reference: e.target.value })}
          />
          <TextField
            size="small"
            label={t`Note`}
            value={form.note}
            onChange={(e) => setForm({ ...form, note: e.target.value })}
            multiline
            minRows={2}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>
          <Trans>Cancel</Trans>
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={isLoading}>
          <Trans>Record</Trans>
        </Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}
