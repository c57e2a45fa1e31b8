import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { ResponsiveDialog } from "../../../components/responsive-dialog.tsx";
import { Alert, Button, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField } from "@mui/material";
import { useState } from "react";
import { toast } from "react-toastify";
import { formatKES } from "@app/shared/money/money";
import { describeError } from "../../../api/errors.ts";
import { AmountField, centsOf } from "../../../components/amount-field.tsx";
import { newIdempotencyKey } from "../../../lib/idempotency-key.ts";
import { useListExpenseCategoriesQuery, useTillCashOutMutation } from "../../expenses/expenses-api.ts";
/** The cash-out form (cash-out-button.tsx), loaded when the cashier opens it. */
export function CashOutDialog({ businessId, onClose }: { businessId: string; onClose: () => void }) {
  const { data: categories = [] } = useListExpenseCategoriesQuery(businessId);
  const [cashOut, { isLoading }] = useTillCashOutMutation();
  const [key] = useState(newIdempotencyKey);
  const [form, setForm] = useState({ amount: "", paidTo: "", categoryId: "", note: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  async function save() {
    const amount = centsOf(form.amount);
    if (!amount) return setErrors({ amount: t`Enter an amount greater than 0.` });
    if (!form.paidTo.trim()) return setErrors({ paidTo: t`Say who took the cash` });
    try {
      await cashOut({
        businessId,
        amount,
        paidTo: form.paidTo.trim(),
        categoryId: form.categoryId || undefined,
        note: form.note,
        idempotencyKey: key,
      }).unwrap();
      toast.success(t`${formatKES(amount)} taken out of the till`);
      onClose();
    } catch (err) {
      const d = describeError(err);
      setErrors({ ...d.fields, form: d.message });
    }
  }
  return (
    <ResponsiveDialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="cash-out-title">
      <DialogTitle id="cash-out-title">
        <Trans>Cash out of the till</Trans>
      </DialogTitle>
      <DialogContent>
        {errors.form && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {errors.form}
          </Alert>
        )}
        <Stack spacing={2} sx={{ pt: 1 }}>
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
            label={t`Paid to`}
            value={form.paidTo}
            onChange={(e) => setForm({ ...form, paidTo: e.target.value })}
            error={Boolean(errors.paidTo)}
            helperText={errors.paidTo}
          />
          <TextField
            select
            size="small"
            label={t`Category`}
            value={form.categoryId}
            onChange={(e) => setForm({ ...form, categoryId: e.target.value })}
          >
            <MenuItem value="">{t`Other`}</MenuItem>
            {categories.map((c) => (
              <MenuItem key={c._id} value={c._id}>
                {c.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            label={t`Note`}
            value={form.note}
            onChange={(e) => setForm({ ...form, note: e.target.value })}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>
          <Trans>Cancel</Trans>
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={isLoading}>
          <Trans>Take out</Trans>
        </Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}
