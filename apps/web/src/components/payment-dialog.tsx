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
import type { ReactNode } from "react";
import { formatKES } from "@app/shared/money/money";
import { CREDIT_PAYMENT_METHODS, type CreditPaymentMethod } from "@app/shared/sales/credit";
import { ResponsiveDialog } from "./responsive-dialog.tsx";
import { paymentMethodLabel } from "../lib/i18n/payment-labels.ts";

type Props = {
  /** The title's element id, which labels the dialog. */
  titleId: string;
  title: ReactNode;
  onClose: () => void;
  /** What is owed, shown in a row above the fields: the total, what was paid, the balance. */
  figures: { label: string; cents: number }[];
  figuresTestId: string;
  /** The last refusal, shown above the fields. */
  error: { message: string } | null;
  errorTestId: string;
  /** The fields: amount, date, method. */
  children: ReactNode;
  submitLabel: ReactNode;
  onSubmit: () => void;
  busy: boolean;
  /** The submit button before Close (the credit dialog's order) rather than after it. */
  submitFirst?: boolean;
};

/** A payment towards what is owed (a credit sale, a supply): the figures, the refusal, the fields, submit and Close. */
export function PaymentDialog({
  titleId,
  title,
  onClose,
  figures,
  figuresTestId,
  error,
  errorTestId,
  children,
  submitLabel,
  onSubmit,
  busy,
  submitFirst = false,
}: Props) {
  const submit = (
    <Button variant="contained" onClick={onSubmit} disabled={busy}>
      {submitLabel}
    </Button>
  );
  return (
    <ResponsiveDialog open onClose={onClose} maxWidth="xs" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Stack direction="row" spacing={2} sx={{ mb: 2 }} data-testid={figuresTestId}>
          {figures.map(({ label, cents }) => (
            <Box key={label} sx={{ flex: 1 }}>
              <Typography variant="body2" color="text.secondary">
                {label}
              </Typography>
              <Typography sx={{ fontWeight: 600 }}>{formatKES(cents)}</Typography>
            </Box>
          ))}
        </Stack>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }} data-testid={errorTestId}>
            {error.message}
          </Alert>
        )}
        <Stack spacing={2} sx={{ pt: 1 }}>
          {children}
        </Stack>
      </DialogContent>
      <DialogActions>
        {submitFirst && submit}
        <Button onClick={onClose}>
          <Trans>Close</Trans>
        </Button>
        {!submitFirst && submit}
      </DialogActions>
    </ResponsiveDialog>
  );
}

/** How the money came: Cash, M-Pesa, Bank Transfer; `error` is the field's refusal. */
export function PaymentMethodSelect({
  value,
  onChange,
  error,
}: {
  value: CreditPaymentMethod | "";
  onChange: (method: CreditPaymentMethod) => void;
  error?: string;
}) {
  return (
    <TextField
      select
      label={t`Payment method`}
      size="small"
      value={value}
      onChange={(e) => onChange(e.target.value as CreditPaymentMethod)}
      error={Boolean(error)}
      helperText={error}
    >
      {CREDIT_PAYMENT_METHODS.map((m) => (
        <MenuItem key={m} value={m}>
          {paymentMethodLabel(m)}
        </MenuItem>
      ))}
    </TextField>
  );
}
