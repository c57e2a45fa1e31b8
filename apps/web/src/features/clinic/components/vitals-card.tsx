import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { Alert, Box, Button, Card, CardContent, TextField, Typography } from "@mui/material";
import { useState } from "react";
import { toast } from "react-toastify";
import { VITAL_LIMITS, VITALS, vitalsSchema, type Consultation, type Vital } from "@app/shared/clinic/visit";
import { describeError } from "../../../api/errors.ts";
import { useUpdateConsultationMutation } from "../clinic-api.ts";

const LABELS = (): Record<Vital, string> => ({
  temperature: t`Temperature (°C)`,
  systolic: t`Systolic (mmHg)`,
  diastolic: t`Diastolic (mmHg)`,
  pulse: t`Pulse (/min)`,
  weight: t`Weight (kg)`,
  height: t`Height (cm)`,
});

/** Triage: the five vitals, checked against what a person can have before they are sent. */
export function VitalsCard({ visit }: { visit: Consultation }) {
  const [save, { isLoading }] = useUpdateConsultationMutation();
  const [form, setForm] = useState<Record<Vital, string>>(
    () => Object.fromEntries(VITALS.map((k) => [k, visit.vitals?.[k]?.toString() ?? ""])) as Record<Vital, string>,
  );
  const [fields, setFields] = useState<Record<string, string>>({});
  const labels = LABELS();

  async function submit() {
    const values = Object.fromEntries(VITALS.map((k) => [k, form[k].trim() === "" ? null : Number(form[k])]));
    const parsed = vitalsSchema.safeParse(values);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= issue.message;
      return setFields(next);
    }
    setFields({});
    try {
      await save({ id: visit._id, body: { vitals: parsed.data } }).unwrap();
      toast.success(t`Vitals saved`);
    } catch (err) {
      const d = describeError(err);
      setFields(Object.fromEntries(Object.entries(d.fields).map(([k, v]) => [k.replace(/^vitals\./, ""), v])));
      toast.error(d.message);
    }
  }

  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          <Trans>Vitals</Trans>
        </Typography>
        {visit.vitals?.recordedBy && (
          <Alert severity="info" sx={{ mb: 2 }}>
            <Trans>Recorded by {visit.vitals.recordedBy}</Trans>
          </Alert>
        )}
        <Box
          component="form"
          aria-label={t`Vitals`}
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
          sx={{
            display: "grid",
            gridTemplateColumns: { xs: "repeat(2, minmax(0, 1fr))", md: "repeat(3, minmax(0, 1fr))" },
            gap: 2,
          }}
        >
          {VITALS.map((k) => (
            <TextField
              key={k}
              size="small"
              label={labels[k]}
              value={form[k]}
              onChange={(e) => setForm({ ...form, [k]: e.target.value })}
              error={Boolean(fields[k])}
              helperText={fields[k]}
              slotProps={{ htmlInput: { inputMode: "decimal", min: VITAL_LIMITS[k].min, max: VITAL_LIMITS[k].max } }}
            />
          ))}
          <Box sx={{ gridColumn: "1 / -1" }}>
            <Button type="submit" variant="contained" disabled={isLoading}>
              <Trans>Save vitals</Trans>
            </Button>
          </Box>
        </Box>
      </CardContent>
    </Card>
  );
}
