import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { Button, Grid, Stack, TextField } from "@mui/material";
import { useState, type FormEvent } from "react";
import type { Customer } from "@app/shared/customers/customer";
import { formatCentsPlain } from "@app/shared/money/money";
import { CentsField, centsOf } from "../../../components/cents-field.tsx";

export type CustomerFormValues = {
  name: string;
  phone: string;
  email: string;
  address: string;
  creditLimit: string;
  notes: string;
};
export type CustomerFormBody = {
  name: string;
  phone: string;
  email: string;
  address: string;
  notes: string;
  creditLimit: number | null;
};

export const valuesOf = (c: Customer | null): CustomerFormValues => ({
  name: c?.name ?? "",
  phone: c?.phone ?? "",
  email: c?.email ?? "",
  address: c?.address ?? "",
  creditLimit: c?.creditLimit != null ? formatCentsPlain(c.creditLimit) : "",
  notes: c?.notes ?? "",
});

type Props = {
  initial: CustomerFormValues;
  submitLabel: string;
  busy: boolean;
  /** Saves; resolves to field errors (from the server) to show, or nothing once saved. */
  onSubmit: (body: CustomerFormBody) => Promise<Record<string, string> | void>;
  onCancel?: () => void;
};

/** A customer's details: name, phone (07XXXXXXXX or 01XXXXXXXX), email, address, credit limit, notes. */
export function CustomerForm({ initial, submitLabel, busy, onSubmit, onCancel }: Props) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const field = (key: keyof CustomerFormValues, label: string, extra: object = {}) => ({
    label,
    value: values[key],
    onChange: (e: { target: { value: string } }) => setValues({ ...values, [key]: e.target.value }),
    error: Boolean(errors[key]),
    helperText: errors[key],
    fullWidth: true,
    size: "small" as const,
    ...extra,
  });
  async function submit(e: FormEvent) {
    e.preventDefault();
    const limit = centsOf(values.creditLimit);
    if (Number.isNaN(limit))
      return setErrors({ creditLimit: t`Enter an amount like 5000 or 5000.50, or leave it empty` });
    const problems = await onSubmit({
      name: values.name.trim(),
      phone: values.phone.trim(),
      email: values.email.trim(),
      address: values.address.trim(),
      notes: values.notes.trim(),
      creditLimit: limit,
    });
    setErrors(problems ?? {});
  }
  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={submitLabel}>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextField {...field("name", t`Name`, { required: true, autoFocus: !initial.name })} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextField
            {...field("phone", t`Phone`, { required: true, placeholder: "07XXXXXXXX" })}
            onChange={(e) => setValues({ ...values, phone: e.target.value.replace(/\D/g, "").slice(0, 10) })}
            slotProps={{ htmlInput: { inputMode: "tel" } }}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextField {...field("email", t`Email`, { type: "email" })} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <CentsField
            {...field("creditLimit", t`Credit limit`)}
            onChange={(v) => setValues({ ...values, creditLimit: v })}
            helperText={errors.creditLimit ?? t`Empty: no limit. 0: no credit at all.`}
          />
        </Grid>
        <Grid size={12}>
          <TextField {...field("address", t`Address`)} />
        </Grid>
        <Grid size={12}>
          <TextField {...field("notes", t`Notes`, { multiline: true, minRows: 2 })} />
        </Grid>
      </Grid>
      <Stack direction="row" spacing={1} sx={{ mt: 3, justifyContent: "flex-end" }}>
        {onCancel && (
          <Button onClick={onCancel} disabled={busy}>
            <Trans>Cancel</Trans>
          </Button>
        )}
        <Button type="submit" variant="contained" disabled={busy}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
