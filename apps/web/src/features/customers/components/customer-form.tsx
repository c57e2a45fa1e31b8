import { t } from "@lingui/core/macro";
import { Grid, TextField } from "@mui/material";
import type { Customer } from "@app/shared/customers/customer";
import { formatCentsPlain } from "@app/shared/money/money";
import { CentsField, centsOf } from "../../../components/cents-field.tsx";
import { PartyForm, usePartyForm } from "../../../components/party-form.tsx";

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

/** A customer's details: name, phone (as typed or pasted: 0712 345 678, +254 712 345 678...), email, address, credit limit, notes. */
export function CustomerForm({ initial, submitLabel, busy, onSubmit, onCancel }: Props) {
  const form = usePartyForm(initial);
  const { values, setValues, errors, setErrors, field } = form;
  async function submit() {
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
    <PartyForm form={form} submitLabel={submitLabel} busy={busy} onSubmit={submit} onCancel={onCancel}>
      <Grid size={{ xs: 12, md: 6 }}>
        <TextField {...form.phoneField({ required: true })} />
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
    </PartyForm>
  );
}
