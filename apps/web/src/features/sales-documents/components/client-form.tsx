import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { Alert, Button, Grid, Stack, TextField } from "@mui/material";
import { useState } from "react";
import { updateClientInputSchema, type Client } from "@app/shared/sales-documents/client";
import { describeError } from "../../../api/errors.ts";

type Values = {
  companyName: string;
  kraPin: string;
  contactName: string;
  phone: string;
  email: string;
  address: string;
};
const EMPTY: Values = { companyName: "", kraPin: "", contactName: "", phone: "", email: "", address: "" };
const valuesOf = (c?: Client): Values =>
  c
    ? {
        companyName: c.companyName,
        kraPin: c.kraPin ?? "",
        contactName: c.contactName ?? "",
        phone: c.phone ?? "",
        email: c.email ?? "",
        address: c.address ?? "",
      }
    : EMPTY;

/** A business client's details: company name, KRA PIN (for their tax invoices), contact and address. */
export function ClientForm({
  client,
  busy,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  client?: Client;
  busy: boolean;
  submitLabel: string;
  onSubmit: (values: Values) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const [values, setValues] = useState<Values>(() => valuesOf(client));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const field = (k: keyof Values, label: string, extra: object = {}) => ({
    label,
    size: "small" as const,
    fullWidth: true,
    value: values[k],
    onChange: (e: { target: { value: string } }) => setValues({ ...values, [k]: e.target.value }),
    error: Boolean(errors[k]),
    helperText: errors[k],
    ...extra,
  });
  async function submit() {
    const parsed = updateClientInputSchema.safeParse(values);
    if (!parsed.success)
      return setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? "form"), i.message])));
    try {
      await onSubmit(values);
      setErrors({});
      if (!client) setValues(EMPTY);
    } catch (err) {
      const d = describeError(err);
      setErrors({ ...d.fields, form: d.message });
    }
  }
  return (
    <Stack
      spacing={2}
      component="form"
      aria-label={submitLabel}
      onSubmit={(e) => (e.preventDefault(), void submit())}
      noValidate
    >
      {errors.form && <Alert severity="error">{errors.form}</Alert>}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextField {...field("companyName", t`Company name`, { required: true })} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextField
            {...field("kraPin", t`KRA PIN`, { placeholder: "P051234567X" })}
            helperText={errors.kraPin ?? t`Printed on their tax invoices`}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <TextField {...field("contactName", t`Contact person`)} />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <TextField {...field("phone", t`Phone`, { slotProps: { htmlInput: { inputMode: "tel" } } })} />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <TextField {...field("email", t`Email`, { slotProps: { htmlInput: { inputMode: "email" } } })} />
        </Grid>
        <Grid size={12}>
          <TextField {...field("address", t`Address`, { multiline: true, minRows: 2 })} />
        </Grid>
      </Grid>
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" disabled={busy}>
          {submitLabel}
        </Button>
        {onCancel && (
          <Button onClick={onCancel}>
            <Trans>Cancel</Trans>
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
