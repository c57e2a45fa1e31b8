import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { ResponsiveDialog } from "../../../components/responsive-dialog.tsx";
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormHelperText,
  Radio,
  RadioGroup,
  Step,
  StepLabel,
  Stepper,
  TextField,
  Typography,
} from "@mui/material";
import { useState } from "react";
import { toast } from "react-toastify";
import { formatPlanPrice, paymentMethodProblem } from "@app/shared/subscriptions/billing";
import {
  SUBSCRIPTION_MESSAGES,
  SUBSCRIPTION_PAYMENT_METHODS,
  type SubscriptionPaymentMethod,
} from "@app/shared/subscriptions/constants";
import type { Plan } from "@app/shared/subscriptions/plan";
import {
  choosePlan,
  createsSubscriptionOnLeaving,
  isNextDisabled,
  mayAdvance,
  SUBSCRIBE_STEPS,
  type SubscribeDraft,
} from "@app/shared/subscriptions/subscribe-steps";
import type { Subscription } from "@app/shared/subscriptions/subscription";
import { describeError } from "../../../api/errors.ts";
import { useListBusinessesQuery } from "../../businesses/business-api.ts";
import { useSubscribeMutation } from "../subscriptions-api.ts";
import { PaymentPanel } from "./payment-panel.tsx";
import { PlanPicker } from "./plan-picker.tsx";
import { METHOD_LABELS } from "./status-chip.tsx";

/**
 * Subscribe Business (spec sections 2, 4, 5): (1) plan and payment method, (2) business,
 * (3) payment. The subscription is created on leaving step 2.
 */
export function SubscribeDialog({ onClose }: { onClose: () => void }) {
  const [step, setStep] = useState(0);
  const [draft, setDraft] = useState<SubscribeDraft>({ planId: null, paymentMethod: null, businessId: null });
  // The chosen plan itself: a later search may no longer list it.
  const [plan, setPlan] = useState<Plan | null>(null);
  const [hint, setHint] = useState("");
  const [subscription, setSubscription] = useState<Subscription | null>(null);
  const [failure, setFailure] = useState("");
  const [done, setDone] = useState(false);
  const businesses = useListBusinessesQuery();
  const [subscribe, subscribing] = useSubscribeMutation();
  const business = businesses.data?.find((b) => b._id === draft.businessId) ?? null;

  async function next() {
    if (!mayAdvance(step, draft)) {
      if (step === 0 && !draft.paymentMethod) setHint("Choose a payment method");
      return;
    }
    if (createsSubscriptionOnLeaving(step)) {
      setFailure("");
      try {
        const created = await subscribe({
          businessId: draft.businessId!,
          planId: plan!._id,
          billingCycle: plan!.billingCycle,
          paymentMethod: draft.paymentMethod!,
        }).unwrap();
        if (!created?._id) throw new Error("The server returned no subscription id");
        setSubscription(created);
      } catch (err) {
        console.error("Subscription creation failed", err);
        toast.error(SUBSCRIPTION_MESSAGES.createFailed);
        setFailure(describeError(err).message);
        return;
      }
    }
    setStep(step + 1);
  }

  const choose = (chosen: Plan) => {
    setPlan(chosen);
    setDraft((d) => choosePlan(d, chosen));
  };

  return (
    <ResponsiveDialog open onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>
        <Trans>Subscribe Business</Trans>
      </DialogTitle>
      <DialogContent>
        <Stepper activeStep={step} sx={{ mb: 3, mt: 1 }}>
          {SUBSCRIBE_STEPS.map((label) => (
            <Step key={label}>
              <StepLabel>{label}</StepLabel>
            </Step>
          ))}
        </Stepper>

        {step === 0 && (
          <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", md: "3fr 2fr" }, gap: 3 }}>
            <Box>
              <Typography variant="subtitle2" gutterBottom>
                <Trans>Plan</Trans>
              </Typography>
              <PlanPicker chosen={plan} onChoose={choose} />
            </Box>
            <Box>
              <Typography variant="subtitle2" gutterBottom>
                <Trans>Payment method</Trans>
              </Typography>
              <RadioGroup
                value={draft.paymentMethod ?? ""}
                onChange={(e) => {
                  setHint("");
                  setDraft((d) => ({ ...d, paymentMethod: e.target.value as SubscriptionPaymentMethod }));
                }}
                aria-label={t`Payment method`}
              >
                {SUBSCRIPTION_PAYMENT_METHODS.map((m) => {
                  const problem = plan ? paymentMethodProblem(plan.currency, m) : null;
                  return (
                    <Box key={m}>
                      <FormControlLabel
                        value={m}
                        control={<Radio />}
                        label={METHOD_LABELS[m]}
                        disabled={Boolean(problem)}
                      />
                      {problem && <FormHelperText sx={{ mt: -1, mb: 1, ml: 4 }}>{problem}</FormHelperText>}
                    </Box>
                  );
                })}
              </RadioGroup>
              {hint && <FormHelperText error>{hint}</FormHelperText>}
            </Box>
          </Box>
        )}

        {step === 1 && (
          <Box sx={{ maxWidth: 480 }}>
            <Autocomplete
              options={businesses.data ?? []}
              loading={businesses.isFetching}
              getOptionLabel={(b) => b.name}
              isOptionEqualToValue={(a, b) => a._id === b._id}
              value={business}
              onChange={(_, b) => setDraft((d) => ({ ...d, businessId: b?._id ?? null }))}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label={t`Business`}
                  required
                  helperText={t`The business that will hold this subscription`}
                />
              )}
            />
            {plan && draft.paymentMethod && (
              <Typography color="text.secondary" sx={{ mt: 2 }}>
                {plan.name}, {formatPlanPrice(plan.price, plan.currency, plan.billingCycle)}
                <Trans>, paid with</Trans> {METHOD_LABELS[draft.paymentMethod]}.
              </Typography>
            )}
            {failure && (
              <Alert severity="error" sx={{ mt: 2 }}>
                {SUBSCRIPTION_MESSAGES.createFailed} {failure}
              </Alert>
            )}
          </Box>
        )}

        {step === 2 && (
          <Box>
            {subscription && (
              <Typography color="text.secondary" gutterBottom>
                {subscription.business.businessName} · {subscription.plan.name} <Trans>· subscription</Trans>{" "}
                {done ? "active" : subscription.status}
              </Typography>
            )}
            <PaymentPanel subscription={subscription} onPaid={() => setDone(true)} />
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{step === 2 ? t`Close` : t`Cancel`}</Button>
        {step === 1 && (
          <Button onClick={() => setStep(0)}>
            <Trans>Back</Trans>
          </Button>
        )}
        {step < 2 && (
          <Button
            variant="contained"
            onClick={() => void next()}
            disabled={isNextDisabled(step, draft) || subscribing.isLoading}
          >
            <Trans>Next</Trans>
          </Button>
        )}
      </DialogActions>
    </ResponsiveDialog>
  );
}
