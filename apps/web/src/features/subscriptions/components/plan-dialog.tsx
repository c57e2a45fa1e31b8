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
  MenuItem,
  Stack,
  Switch,
  TextField,
  Typography,
} from "@mui/material";
import { useState } from "react";
import { toast } from "react-toastify";
import { formatCentsPlain, parseKES } from "@app/shared/money/money";
import {
  BILLING_CYCLES,
  PLAN_CURRENCIES,
  PLAN_DEFAULTS,
  PLAN_FEATURE_FLAGS,
  type PlanFeatureFlag,
} from "@app/shared/subscriptions/constants";
import { planInputSchema, type Plan, type PlanInput } from "@app/shared/subscriptions/plan";
import { describeError } from "../../../api/errors.ts";
import { useCreatePlanMutation, useUpdatePlanMutation } from "../subscriptions-api.ts";

export const FEATURE_LABELS: Record<PlanFeatureFlag, string> = {
  inventoryManagement: "Inventory management",
  analytics: "Analytics",
  multiBranch: "Multi-branch",
  apiAccess: "API access",
  prioritySupport: "Priority support",
  customReports: "Custom reports",
};
const CYCLE_LABELS = { monthly: "Monthly", quarterly: "Quarterly", yearly: "Yearly" } as const;

type Form = Omit<PlanInput, "price" | "features"> & {
  price: string;
  features: { [K in keyof PlanInput["features"]]: K extends "maxUsers" | "maxProducts" ? string : boolean };
};

const formOf = (plan: Plan | null): Form => {
  const source = plan ?? { ...PLAN_DEFAULTS, features: { ...PLAN_DEFAULTS.features } };
  return {
    name: source.name,
    description: source.description,
    price: plan ? formatCentsPlain(plan.price) : String(PLAN_DEFAULTS.price),
    currency: source.currency,
    billingCycle: source.billingCycle,
    isActive: source.isActive,
    features: {
      ...source.features,
      maxUsers: String(source.features.maxUsers),
      maxProducts: String(source.features.maxProducts),
    },
  };
};

/** Create Plan (spec section 5: its defaults and required fields) or edit one. */
export function PlanDialog({ open, plan, onClose }: { open: boolean; plan: Plan | null; onClose: () => void }) {
  const [form, setForm] = useState<Form>(() => formOf(plan));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [create, creating] = useCreatePlanMutation();
  const [update, updating] = useUpdatePlanMutation();
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));
  const setFeature = (key: keyof Form["features"], value: string | boolean) =>
    setForm((f) => ({ ...f, features: { ...f.features, [key]: value } }));

  async function submit() {
    const price = parseKES(form.price);
    const input = {
      ...form,
      price: price ?? Number.NaN,
      features: {
        ...form.features,
        maxUsers: Number(form.features.maxUsers),
        maxProducts: Number(form.features.maxProducts),
      },
    };
    const parsed = planInputSchema.safeParse(input);
    if (!parsed.success || price === null) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error?.issues ?? []) found[issue.path.join(".")] ??= issue.message;
      if (price === null) found.price = "Enter an amount such as 1500 or 1500.50";
      return setErrors(found);
    }
    try {
      if (plan) await update({ id: plan._id, body: parsed.data }).unwrap();
      else await create(parsed.data).unwrap();
      toast.success(plan ? t`${parsed.data.name} saved` : t`${parsed.data.name} created`);
      onClose();
    } catch (err) {
      const { message, fields } = describeError(err);
      setErrors(fields);
      toast.error(message);
    }
  }

  const used = (plan?.subscriptionCount ?? 0) > 0;
  return (
    <ResponsiveDialog open={open} onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{plan ? t`Edit ${plan.name}` : t`Create Plan`}</DialogTitle>
      <DialogContent>
        <Stack
          spacing={2}
          sx={{ pt: 1 }}
          component="form"
          aria-label={plan ? t`Edit plan` : t`Create plan`}
          onSubmit={(e) => (e.preventDefault(), void submit())}
        >
          {used && (
            <Alert severity="info">
              <Trans>
                This plan has subscriptions: its currency and billing cycle are fixed. A new price applies from each
                subscription's next payment.
              </Trans>
            </Alert>
          )}
          <TextField
            label={t`Name`}
            required
            value={form.name}
            onChange={(e) => set("name", e.target.value)}
            error={Boolean(errors.name)}
            helperText={errors.name}
          />
          <TextField
            label={t`Description`}
            required
            multiline
            minRows={2}
            value={form.description}
            onChange={(e) => set("description", e.target.value)}
            error={Boolean(errors.description)}
            helperText={errors.description}
          />
          <Stack direction="row" spacing={2}>
            <TextField
              label={t`Price`}
              required
              value={form.price}
              onChange={(e) => set("price", e.target.value)}
              error={Boolean(errors.price)}
              helperText={errors.price ?? t`In ${form.currency === "KES" ? "shillings" : "dollars"}`}
              slotProps={{ htmlInput: { inputMode: "decimal" } }}
              sx={{ flex: 1 }}
            />
            <TextField
              select
              label={t`Currency`}
              required
              value={form.currency}
              onChange={(e) => set("currency", e.target.value as Form["currency"])}
              disabled={used}
              sx={{ width: 120 }}
              error={Boolean(errors.currency)}
              helperText={errors.currency}
            >
              {PLAN_CURRENCIES.map((c) => (
                <MenuItem key={c} value={c}>
                  {c}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label={t`Billing cycle`}
              required
              value={form.billingCycle}
              onChange={(e) => set("billingCycle", e.target.value as Form["billingCycle"])}
              disabled={used}
              sx={{ width: 160 }}
              error={Boolean(errors.billingCycle)}
              helperText={errors.billingCycle}
            >
              {BILLING_CYCLES.map((c) => (
                <MenuItem key={c} value={c}>
                  {CYCLE_LABELS[c]}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          <Stack direction="row" spacing={2}>
            {(["maxUsers", "maxProducts"] as const).map((key) => (
              <TextField
                key={key}
                label={key === "maxUsers" ? t`Max users` : t`Max products`}
                type="number"
                value={form.features[key]}
                onChange={(e) => setFeature(key, e.target.value)}
                error={Boolean(errors[`features.${key}`])}
                helperText={errors[`features.${key}`] ?? t`At least 1`}
                slotProps={{ htmlInput: { min: 1, step: 1 } }}
                sx={{ flex: 1 }}
              />
            ))}
          </Stack>
          <Typography variant="subtitle2">
            <Trans>Features</Trans>
          </Typography>
          <Stack direction="row" sx={{ flexWrap: "wrap", columnGap: 2 }}>
            {PLAN_FEATURE_FLAGS.map((flag) => (
              <FormControlLabel
                key={flag}
                sx={{ width: 240 }}
                control={<Switch checked={form.features[flag]} onChange={(_, on) => setFeature(flag, on)} />}
                label={FEATURE_LABELS[flag]}
              />
            ))}
          </Stack>
          <button type="submit" hidden />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>
          <Trans>Cancel</Trans>
        </Button>
        <Button variant="contained" onClick={() => void submit()} disabled={creating.isLoading || updating.isLoading}>
          {plan ? t`Save changes` : t`Create Plan`}
        </Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}
