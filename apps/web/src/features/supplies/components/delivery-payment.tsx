import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { Button, Grid, MenuItem, Stack, TextField, Typography } from "@mui/material";
import { formatCentsPlain, formatKES } from "@app/shared/money/money";
import { CREDIT_PAYMENT_METHODS, type CreditPaymentMethod } from "@app/shared/sales/credit";
import { CentsField } from "../../../components/cents-field.tsx";
import type { FieldError } from "./delivery-lines.ts";
import { paymentMethodLabel } from "../../../lib/i18n/payment-labels.ts";

type Props = {
  total: number;
  paid: string;
  paidCents: number;
  method: CreditPaymentMethod | "";
  err: FieldError;
  onPaid: (paid: string) => void;
  onMethod: (method: CreditPaymentMethod) => void;
};

/** The delivery's total, what was paid on delivery and how; the rest is owed (on credit). */
export function DeliveryPayment({ total, paid, paidCents, method, err, onPaid: setPaid, onMethod }: Props) {
  return (
    <Grid container spacing={2} sx={{ alignItems: "flex-start" }}>
      <Grid size={{ xs: 12, md: 4 }}>
        <Typography color="text.secondary" variant="body2">
          <Trans>Total</Trans>
        </Typography>
        <Typography variant="h5" sx={{ fontWeight: 700 }} data-testid="delivery-total">
          {formatKES(total)}
        </Typography>
        <Typography color="text.secondary" variant="body2" data-testid="delivery-owed">
          {Number.isFinite(paidCents) && paidCents <= total
            ? t`On credit: ${formatKES(total - paidCents)}`
            : t`The amount paid cannot be more than the total`}
        </Typography>
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 4 }}>
        <CentsField
          size="small"
          fullWidth
          label={t`Paid on delivery`}
          value={paid}
          onChange={setPaid}
          error={Boolean(err("amountPaid"))}
          helperText={err("amountPaid")}
        />
        <Stack direction="row" spacing={1} sx={{ mt: 0.5 }}>
          <Button size="small" onClick={() => setPaid("")}>
            <Trans>Nothing</Trans>
          </Button>
          <Button size="small" onClick={() => setPaid(formatCentsPlain(Math.floor(total / 2)))}>
            <Trans>Half</Trans>
          </Button>
          <Button size="small" onClick={() => setPaid(formatCentsPlain(total))}>
            <Trans>All</Trans>
          </Button>
        </Stack>
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 4 }}>
        <TextField
          select
          size="small"
          fullWidth
          label={t`Paid by`}
          value={method}
          onChange={(e) => onMethod(e.target.value as CreditPaymentMethod)}
          error={Boolean(err("paymentMethod"))}
          helperText={err("paymentMethod")}
        >
          <MenuItem value="">
            <Trans>Not paid</Trans>
          </MenuItem>
          {CREDIT_PAYMENT_METHODS.map((m) => (
            <MenuItem key={m} value={m}>
              {paymentMethodLabel(m)}
            </MenuItem>
          ))}
        </TextField>
      </Grid>
    </Grid>
  );
}
