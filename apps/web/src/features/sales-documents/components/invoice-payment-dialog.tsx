import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { ResponsiveDialog } from "../../../components/responsive-dialog.tsx";
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
import { ERROR_CODES } from "@app/shared/errors/errors";
import { formatKES } from "@app/shared/money/money";
import { checkInvoicePayment, INVOICE_OVERPAY_MESSAGE, type SalesDocument } from "@app/shared/sales-documents/document";
import { MONEY_METHODS, type MoneyMethod } from "@app/shared/transactions/transaction";
import { describeError, errorCodeOf } from "../../../api/errors.ts";
import { AmountField, centsOf } from "../../../components/amount-field.tsx";
import { newIdempotencyKey } from "../../../lib/idempotency-key.ts";
import { usePayInvoiceMutation } from "../documents-api.ts";

/** A part (or full) payment towards an invoice: checked against the balance here and on the server (422 above it). */
export function InvoicePaymentDialog({ invoice, onClose }: { invoice: SalesDocument; onClose: () => void }) {
  const [pay, { isLoading }] = usePayInvoiceMutation();
  const [key] = useState(newIdempotencyKey);
  const [amount, setAmount] = useState("");
  const [method, setMethod] = useState<MoneyMethod>("M-Pesa");
  const [reference, setReference] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  async function save() {
    const cents = centsOf(amount) ?? 0;
    const check = checkInvoicePayment(
      {
        cancelled: false,
        total: invoice.total,
        credited: invoice.credited,
        paid: invoice.amountPaid,
        refunded: invoice.refunded,
      },
      cents,
    );
    if (!check.ok)
      return setErrors({
        [check.field ?? "form"]:
          check.code === "INVOICE_OVERPAYMENT" ? t`The payment is more than the invoice's balance.` : check.message,
      });
    try {
      const after = await pay({
        id: invoice._id,
        body: { amount: cents, method, reference: reference.trim() || undefined },
        idempotencyKey: key,
      }).unwrap();
      toast.success(t`Payment of ${formatKES(cents)} recorded on ${after.number}; balance ${formatKES(after.balance)}`);
      onClose();
    } catch (err) {
      const d = describeError(err);
      setErrors(
        errorCodeOf(err) === ERROR_CODES.INVOICE_OVERPAYMENT
          ? { amount: INVOICE_OVERPAY_MESSAGE }
          : { ...d.fields, form: d.message },
      );
    }
  }
  return (
    <ResponsiveDialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="invoice-payment-title">
      <DialogTitle id="invoice-payment-title">{t`Payment on ${invoice.number}`}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2 }} data-testid="invoice-balance">
          {t`Balance due: ${formatKES(invoice.balance)}`}
        </Typography>
        {errors.form && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {errors.form}
          </Alert>
        )}
        <Stack spacing={2}>
          <AmountField
            label={t`Amount paid`}
            value={amount}
            onChange={setAmount}
            error={Boolean(errors.amount)}
            helperText={errors.amount}
            autoFocus
          />
          <TextField
            select
            size="small"
            label={t`Method`}
            value={method}
            onChange={(e) => setMethod(e.target.value as MoneyMethod)}
          >
            {MONEY_METHODS.map((m) => (
              <MenuItem key={m} value={m}>
                {m === "Bank Transfer" ? t`Bank Transfer` : m}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            label={t`Reference (M-Pesa code, bank slip)`}
            value={reference}
            onChange={(e) => setReference(e.target.value)}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>
          <Trans>Cancel</Trans>
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={isLoading}>
          <Trans>Record payment</Trans>
        </Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}
