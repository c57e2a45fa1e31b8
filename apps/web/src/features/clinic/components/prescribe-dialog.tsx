import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { ResponsiveDialog } from "../../../components/responsive-dialog.tsx";
import {
  Alert,
  Autocomplete,
  Button,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
} from "@mui/material";
import { useState } from "react";
import { toast } from "react-toastify";
import { allergyMatches } from "@app/shared/clinic/allergy";
import type { Medicine } from "@app/shared/clinic/orders";
import type { Consultation } from "@app/shared/clinic/visit";
import { formatKES } from "@app/shared/money/money";
import { describeError } from "../../../api/errors.ts";
import { useListMedicinesQuery, usePrescribeMutation } from "../clinic-api.ts";
import { useClinic } from "../use-clinic.ts";

/** Prescribe one medicine (an inventory product received in batches), warned of a recorded allergy. */
export function PrescribeDialog({ visit, onClose }: { visit: Consultation; onClose: () => void }) {
  const { businessId } = useClinic();
  const [q, setQ] = useState("");
  const { data: medicines = [], isFetching } = useListMedicinesQuery({ businessId, q }, { skip: !businessId });
  const [medicine, setMedicine] = useState<Medicine | null>(null);
  const [form, setForm] = useState({ dose: "", frequency: "", durationDays: "", quantity: "", instructions: "" });
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [prescribe, { isLoading }] = usePrescribeMutation();
  const allergens = medicine ? allergyMatches(visit.patient.allergies, medicine.name) : [];
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => setForm({ ...form, [k]: e.target.value });

  async function submit() {
    if (!medicine) return setFields({ productId: t`Choose a medicine` });
    const item = {
      productId: medicine.productId,
      dose: form.dose,
      frequency: form.frequency,
      durationDays: form.durationDays ? Number(form.durationDays) : null,
      quantity: Number(form.quantity),
      instructions: form.instructions,
    };
    try {
      await prescribe({ id: visit._id, body: { items: [item] } }).unwrap();
      toast.success(t`${medicine.name} prescribed`);
      onClose();
    } catch (err) {
      const d = describeError(err);
      setFields(Object.fromEntries(Object.entries(d.fields).map(([k, v]) => [k.replace(/^items\.0\./, ""), v])));
      setError(d.message);
    }
  }

  const field = (k: keyof typeof form, label: string, extra: object = {}) => (
    <TextField
      size="small"
      label={label}
      value={form[k]}
      onChange={set(k)}
      error={Boolean(fields[k])}
      helperText={fields[k]}
      fullWidth
      {...extra}
    />
  );

  return (
    <ResponsiveDialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="prescribe-title">
      <DialogTitle id="prescribe-title">
        <Trans>Prescribe for {visit.patient.fullName}</Trans>
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {error && <Alert severity="error">{error}</Alert>}
          <Autocomplete<Medicine>
            size="small"
            options={medicines}
            loading={isFetching}
            value={medicine}
            onChange={(_e, m) => setMedicine(m)}
            onInputChange={(_e, text) => setQ(text)}
            filterOptions={(x) => x}
            getOptionLabel={(m) => m.name}
            isOptionEqualToValue={(a, b) => a.productId === b.productId}
            renderOption={(props, m) => (
              <li {...props} key={m.productId}>
                {m.name} · {m.available} {m.unit} · {formatKES(m.sellingprice)}
              </li>
            )}
            noOptionsText={t`No medicine found: medicines are products received in batches (Inventory)`}
            renderInput={(params) => (
              <TextField
                {...params}
                label={t`Medicine`}
                error={Boolean(fields.productId)}
                helperText={fields.productId}
              />
            )}
          />
          {medicine && (
            <Alert severity={medicine.available > 0 ? "info" : "warning"}>
              <Trans>
                {medicine.available} {medicine.unit} in date
              </Trans>
              {medicine.nextExpiry ? ` · ${t`next expiry ${medicine.nextExpiry}`}` : ""}
            </Alert>
          )}
          {allergens.length > 0 && (
            <Alert severity="error" data-testid="allergy-warning">
              <Trans>
                Recorded allergy: {visit.patient.allergies}. Check before prescribing {medicine?.name}.
              </Trans>
            </Alert>
          )}
          <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
            {field("dose", t`Dose`, { placeholder: t`e.g. 1 tab` })}
            {field("frequency", t`Frequency`, { placeholder: t`e.g. 3 times a day` })}
          </Stack>
          <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
            {field("durationDays", t`Days`, { inputMode: "numeric" })}
            {field("quantity", t`Quantity to dispense`, { inputMode: "numeric", required: true })}
          </Stack>
          {field("instructions", t`Instructions`, { placeholder: t`e.g. after meals` })}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>
          <Trans>Cancel</Trans>
        </Button>
        <Button variant="contained" onClick={() => void submit()} disabled={isLoading}>
          <Trans>Prescribe</Trans>
        </Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}
