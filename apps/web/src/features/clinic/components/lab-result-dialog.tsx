import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { ResponsiveDialog } from "../../../components/responsive-dialog.tsx";
import { Alert, Button, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField } from "@mui/material";
import { useState } from "react";
import { toast } from "react-toastify";
import { labResultInputSchema } from "@app/shared/clinic/orders";
import { LAB_FLAGS, type LabFlag, type LabRequest } from "@app/shared/clinic/visit";
import { describeError } from "../../../api/errors.ts";
import { useEnterLabResultMutation } from "../clinic-api.ts";
import { flagLabel } from "./labels.ts";

/** The lab enters a result: value, unit, reference range, flag and a comment. */
export function LabResultDialog({ lab, onClose }: { lab: LabRequest; onClose: () => void }) {
  const [enter, { isLoading }] = useEnterLabResultMutation();
  const [form, setForm] = useState({ value: "", unit: "", referenceRange: "", flag: "normal" as LabFlag, comment: "" });
  const [error, setError] = useState<{ message: string; fields: Record<string, string> } | null>(null);
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => setForm({ ...form, [k]: e.target.value });

  async function submit() {
    const parsed = labResultInputSchema.safeParse(form);
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues) fields[String(issue.path[0])] ??= issue.message;
      return setError({ message: t`Check the highlighted fields`, fields });
    }
    try {
      await enter({ id: lab._id, body: parsed.data }).unwrap();
      toast.success(t`Result of ${lab.testName} for ${lab.patient.fullName} sent to the clinician`);
      onClose();
    } catch (err) {
      setError(describeError(err));
    }
  }
  const field = (k: keyof typeof form, label: string, extra: object = {}) => (
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
    <ResponsiveDialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="lab-result-title">
      <DialogTitle id="lab-result-title">
        <Trans>
          {lab.testName} · {lab.patient.fullName}
        </Trans>
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {error && <Alert severity="error">{error.message}</Alert>}
          {lab.note && (
            <Alert severity="info">
              <Trans>From the clinician: {lab.note}</Trans>
            </Alert>
          )}
          <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
            {field("value", t`Result`, { autoFocus: true, required: true })}
            {field("unit", t`Unit`)}
          </Stack>
          <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
            {field("referenceRange", t`Reference range`)}
            {field("flag", t`Flag`, {
              select: true,
              children: LAB_FLAGS.map((f) => (
                <MenuItem key={f} value={f}>
                  {flagLabel(f)}
                </MenuItem>
              )),
            })}
          </Stack>
          {field("comment", t`Comment`, { multiline: true, minRows: 2 })}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>
          <Trans>Cancel</Trans>
        </Button>
        <Button variant="contained" onClick={() => void submit()} disabled={isLoading}>
          <Trans>Save result</Trans>
        </Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}
