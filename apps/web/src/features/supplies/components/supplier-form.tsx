import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { Button, Grid, Stack, TextField } from "@mui/material";
import { useState, type FormEvent } from "react";
import type { Supplier } from "@app/shared/supplies/supplier";

export type SupplierFormValues = {
  name: string;
  phone: string;
  email: string;
  kraPin: string;
  contactPerson: string;
  address: string;
  notes: string;
};

export const supplierValuesOf = (s: Supplier | null): SupplierFormValues => ({
  name: s?.name ?? "",
  phone: s?.phone ?? "",
  email: s?.email ?? "",
  kraPin: s?.kraPin ?? "",
  contactPerson: s?.contactPerson ?? "",
  address: s?.address ?? "",
  notes: s?.notes ?? "",
});

type Props = {
  initial: SupplierFormValues;
  submitLabel: string;
  busy: boolean;
  /** Saves; resolves to field errors to show, or nothing once saved. */
  onSubmit: (values: SupplierFormValues) => Promise<Record<string, string> | void>;
  onCancel?: () => void;
};

/** A supplier's details: name, phone, email, KRA PIN, contact person, address, notes. */
export function SupplierForm({ initial, submitLabel, busy, onSubmit, onCancel }: Props) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const field = (key: keyof SupplierFormValues, label: string, extra: object = {}) => ({
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
    const trimmed = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim()])) as SupplierFormValues;
    setErrors((await onSubmit(trimmed)) ?? {});
  }
  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={submitLabel}>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextField {...field("name", t`Name`, { required: true, autoFocus: !initial.name })} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextField {...field("contactPerson", t`Contact person`)} />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <TextField
            {...field("phone", t`Phone`, { placeholder: "07XXXXXXXX" })}
            onChange={(e) => setValues({ ...values, phone: e.target.value.replace(/\D/g, "").slice(0, 10) })}
            slotProps={{ htmlInput: { inputMode: "tel" } }}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <TextField {...field("email", t`Email`, { type: "email" })} />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <TextField
            {...field("kraPin", t`KRA PIN`, { placeholder: "A123456789B" })}
            onChange={(e) => setValues({ ...values, kraPin: e.target.value.toUpperCase() })}
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
