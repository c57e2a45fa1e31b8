import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import AddIcon from "@mui/icons-material/Add";
import DeleteIcon from "@mui/icons-material/DeleteOutlined";
import { ResponsiveDialog } from "../../../components/responsive-dialog.tsx";
import {
  Alert,
  Box,
  Button,
  Checkbox,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  IconButton,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import { useState } from "react";
import { toast } from "react-toastify";
import { createRuleSetInputSchema, type RuleSet } from "@app/shared/payroll/rule-set";
import { describeError } from "../../../api/errors.ts";
import { MoneyInput } from "../../../components/money-input.tsx";
import { useCreateRuleSetMutation } from "../payroll-api.ts";
import { formOfRules, inputOfRuleSetForm, type MoneyKey, type PercentKey, type RuleSetForm } from "./rule-set-form.ts";

function moneyLabels(): Record<MoneyKey, string> {
  return {
    personalRelief: t`Personal relief per month`,
    insuranceReliefCap: t`Insurance relief cap per month`,
    nssfLowerLimit: t`NSSF lower earnings limit (tier I)`,
    nssfUpperLimit: t`NSSF upper earnings limit (tier II)`,
    shifMinimum: t`SHIF minimum`,
    ahlReliefCap: t`Housing relief cap`,
    pensionCap: t`Pension deduction cap per month`,
    nitaPerEmployee: t`NITA levy per employee`,
  };
}
function percentLabels(): Record<PercentKey, string> {
  return {
    insuranceReliefRate: t`Insurance relief (%)`,
    nssfRate: t`NSSF employee (%)`,
    nssfEmployerRate: t`NSSF employer (%)`,
    shifRate: t`SHIF (%)`,
    ahlRate: t`Housing Levy employee (%)`,
    ahlEmployerRate: t`Housing Levy employer (%)`,
    ahlReliefRate: t`Housing relief (%)`,
  };
}

/** A field path of the rule set schema as the form's key ("rules.nssf.upperLimit" -> "nssfUpperLimit"). */
function formKeyOf(path: PropertyKey[]): string {
  const [, group, field, index, sub] = path.map(String);
  if (path[0] !== "rules") return String(path[0]);
  if (group === "paye" && field === "bands") return `band.${index}.${sub === "rateBp" ? "rate" : "upTo"}`;
  const map: Record<string, string> = {
    "paye.personalRelief": "personalRelief",
    "paye.insuranceReliefRateBp": "insuranceReliefRate",
    "paye.insuranceReliefCap": "insuranceReliefCap",
    "nssf.rateBp": "nssfRate",
    "nssf.employerRateBp": "nssfEmployerRate",
    "nssf.lowerLimit": "nssfLowerLimit",
    "nssf.upperLimit": "nssfUpperLimit",
    "shif.rateBp": "shifRate",
    "shif.minimum": "shifMinimum",
    "ahl.rateBp": "ahlRate",
    "ahl.employerRateBp": "ahlEmployerRate",
    "ahl.reliefRateBp": "ahlReliefRate",
    "ahl.reliefCap": "ahlReliefCap",
    pensionCap: "pensionCap",
    nitaPerEmployee: "nitaPerEmployee",
  };
  return map[field === undefined ? String(group) : `${group}.${field}`] ?? "form";
}

const friendly = (m: string) => (/NaN|expected number/i.test(m) ? t`Enter a number` : m);

/** Provider support adds a statutory rule set in force from a date, starting from the latest one's figures. */
export function RuleSetDialog({ latest, onClose }: { latest: RuleSet; onClose: () => void }) {
  const [create, { isLoading }] = useCreateRuleSetMutation();
  const [form, setForm] = useState<RuleSetForm>(() => formOfRules(latest.rules));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const set = (patch: Partial<RuleSetForm>) => setForm({ ...form, ...patch });
  const money = moneyLabels();
  const percent = percentLabels();

  async function submit() {
    setMessage(null);
    const parsed = createRuleSetInputSchema.safeParse(inputOfRuleSetForm(form));
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const i of parsed.error.issues) fields[formKeyOf(i.path)] ??= friendly(i.message);
      setErrors(fields);
      return setMessage(t`Check the highlighted fields; nothing was saved.`);
    }
    setErrors({});
    try {
      const created = await create(parsed.data).unwrap();
      toast.success(t`Rule set "${created.name}" added, in force from ${created.effectiveFrom}`);
      onClose();
    } catch (err) {
      const described = describeError(err);
      setErrors(described.fields);
      setMessage(described.message);
    }
  }

  return (
    <ResponsiveDialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="rule-set-title">
      <DialogTitle id="rule-set-title">
        <Trans>Add a statutory rule set</Trans>
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Alert severity="info">
            <Trans>
              The figures start as those of {latest.name}; change what the law changed. Runs for months ending on or
              after the date use the new set; runs already made keep theirs.
            </Trans>
          </Alert>
          {message && <Alert severity="error">{message}</Alert>}
          <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "2fr 1fr" } }}>
            <TextField
              size="small"
              label={t`Name`}
              value={form.name}
              onChange={(e) => set({ name: e.target.value })}
              error={Boolean(errors.name)}
              helperText={errors.name}
            />
            <TextField
              size="small"
              type="date"
              label={t`In force from`}
              value={form.effectiveFrom}
              onChange={(e) => set({ effectiveFrom: e.target.value })}
              error={Boolean(errors.effectiveFrom)}
              helperText={errors.effectiveFrom}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Box>
          <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
            <Trans>PAYE bands (monthly taxable pay)</Trans>
          </Typography>
          {form.bands.map((b, i) => {
            const last = i === form.bands.length - 1;
            const setBand = (patch: Partial<typeof b>) =>
              set({ bands: form.bands.map((x, j) => (j === i ? { ...x, ...patch } : x)) });
            return (
              <Stack key={i} direction="row" spacing={1} sx={{ alignItems: "flex-start" }}>
                <MoneyInput
                  size="small"
                  label={last ? t`Up to (the last band has no limit)` : t`Up to`}
                  value={b.upTo}
                  onChange={(v) => setBand({ upTo: v })}
                  disabled={last}
                  error={Boolean(errors[`band.${i}.upTo`])}
                  helperText={errors[`band.${i}.upTo`]}
                  sx={{ flex: 2 }}
                />
                <TextField
                  size="small"
                  label={t`Rate (%)`}
                  value={b.rate}
                  onChange={(e) => setBand({ rate: e.target.value })}
                  error={Boolean(errors[`band.${i}.rate`])}
                  helperText={errors[`band.${i}.rate`]}
                  sx={{ flex: 1 }}
                />
                <IconButton
                  aria-label={t`Remove band ${i + 1}`}
                  disabled={form.bands.length <= 1}
                  onClick={() => {
                    const bands = form.bands.filter((_, j) => j !== i);
                    bands[bands.length - 1] = { ...bands[bands.length - 1]!, upTo: "" };
                    set({ bands });
                  }}
                >
                  <DeleteIcon />
                </IconButton>
              </Stack>
            );
          })}
          <Box>
            <Button
              size="small"
              startIcon={<AddIcon />}
              onClick={() => set({ bands: [...form.bands.slice(0, -1), { upTo: "", rate: "" }, form.bands.at(-1)!] })}
            >
              <Trans>Add band</Trans>
            </Button>
          </Box>
          <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" } }}>
            {(Object.keys(money) as MoneyKey[]).map((k) => (
              <MoneyInput
                key={k}
                size="small"
                label={money[k]}
                value={form.money[k]}
                onChange={(v) => set({ money: { ...form.money, [k]: v } })}
                error={Boolean(errors[k])}
                helperText={errors[k]}
              />
            ))}
            {(Object.keys(percent) as PercentKey[]).map((k) => (
              <TextField
                key={k}
                size="small"
                label={percent[k]}
                value={form.percent[k]}
                onChange={(e) => set({ percent: { ...form.percent, [k]: e.target.value } })}
                error={Boolean(errors[k])}
                helperText={errors[k]}
              />
            ))}
          </Box>
          <Stack direction={{ xs: "column", sm: "row" }}>
            <FormControlLabel
              control={
                <Checkbox checked={form.shifDeductible} onChange={(e) => set({ shifDeductible: e.target.checked })} />
              }
              label={t`SHIF is deducted before PAYE`}
            />
            <FormControlLabel
              control={
                <Checkbox checked={form.ahlDeductible} onChange={(e) => set({ ahlDeductible: e.target.checked })} />
              }
              label={t`Housing Levy is deducted before PAYE`}
            />
          </Stack>
          <TextField
            size="small"
            label={t`Sources (laws, notices)`}
            value={form.sources}
            onChange={(e) => set({ sources: e.target.value })}
            multiline
            minRows={2}
            error={Boolean(errors.sources)}
            helperText={errors.sources}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>
          <Trans>Cancel</Trans>
        </Button>
        <Button variant="contained" onClick={() => void submit()} disabled={isLoading}>
          <Trans>Add rule set</Trans>
        </Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}
