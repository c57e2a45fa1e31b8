import { t } from "@lingui/core/macro";
import { Grid, TextField } from "@mui/material";
import type { Supplier } from "@app/shared/supplies/supplier";
import { PartyForm, usePartyForm } from "../../../components/party-form.tsx";

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
  const form = usePartyForm(initial);
  const { values, setValues, setErrors, field } = form;
  async function submit() {
    const trimmed = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim()])) as SupplierFormValues;
    setErrors((await onSubmit(trimmed)) ?? {});
  }
  return (
    <PartyForm form={form} submitLabel={submitLabel} busy={busy} onSubmit={submit} onCancel={onCancel}>
      <Grid size={{ xs: 12, md: 6 }}>
        <TextField {...field("contactPerson", t`Contact person`)} />
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <TextField {...form.phoneField()} />
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
    </PartyForm>
  );
}
