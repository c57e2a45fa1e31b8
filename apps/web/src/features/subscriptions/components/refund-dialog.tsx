import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { ResponsiveDialog } from "../../../components/responsive-dialog.tsx";
import { Alert, Button, DialogActions, DialogContent, DialogTitle, TextField, Typography } from "@mui/material";
import { useState } from "react";
import { toast } from "react-toastify";
import { formatPlanAmount } from "@app/shared/subscriptions/billing";
import { markRefundedInputSchema, type SubscriptionPayment } from "@app/shared/subscriptions/subscription";
import { describeError } from "../../../api/errors.ts";
import { useMarkRefundedMutation } from "../subscriptions-api.ts";
import { refundReasonText } from "./status-chip.tsx";

/** Support records that a payment flagged for refund was given back, and how (the note). */
export function RefundDialog({ payment, onClose }: { payment: SubscriptionPayment; onClose: () => void }) {
  const [note, setNote] = useState("");
  const [error, setError] = useState("");
  const [mark, { isLoading }] = useMarkRefundedMutation();
  const amount = formatPlanAmount(payment.amount, payment.currency);

  async function submit() {
    const parsed = markRefundedInputSchema.safeParse({ note });
    if (!parsed.success) return setError(t`Say how the money was returned, e.g. the M-Pesa reversal code.`);
    try {
      await mark({ id: payment._id, note: parsed.data.note }).unwrap();
      toast.success(t`${amount} marked refunded`);
      onClose();
    } catch (err) {
      const { message, fields } = describeError(err);
      setError(fields.note ?? message);
    }
  }

  return (
    <ResponsiveDialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="refund-title">
      <DialogTitle id="refund-title">
        <Trans>Mark refunded</Trans>
      </DialogTitle>
      <DialogContent>
        <Typography gutterBottom>
          {payment.subscription.business.businessName} · {payment.plan.name} · <strong>{amount}</strong>
          {payment.transactionId ? ` · ${payment.transactionId}` : ""}
        </Typography>
        {payment.refund && (
          <Alert severity="warning" sx={{ my: 1 }}>
            {refundReasonText(payment.refund.reason)}
          </Alert>
        )}
        <TextField
          label={t`How was it returned?`}
          value={note}
          onChange={(e) => {
            setNote(e.target.value);
            setError("");
          }}
          error={Boolean(error)}
          helperText={error || t`e.g. M-Pesa reversal QWE123RTY, or PayPal refund id`}
          fullWidth
          required
          multiline
          minRows={2}
          slotProps={{ htmlInput: { maxLength: 500 } }}
          sx={{ mt: 1 }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>
          <Trans>Cancel</Trans>
        </Button>
        <Button variant="contained" onClick={() => void submit()} disabled={isLoading}>
          <Trans>Mark refunded</Trans>
        </Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}
