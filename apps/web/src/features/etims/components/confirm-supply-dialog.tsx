import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import {
  Alert,
  Box,
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
import { CREDIT_PAYMENT_METHODS, type CreditPaymentMethod } from "@app/shared/sales/credit";
import { describeError } from "../../../api/errors.ts";
import { CentsField } from "../../../components/cents-field.tsx";
import { ResponsiveDialog } from "../../../components/responsive-dialog.tsx";
import { paymentMethodLabel } from "../../../lib/i18n/payment-labels.ts";
import { newIdempotencyKey } from "../../../lib/idempotency-key.ts";
import { useConfirmPurchaseAsSupplyMutation } from "../etims-api.ts";
import {
  readSupplyForm,
  supplyFormOf,
  supplyFormTotal,
  type SupplyForm,
  type SupplyFormErrors,
} from "../purchase-form.ts";
import { PurchaseProductPicker } from "./purchase-product-picker.tsx";

/**
 * Confirms a supplier's KRA invoice as a supply: each line into a product of ours (received into
 * stock at once) or kept as a commodity, its quantity and unit cost prefilled from the invoice;
 * what was paid on delivery. KRA is told; when KRA cannot be reached nothing is saved.
 */
export function ConfirmSupplyDialog({
  businessId,
  purchase,
  onClose,
}: {
  businessId: string;
  purchase: EtimsPurchase;
  onClose: () => void;
}) {
  const [confirm, { isLoading }] = useConfirmPurchaseAsSupplyMutation();
  // One per opening: pressing Confirm again after an answer that never arrived gets that answer.
  const [key] = useState(newIdempotencyKey);
  const [form, setForm] = useState<SupplyForm>(() => supplyFormOf(purchase));
  const [errors, setErrors] = useState<SupplyFormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const setLine = (i: number, patch: Partial<SupplyForm["lines"][number]>) =>
    setForm((f) => ({ ...f, lines: f.lines.map((l, j) => (j === i ? { ...l, ...patch } : l)) }));
  const total = supplyFormTotal(form);

  async function save() {
    const read = readSupplyForm(form, businessId);
    if (!read.ok) return setErrors(read.errors);
    setErrors({});
    setFailure(null);
    try {
      const done = await confirm({ id: purchase._id, body: read.input, idempotencyKey: key }).unwrap();
      toast.success(t`Confirmed as supply ${done.supplyNumber ?? ""}; KRA has been told.`);
      onClose();
    } catch (err) {
      setFailure(describeError(err).message);
    }
  }

  return (
    <ResponsiveDialog open onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>
        <Trans>
          Confirm as a supply: invoice {purchase.supplierInvoiceNo} from {purchase.supplierName}
        </Trans>
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            <Trans>
              Choose the product each line is. Its units go into stock at once, at the unit cost you enter. A line with
              no product (a delivery charge, packaging) is kept as a commodity.
            </Trans>
          </Typography>
          {form.lines.map((line, i) => {
            const source = purchase.lines[i]!;
            return (
              <Box key={line.seq} data-testid="purchase-supply-line">
                <Typography sx={{ fontWeight: 600 }}>
                  {line.seq}. {line.name}
                </Typography>
                <Typography variant="caption" color="text.secondary" component="div" sx={{ mb: 1 }}>
                  <Trans>
                    On the invoice: {source.quantity} {source.quantityUnit ?? ""} at {formatKES(source.unitPrice)},{" "}
                    {formatKES(source.total)}
                  </Trans>
                </Typography>
                <Stack direction={{ xs: "column", sm: "row" }} spacing={1}>
                  <PurchaseProductPicker
                    businessId={businessId}
                    supplierName={line.name}
                    value={line.productId ? { _id: line.productId, name: line.productName } : null}
                    onChange={(p) => setLine(i, { productId: p?._id ?? null, productName: p?.name ?? "" })}
                    testId={`purchase-line-product-${line.seq}`}
                  />
                  <TextField
                    size="small"
                    label={t`Quantity`}
                    value={line.quantity}
                    onChange={(e) => setLine(i, { quantity: e.target.value })}
                    error={Boolean(errors[`lines.${i}.quantity`])}
                    helperText={errors[`lines.${i}.quantity`] ? t`Whole units, at least 1` : undefined}
                    slotProps={{
                      htmlInput: { inputMode: "numeric", "data-testid": `purchase-line-quantity-${line.seq}` },
                    }}
                    sx={{ width: { sm: 110 } }}
                  />
                  <CentsField
                    size="small"
                    label={t`Unit cost`}
                    value={line.unitCost}
                    onChange={(v) => setLine(i, { unitCost: v })}
                    error={Boolean(errors[`lines.${i}.unitCost`])}
                    helperText={errors[`lines.${i}.unitCost`] ? t`Enter an amount` : undefined}
                    sx={{ width: { sm: 170 } }}
                  />
                </Stack>
              </Box>
            );
          })}
          <Typography data-testid="purchase-supply-total">
            <Trans>
              Supply total: {total === null ? "—" : formatKES(total)} (invoice: {formatKES(purchase.total)})
            </Trans>
          </Typography>
          <Stack direction={{ xs: "column", sm: "row" }} spacing={1}>
            <CentsField
              size="small"
              label={t`Paid on delivery`}
              value={form.amountPaid}
              onChange={(v) => setForm((f) => ({ ...f, amountPaid: v }))}
              error={Boolean(errors.amountPaid)}
              helperText={errors.amountPaid ? t`Enter an amount` : t`The rest is owed to the supplier`}
            />
            <TextField
              select
              size="small"
              label={t`Paid by`}
              value={form.paymentMethod}
              onChange={(e) => setForm((f) => ({ ...f, paymentMethod: e.target.value as CreditPaymentMethod }))}
              error={Boolean(errors.paymentMethod)}
              helperText={errors.paymentMethod ? t`Choose how it was paid` : undefined}
              sx={{ minWidth: 180 }}
            >
              {CREDIT_PAYMENT_METHODS.map((m) => (
                <MenuItem key={m} value={m}>
                  {paymentMethodLabel(m)}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          {errors.lines && <Alert severity="error">{errors.lines}</Alert>}
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
        <Button variant="contained" onClick={() => void save()} disabled={isLoading} data-testid="purchase-supply-save">
          <Trans>Confirm and tell KRA</Trans>
        </Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}
