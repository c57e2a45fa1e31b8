import { Button, MenuItem, Stack, TextField } from "@mui/material";
import { t } from "@lingui/core/macro";
import { useState, type FormEvent } from "react";
import { registerBusinessInputSchema } from "@app/shared/accounts/auth";
import { BUSINESS_TYPES } from "@app/shared/businesses/business";
import { describeError } from "../../../api/errors.ts";
import { preloadSignedInApp } from "../../../lib/preload.ts";
import { useAppDispatch } from "../../../app/hooks.ts";
import { showToast } from "../../../lib/toasts.ts";
import { accessKeySuccess } from "../../../lib/session/access-key-slice.ts";
import { registerBusiness } from "../auth-api.ts";
import { businessTypeLabel } from "../../../lib/business-types.ts";
import { useCompleteSignIn } from "../use-sign-in.ts";

const EMPTY = { businessName: "", businessType: "general", username: "", email: "", phone: "", password: "" };

/** Registers a business and its owner, then signs the owner in on this device. */
export function RegisterBusinessForm() {
  const dispatch = useAppDispatch();
  const completeSignIn = useCompleteSignIn();
  const [isLoading, setLoading] = useState(false);
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const field = (name: keyof typeof EMPTY) => ({
    name,
    value: form[name],
    onChange: (e: { target: { value: string } }) => setForm({ ...form, [name]: e.target.value }),
    error: Boolean(errors[name]),
    helperText: errors[name],
    fullWidth: true,
    size: "small" as const,
  });

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = registerBusinessInputSchema.safeParse(form);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    setLoading(true);
    preloadSignedInApp(); // the app opens on success: load it meanwhile
    try {
      const res = await registerBusiness(parsed.data);
      dispatch(accessKeySuccess({ type: "adminKey" }));
      showToast("success", t`${res.business.name} is registered`);
      await completeSignIn(res, res.business._id);
    } catch (err) {
      const { message, fields } = describeError(err);
      setErrors(fields);
      showToast("error", message);
    } finally {
      setLoading(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-label={t`Register a business`}>
      <Stack spacing={2}>
        <TextField label={t`Business name`} {...field("businessName")} />
        <TextField select label={t`Business type`} {...field("businessType")}>
          {BUSINESS_TYPES.map((type) => (
            <MenuItem key={type} value={type}>
              {businessTypeLabel(type)}
            </MenuItem>
          ))}
        </TextField>
        <TextField label={t`Username`} autoComplete="username" {...field("username")} />
        <TextField label={t`Email`} type="email" autoComplete="email" {...field("email")} />
        <TextField label={t`Phone`} placeholder="0712 345 678" inputMode="tel" {...field("phone")} />
        <TextField label={t`Password`} type="password" autoComplete="new-password" {...field("password")} />
        <Button type="submit" variant="contained" disabled={isLoading}>
          {isLoading ? t`Registering…` : t`Register business`}
        </Button>
      </Stack>
    </form>
  );
}
