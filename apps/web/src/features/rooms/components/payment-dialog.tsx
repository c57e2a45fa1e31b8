import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { ResponsiveDialog } from "../../../components/responsive-dialog.tsx";
import {
  Alert,
  Box,
  Button,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from "@mui/material";
import { useRef, useState } from "react";
import { toast } from "react-toastify";
import { ERROR_CODES } from "@app/shared/errors/errors";
import { formatCentsPlain, formatKES, parseKES } from "@app/shared/money/money";
import { billPaymentProblem } from "@app/shared/rooms/bill";
import { BILL_PAYMENT_METHODS, type BillPaymentMethod } from "@app/shared/rooms/booking";
import { describeError, errorCodeOf } from "../../../api/errors.ts";
import { usePayBookingMutation, usePayConferenceMutation } from "../rooms-api.ts";
import { methodLabel } from "./labels.ts";
import { MoneyInput } from "../../../components/money-input.tsx";
import { newIdempotencyKey } from "../../../lib/idempotency-key.ts";

type Props = {
  bill: { kind: "booking" | "conference"; id: string; balance: number; who: string };
  onClose: () => void;
};

/**
 * A deposit or payment towards a bill: Cash, M-Pesa (its confirmation code) or Bank Transfer,
 * never more than the balance. One Idempotency-Key per payment typed, so a retry after a lost
 * answer records it once.
 */
export function PaymentDialog({ bill, onClose }: Props) {
  const [payBooking, a] = usePayBookingMutation();
  const [payConference, b] = usePayConferenceMutation();
  const busy = a.isLoading || b.isLoading;
  const [amount, setAmount] = useState(formatCentsPlain(Math.max(bill.balance, 0)));
  const [method, setMethod] = useState<BillPaymentMethod>("Cash");
  const [reference, setReference] = useState("");
  const [error, setError] = useState<{ message: string; fields: Record<string, string> } | null>(null);
  const attempt = useRef<{ body: string; key: string } | null>(null);

  async function submit() {
    setError(null);
    const cents = parseKES(amount.trim());
    // The shared rule (billPaymentProblem), said in the current language.
    const problem =
      cents === null
        ? t`Enter an amount like 1500 or 1500.50`
        : billPaymentProblem(bill.balance, cents) === null
          ? null
          : cents <= 0
            ? t`Must be more than 0`
            : t`The payment is more than the balance of the bill`;
    if (problem) {
      setError({ message: problem, fields: { amount: problem } });
      return;
    }
    const body = { amount: cents!, method, ...(reference.trim() ? { reference: reference.trim().toUpperCase() } : {}) };
    const text = JSON.stringify(body);
    if (attempt.current?.body !== text) attempt.current = { body: text, key: newIdempotencyKey() };
    const args = { id: bill.id, body, idempotencyKey: attempt.current.key };
    try {
      if (bill.kind === "booking") await payBooking(args).unwrap();
      else await payConference(args).unwrap();
      attempt.current = null;
      toast.success(t`${formatKES(body.amount)} by ${methodLabel(method)} received from ${bill.who}`);
      onClose();
    } catch (err) {
      const described = describeError(err);
      if (errorCodeOf(err) === ERROR_CODES.BILL_OVERPAYMENT)
        described.fields = { ...described.fields, amount: described.message };
      setError(described);
    }
  }

  return (
    <ResponsiveDialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby="payment-title">
      <DialogTitle id="payment-title">
        <Trans>Take payment · {bill.who}</Trans>
      </DialogTitle>
      <DialogContent
        onKeyDown={(e) => {
          if (e.key === "Enter") {
            e.preventDefault();
            void submit();
          }
        }}
      >
        <Typography sx={{ mb: 2 }}>
          <Trans>Balance</Trans> <strong>{formatKES(bill.balance)}</strong>
        </Typography>
        {error && !error.fields.amount && !error.fields.reference && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error.message}
          </Alert>
        )}
        <Stack spacing={2}>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={method}
            onChange={(_e, m: BillPaymentMethod | null) => m && setMethod(m)}
            aria-label={t`Payment method`}
          >
            {BILL_PAYMENT_METHODS.map((m) => (
              <ToggleButton key={m} value={m}>
                {methodLabel(m)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          <MoneyInput
            size="small"
            label={t`Amount`}
            value={amount}
            onChange={setAmount}
            autoFocus
            error={Boolean(error?.fields.amount)}
            helperText={error?.fields.amount}
          />
          {method !== "Cash" && (
            <Box>
              <TextField
                fullWidth
                size="small"
                label={method === "M-Pesa" ? t`M-Pesa code` : t`Bank reference`}
                value={reference}
                onChange={(e) => setReference(e.target.value.toUpperCase())}
                error={Boolean(error?.fields.reference)}
                helperText={
                  error?.fields.reference ??
                  (method === "M-Pesa" ? t`From the customer's M-Pesa message, e.g. QGH7XYZ12A` : undefined)
                }
              />
            </Box>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          <Trans>Cancel</Trans>
        </Button>
        <Button variant="contained" onClick={() => void submit()} disabled={busy}>
          <Trans>Record payment</Trans>
        </Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}
