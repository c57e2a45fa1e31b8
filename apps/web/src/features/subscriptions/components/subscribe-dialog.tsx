import { Alert, Autocomplete, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, FormHelperText, Radio, RadioGroup, Step, StepLabel, Stepper, TextField, Typography } from "@mui/material";
import { useState } from "react";
import { toast } from "react-toastify";
import { formatPlanPrice, paymentMethodProblem } from "@app/shared/subscriptions/billing";
import { SUBSCRIPTION_MESSAGES, SUBSCRIPTION_PAYMENT_METHODS, type SubscriptionPaymentMethod } from "@app/shared/subscriptions/constants";
import { createsSubscriptionOnLeaving, isNextDisabled, mayAdvance, SUBSCRIBE_STEPS, type SubscribeDraft } from "@app/shared/subscriptions/subscribe-steps";
import type { Subscription } from "@app/shared/subscriptions/subscription";
import { describeError } from "../../../api/errors.ts";
import { useListBusinessesQuery } from "../../business/business-api.ts";
import { useListPlansQuery, useSubscribeMutation } from "../subscriptions-api.ts";
import { PaymentPanel } from "./payment-panel.tsx";
import { METHOD_LABELS } from "./status-chip.tsx";

/**
 * Subscribe Business (spec sections 2, 4, 5): (1) plan and payment method, (2) business,
 * (3) payment. The subscription is created on leaving step 2.
 */
export function SubscribeDialog({ onClose }: { onClose: () => void }) {
  const [step, setStep] = useState(0);
  const [draft, setDraft] = useState<SubscribeDraft>({ planId: null, paymentMethod: null, businessId: null });
  const [hint, setHint] = useState("");
  const [subscription, setSubscription] = useState<Subscription | null>(null);
  const [failure, setFailure] = useState("");
  const [done, setDone] = useState(false);
  const plans = useListPlansQuery({ page: 0, pageSize: 100 });
  const businesses = useListBusinessesQuery();
  const [subscribe, subscribing] = useSubscribeMutation();
  const offered = (plans.data?.items ?? []).filter((p) => p.isActive);
  const plan = offered.find((p) => p._id === draft.planId) ?? null;
  const business = businesses.data?.find((b) => b._id === draft.businessId) ?? null;

  async function next() {
    if (!mayAdvance(step, draft)) {
      if (step === 0 && !draft.paymentMethod) setHint("Choose a payment method");
      return;
    }
    if (createsSubscriptionOnLeaving(step)) {
      setFailure("");
      try {
        const created = await subscribe({ businessId: draft.businessId!, planId: plan!._id, billingCycle: plan!.billingCycle, paymentMethod: draft.paymentMethod! }).unwrap();
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

  const choosePlan = (planId: string) => {
    const chosen = offered.find((p) => p._id === planId)!;
    setDraft((d) => ({ ...d, planId, paymentMethod: d.paymentMethod && paymentMethodProblem(chosen.currency, d.paymentMethod) ? null : d.paymentMethod }));
  };

  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>Subscribe Business</DialogTitle>
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
                Plan
              </Typography>
              {plans.isError && <Alert severity="error">The plans could not be loaded.</Alert>}
              {plans.data && !offered.length && <Alert severity="info">No plan is on offer. Create one on the Plans tab first.</Alert>}
              <RadioGroup value={draft.planId ?? ""} onChange={(e) => choosePlan(e.target.value)} aria-label="Plan">
                {offered.map((p) => (
                  <FormControlLabel
                    key={p._id}
                    value={p._id}
                    control={<Radio />}
                    sx={{ border: 1, borderColor: p._id === draft.planId ? "primary.main" : "divider", borderRadius: 1, mx: 0, mb: 1, pr: 2 }}
                    label={
                      <Box sx={{ py: 0.5 }}>
                        <Typography sx={{ fontWeight: 600 }}>
                          {p.name} · {formatPlanPrice(p.price, p.currency, p.billingCycle)}
                        </Typography>
                        <Typography variant="body2" color="text.secondary">
                          {p.description}
                        </Typography>
                      </Box>
                    }
                  />
                ))}
              </RadioGroup>
            </Box>
            <Box>
              <Typography variant="subtitle2" gutterBottom>
                Payment method
              </Typography>
              <RadioGroup
                value={draft.paymentMethod ?? ""}
                onChange={(e) => {
                  setHint("");
                  setDraft((d) => ({ ...d, paymentMethod: e.target.value as SubscriptionPaymentMethod }));
                }}
                aria-label="Payment method"
              >
                {SUBSCRIPTION_PAYMENT_METHODS.map((m) => {
                  const problem = plan ? paymentMethodProblem(plan.currency, m) : null;
                  return (
                    <Box key={m}>
                      <FormControlLabel value={m} control={<Radio />} label={METHOD_LABELS[m]} disabled={Boolean(problem)} />
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
              renderInput={(params) => <TextField {...params} label="Business" required helperText="The business that will hold this subscription" />}
            />
            {plan && draft.paymentMethod && (
              <Typography color="text.secondary" sx={{ mt: 2 }}>
                {plan.name}, {formatPlanPrice(plan.price, plan.currency, plan.billingCycle)}, paid with {METHOD_LABELS[draft.paymentMethod]}.
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
                {subscription.business.businessName} · {subscription.plan.name} · subscription {done ? "active" : subscription.status}
              </Typography>
            )}
            <PaymentPanel subscription={subscription} onPaid={() => setDone(true)} />
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{step === 2 ? "Close" : "Cancel"}</Button>
        {step === 1 && <Button onClick={() => setStep(0)}>Back</Button>}
        {step < 2 && (
          <Button variant="contained" onClick={() => void next()} disabled={isNextDisabled(step, draft) || subscribing.isLoading}>
            Next
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
