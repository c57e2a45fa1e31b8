import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { ResponsiveDialog } from "../../../components/responsive-dialog.tsx";
import {
  Alert,
  Button,
  Checkbox,
  Chip,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Grid,
  MenuItem,
  TextField,
} from "@mui/material";
import { useState } from "react";
import { toast } from "react-toastify";
import type { Expense } from "@app/shared/expenses/expense";
import { formatKES } from "@app/shared/money/money";
import { MONEY_METHODS, type MoneyMethod } from "@app/shared/transactions/transaction";
import { describeError } from "../../../api/errors.ts";
import { AmountField } from "../../../components/amount-field.tsx";
import { DatePicker } from "../../../components/date-picker.tsx";
import { newIdempotencyKey } from "../../../lib/idempotency-key.ts";
import {
  emptyExpenseForm,
  expenseToForm,
  readExpenseEdit,
  readNewExpense,
  type ExpenseForm,
  type ExpenseFormErrors,
} from "../expense-form.ts";
import { useCreateExpenseMutation, useListExpenseCategoriesQuery, useUpdateExpenseMutation } from "../expenses-api.ts";

type Props = { businessId: string; timeZone: string; expense?: Expense; onClose: () => void };

/** Records an expense, or edits one: date, category, amount, method, paid to, reference, note, eTIMS invoice. */
export function ExpenseDialog({ businessId, timeZone, expense, onClose }: Props) {
  const { data: categories = [] } = useListExpenseCategoriesQuery(businessId);
  const [create, { isLoading: creating }] = useCreateExpenseMutation();
  const [update, { isLoading: updating }] = useUpdateExpenseMutation();
  const [key] = useState(newIdempotencyKey);
  const [form, setForm] = useState<ExpenseForm>(() =>
    expense ? expenseToForm(expense, timeZone) : emptyExpenseForm(timeZone),
  );
  const [errors, setErrors] = useState<ExpenseFormErrors>({});
  const set = <K extends keyof ExpenseForm>(k: K, v: ExpenseForm[K]) => setForm((f) => ({ ...f, [k]: v }));

  async function save() {
    const read = expense ? readExpenseEdit(form, timeZone) : readNewExpense(form, businessId, timeZone);
    if (!read.ok) return setErrors(read.errors);
    try {
      const saved = expense
        ? await update({ id: expense._id, body: read.input }).unwrap()
        : await create({ ...(read.input as Parameters<typeof create>[0]), idempotencyKey: key }).unwrap();
      toast.success(expense ? t`Expense saved` : t`Expense of ${formatKES(saved.amount)} recorded`);
      onClose();
    } catch (err) {
      const d = describeError(err);
      // The server names the date `spentAt`; the form's field is the day.
      setErrors({ ...d.fields, ...(d.fields.spentAt ? { day: d.fields.spentAt } : {}), form: d.message });
    }
  }

  const field = (k: "paidTo" | "reference" | "note", label: string, extra: object = {}) => ({
    label,
    size: "small" as const,
    fullWidth: true,
    value: form[k],
    onChange: (e: { target: { value: string } }) => set(k, e.target.value),
    error: Boolean(errors[k]),
    helperText: errors[k],
    ...extra,
  });
  return (
    <ResponsiveDialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="expense-title">
      <DialogTitle id="expense-title">{expense ? t`Edit expense` : t`Record expense`}</DialogTitle>
      <DialogContent>
        {errors.form && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {errors.form}
          </Alert>
        )}
        <Grid container spacing={2} sx={{ pt: 1 }}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <DatePicker label={t`Date`} day={form.day} onChange={(day) => set("day", day)} disableFuture />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <AmountField
              label={t`Amount`}
              value={form.amount}
              onChange={(v) => set("amount", v)}
              error={Boolean(errors.amount)}
              helperText={errors.amount}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              select
              size="small"
              fullWidth
              label={t`Category`}
              value={form.categoryId}
              onChange={(e) => set("categoryId", e.target.value)}
              error={Boolean(errors.categoryId)}
              helperText={errors.categoryId}
            >
              {categories.map((c) => (
                <MenuItem key={c._id} value={c._id}>
                  {c.name}
                </MenuItem>
              ))}
            </TextField>
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              select
              size="small"
              fullWidth
              label={t`Paid by`}
              value={form.method}
              onChange={(e) => set("method", e.target.value as MoneyMethod)}
              error={Boolean(errors.method)}
              helperText={errors.method}
            >
              {MONEY_METHODS.map((m) => (
                <MenuItem key={m} value={m}>
                  {m === "Bank Transfer" ? t`Bank Transfer` : m}
                </MenuItem>
              ))}
            </TextField>
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField {...field("paidTo", t`Paid to`)} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField {...field("reference", t`Reference (receipt or M-Pesa code)`)} />
          </Grid>
          <Grid size={12}>
            <TextField {...field("note", t`Note`, { multiline: true, minRows: 2 })} />
          </Grid>
          <Grid size={12}>
            {expense?.etimsPurchaseId ? (
              // Confirmed from the supplier's invoice KRA holds: KRA's invoice, not a box to tick.
              <Chip
                color="success"
                label={t`eTIMS invoice from KRA (confirmed in Purchases from KRA)`}
                data-testid="expense-kra-invoice"
              />
            ) : (
              <FormControlLabel
                control={
                  <Checkbox checked={form.hasEtimsInvoice} onChange={(e) => set("hasEtimsInvoice", e.target.checked)} />
                }
                label={t`Has an eTIMS invoice (needed for the expense to be tax-deductible)`}
              />
            )}
          </Grid>
        </Grid>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>
          <Trans>Cancel</Trans>
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={creating || updating}>
          {expense ? t`Save` : t`Record expense`}
        </Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}
