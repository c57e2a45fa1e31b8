import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { ResponsiveDialog } from "../../../components/responsive-dialog.tsx";
import {
  Alert,
  Button,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  useMediaQuery,
  useTheme,
} from "@mui/material";
import { useState } from "react";
import { toast } from "react-toastify";
import { createPatientInputSchema, SEXES, type Patient, type Sex } from "@app/shared/clinic/patient";
import { describeError } from "../../../api/errors.ts";
import { useCreatePatientMutation, useUpdatePatientMutation } from "../clinic-api.ts";
import { useClinic } from "../use-clinic.ts";
import { sexLabel } from "./labels.ts";

type Form = Record<
  "fullName" | "birthDate" | "phone" | "idNumber" | "residence" | "nextOfKin" | "memberNumber" | "allergies",
  string
> & {
  sex: Sex | "";
};

const fromPatient = (p?: Patient): Form => ({
  fullName: p?.fullName ?? "",
  sex: p?.sex ?? "",
  birthDate: p?.birthDate ?? "",
  phone: p?.phone ?? "",
  idNumber: p?.idNumber ?? "",
  residence: p?.residence ?? "",
  nextOfKin: p?.nextOfKin ?? "",
  memberNumber: p?.memberNumber ?? "",
  allergies: p?.allergies ?? "",
});

/** Register a patient (reception) or edit one; allergies only for those who record them (clinicians, nurses). */
export function PatientFormDialog({ patient, onClose }: { patient?: Patient; onClose: (saved?: Patient) => void }) {
  const phone = useMediaQuery(useTheme().breakpoints.down("sm"));
  const { businessId, can } = useClinic();
  const [create, created] = useCreatePatientMutation();
  const [update, updated] = useUpdatePatientMutation();
  const [form, setForm] = useState<Form>(() => fromPatient(patient));
  const [error, setError] = useState<{ message: string; fields: Record<string, string> } | null>(null);
  const allergies = can("vitals.write");
  const set = (k: keyof Form) => (e: { target: { value: string } }) => setForm({ ...form, [k]: e.target.value });

  async function save() {
    setError(null);
    const { allergies: allergyText, ...rest } = form;
    const body = {
      businessId,
      ...rest,
      birthDate: rest.birthDate || null,
      ...(allergies ? { allergies: allergyText } : {}),
    };
    const parsed = createPatientInputSchema.safeParse(body);
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues) fields[String(issue.path[0])] ??= issue.message;
      return setError({ message: t`Check the highlighted fields`, fields });
    }
    try {
      const { businessId: _b, ...changes } = parsed.data;
      const saved = patient
        ? await update({ id: patient._id, body: changes }).unwrap()
        : await create(parsed.data).unwrap();
      toast.success(patient ? t`${saved.fullName} updated` : t`${saved.fullName} registered`);
      onClose(saved);
    } catch (err) {
      setError(describeError(err));
    }
  }

  const field = (k: keyof Form, label: string, extra: object = {}) => (
    <TextField
      size="small"
      label={label}
      value={form[k]}
      onChange={set(k)}
      error={Boolean(error?.fields[k])}
      helperText={error?.fields[k]}
      fullWidth
      {...extra}
    />
  );

  return (
    <ResponsiveDialog
      open
      onClose={() => onClose()}
      fullScreen={phone}
      fullWidth
      maxWidth="sm"
      aria-labelledby="patient-form-title"
    >
      <DialogTitle id="patient-form-title">{patient ? t`Edit ${patient.fullName}` : t`Register a patient`}</DialogTitle>
      <DialogContent>
        <Stack
          spacing={2}
          sx={{ pt: 1 }}
          component="form"
          aria-label={t`Patient details`}
          onSubmit={(e) => e.preventDefault()}
        >
          {error && <Alert severity="error">{error.message}</Alert>}
          {field("fullName", t`Full name`, { autoFocus: true, required: true })}
          <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
            {field("sex", t`Sex`, {
              select: true,
              required: true,
              children: SEXES.map((s) => (
                <MenuItem key={s} value={s}>
                  {sexLabel(s)}
                </MenuItem>
              )),
            })}
            {field("birthDate", t`Birth date`, { type: "date", slotProps: { inputLabel: { shrink: true } } })}
          </Stack>
          <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
            {field("phone", t`Phone`, { inputMode: "tel" })}
            {field("idNumber", t`ID or passport number`)}
          </Stack>
          {field("residence", t`Residence`)}
          <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
            {field("nextOfKin", t`Next of kin`)}
            {field("memberNumber", t`Insurance or SHA member number`)}
          </Stack>
          {allergies &&
            field("allergies", t`Allergies`, {
              multiline: true,
              minRows: 2,
              placeholder: t`e.g. Penicillin; sulfa drugs`,
            })}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose()}>
          <Trans>Cancel</Trans>
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={created.isLoading || updated.isLoading}>
          {patient ? <Trans>Save</Trans> : <Trans>Register</Trans>}
        </Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}
