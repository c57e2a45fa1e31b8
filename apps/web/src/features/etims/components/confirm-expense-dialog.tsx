import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import {
  Alert,
  Button,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import { useState } from "react";
import { toast } from "react-toastify";
import type { EtimsPurchase } from "@app/shared/etims/purchases";
import { formatKES } from "@app/shared/money/money";
import { MONEY_METHODS, type MoneyMethod } from "@app/shared/transactions/transaction";
import { describeError } from "../../../api/errors.ts";
import { ResponsiveDialog } from "../../../components/responsive-dialog.tsx";
import { paymentMethodLabel } from "../../../lib/i18n/payment-labels.ts";
import { useListExpenseCategoriesQuery } from "../../expenses/expenses-api.ts";
import { newIdempotencyKey } from "../../../lib/idempotency-key.ts";
import { useConfirmPurchaseAsExpenseMutation } from "../etims-api.ts";
import { methodOfPaymentType } from "../purchase-form.ts";

/**
 * Confirms a supplier's KRA invoice as an expense: its total, paid to the supplier, in the
 * category chosen, with KRA's eTIMS invoice (tax-deductible). KRA is told; when KRA cannot be
 * reached nothing is saved.
 */
export function ConfirmExpenseDialog({
  businessId,
  purchase,
  onClose,
}: {
  businessId: string;
  purchase: EtimsPurchase;
  onClose: () => void;
}) {
  const { data: categories = [], isLoading: loadingCategories } = useListExpenseCategoriesQuery(businessId);
  const [confirm, { isLoading }] = useConfirmPurchaseAsExpenseMutation();
  // One per opening: pressing Confirm again after an answer that never arrived gets that answer.
  const [key] = useState(newIdempotencyKey);
  const [categoryId, setCategoryId] = useState("");
  const [method, setMethod] = useState<MoneyMethod>(methodOfPaymentType(purchase.paymentType) ?? "Cash");
  const [missing, setMissing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function save() {
    if (!categoryId) return setMissing(true);
    setFailure(null);
    try {
      await confirm({ id: purchase._id, body: { businessId, categoryId, method }, idempotencyKey: key }).unwrap();
      toast.success(t`Recorded as an expense of ${formatKES(purchase.total)}; KRA has been told.`);
      onClose();
    } catch (err) {
      setFailure(describeError(err).message);
    }
  }

  return (
    <ResponsiveDialog open onClose={onClose} maxWidth="sm">
      <DialogTitle>
        <Trans>
          Confirm as an expense: invoice {purchase.supplierInvoiceNo} from {purchase.supplierName}
        </Trans>
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography>
            <Trans>
              An expense of {formatKES(purchase.total)} paid to {purchase.supplierName}, with the supplier's eTIMS
              invoice from KRA (tax-deductible).
            </Trans>
          </Typography>
          <TextField
            select
            label={t`Category`}
            value={categoryId}
            onChange={(e) => {
              setCategoryId(e.target.value);
              setMissing(false);
            }}
            error={missing}
            helperText={missing ? t`Choose a category` : undefined}
            disabled={loadingCategories}
            slotProps={{ htmlInput: { "data-testid": "purchase-expense-category" } }}
          >
            {categories.map((c) => (
              <MenuItem key={c._id} value={c._id}>
                {c.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label={t`Paid by`}
            value={method}
            onChange={(e) => setMethod(e.target.value as MoneyMethod)}
          >
            {MONEY_METHODS.map((m) => (
              <MenuItem key={m} value={m}>
                {paymentMethodLabel(m)}
              </MenuItem>
            ))}
          </TextField>
          {failure && (
            <Alert severity="error" data-testid="purchase-confirm-error">
              {failure}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>
          <Trans>Cancel</Trans>
        </Button>
        <Button
          variant="contained"
          onClick={() => void save()}
          disabled={isLoading}
          data-testid="purchase-expense-save"
        >
          <Trans>Confirm and tell KRA</Trans>
        </Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}
