import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { Box, Button, Card, CardContent, Stack, TextField, Typography } from "@mui/material";
import { useState } from "react";
import { toast } from "react-toastify";
import type { Consultation } from "@app/shared/clinic/visit";
import { describeError } from "../../../api/errors.ts";
import { useUpdateConsultationMutation } from "../clinic-api.ts";
import { Icd10Picker } from "./icd10-picker.tsx";

type Notes = Record<"complaint" | "history" | "examination" | "diagnosis" | "plan", string>;

/** The consultation: complaint, history, examination, diagnosis (free text and ICD-10), plan. */
export function NotesCard({ visit }: { visit: Consultation }) {
  const [save, { isLoading }] = useUpdateConsultationMutation();
  const n = visit.notes;
  const [form, setForm] = useState<Notes>({
    complaint: n?.complaint ?? "",
    history: n?.history ?? "",
    examination: n?.examination ?? "",
    diagnosis: n?.diagnosis ?? "",
    plan: n?.plan ?? "",
  });
  const [code, setCode] = useState<string | null>(n?.icd10Code ?? null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const field = (k: keyof Notes, label: string, rows = 2) => (
    <TextField
      size="small"
      label={label}
      value={form[k]}
      onChange={(e) => setForm({ ...form, [k]: e.target.value })}
      multiline
      minRows={rows}
      error={Boolean(fields[k])}
      helperText={fields[k]}
      fullWidth
    />
  );

  async function submit() {
    try {
      await save({ id: visit._id, body: { ...form, icd10Code: code } }).unwrap();
      setFields({});
      toast.success(t`Consultation saved`);
    } catch (err) {
      const d = describeError(err);
      setFields(d.fields);
      toast.error(d.message);
    }
  }

  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          <Trans>Consultation</Trans>
        </Typography>
        <Stack
          spacing={2}
          component="form"
          aria-label={t`Consultation`}
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          {field("complaint", t`Complaint`)}
          {field("history", t`History`)}
          {field("examination", t`Examination`)}
          {field("diagnosis", t`Diagnosis`, 1)}
          <Icd10Picker value={code} onChange={setCode} error={fields.icd10Code} />
          {field("plan", t`Plan`)}
          <Box>
            <Button type="submit" variant="contained" disabled={isLoading}>
              <Trans>Save consultation</Trans>
            </Button>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}
