import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { ResponsiveDialog } from "../../../components/responsive-dialog.tsx";
import {
  Alert,
  Button,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import { useState } from "react";
import { toast } from "react-toastify";
import { kenyanPhoneSchema, PHONE_TYPED_MAX } from "@app/shared/phone/phone";
import { formatPlanPrice, paymentMethodProblem } from "@app/shared/subscriptions/billing";
import { SUBSCRIPTION_PAYMENT_METHODS, type SubscriptionPaymentMethod } from "@app/shared/subscriptions/constants";
import type { Subscription } from "@app/shared/subscriptions/subscription";
import { describeError } from "../../../api/errors.ts";
import { useSetPaymentMethodMutation } from "../subscriptions-api.ts";
import { PaymentPanel } from "./payment-panel.tsx";
import { formatDate, METHOD_LABELS } from "./status-chip.tsx";

/** Pay a pending, past-due or expired subscription with its method. */
export function PayDialog({ subscription, onClose }: { subscription: Subscription; onClose: () => void }) {
  const [paid, setPaid] = useState(false);
  return (
    <ResponsiveDialog open onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>
        <Trans>Pay {subscription.plan.name}</Trans>
      </DialogTitle>
      <DialogContent>
        <Typography color="text.secondary" gutterBottom>
          {subscription.business.businessName} ·{" "}
          {formatPlanPrice(subscription.amountDue, subscription.currency, subscription.billingCycle)} ·{" "}
          {paid
            ? "paid"
            : subscription.status === "past_due"
              ? t`due since ${formatDate(subscription.nextBillingDate)}`
              : subscription.status}
        </Typography>
        <PaymentPanel subscription={subscription} onPaid={() => setPaid(true)} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} variant={paid ? "contained" : "text"}>
          {paid ? t`Done` : t`Close`}
        </Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}

/** The payment-method update (spec section 4), with the M-Pesa number that auto-renewal asks. */
export function PaymentMethodDialog({ subscription, onClose }: { subscription: Subscription; onClose: () => void }) {
  const [method, setMethod] = useState<SubscriptionPaymentMethod>(subscription.paymentMethod);
  const [phone, setPhone] = useState(subscription.mpesaPhone ?? "");
  const [error, setError] = useState("");
  const [save, saving] = useSetPaymentMethodMutation();
  async function submit() {
    const checked = method === "mpesa" && phone ? kenyanPhoneSchema.safeParse(phone) : null;
    if (checked && !checked.success) return setError(t`Enter a Kenyan mobile number, e.g. 0712 345 678`);
    try {
      await save({
        id: subscription._id,
        paymentMethod: method,
        ...(checked?.success ? { mpesaPhone: checked.data } : {}),
      }).unwrap();
      toast.success(t`Payment method saved`);
      onClose();
    } catch (err) {
      setError(describeError(err).message);
    }
  }
  return (
    <ResponsiveDialog open onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>
        <Trans>Payment method</Trans>
      </DialogTitle>
      <DialogContent>
        <RadioGroup
          value={method}
          onChange={(e) => setMethod(e.target.value as SubscriptionPaymentMethod)}
          aria-label={t`Payment method`}
        >
          {SUBSCRIPTION_PAYMENT_METHODS.map((m) => {
            const problem = paymentMethodProblem(subscription.currency, m);
            return (
              <FormControlLabel
                key={m}
                value={m}
                control={<Radio />}
                label={
                  problem ? t`${METHOD_LABELS[m]} (${subscription.currency} plans cannot use it)` : METHOD_LABELS[m]
                }
                disabled={Boolean(problem)}
              />
            );
          })}
        </RadioGroup>
        {method === "mpesa" && (
          <Stack sx={{ mt: 1 }}>
            <TextField
              label={t`M-Pesa number for renewals`}
              value={phone}
              onChange={(e) => setPhone(e.target.value.slice(0, PHONE_TYPED_MAX))}
              helperText={t`Auto-renewal sends the payment request to this number`}
              slotProps={{ htmlInput: { inputMode: "tel" } }}
            />
          </Stack>
        )}
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>
          <Trans>Cancel</Trans>
        </Button>
        <Button variant="contained" onClick={() => void submit()} disabled={saving.isLoading}>
          <Trans>Save</Trans>
        </Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}
