import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { Alert, Box, Button, Card, CardContent, MenuItem, Stack, TextField, Typography } from "@mui/material";
import { useState, type FormEvent } from "react";
import { toast } from "react-toastify";
import { PAY_METHODS, payProfileInputSchema, type PayProfile } from "@app/shared/payroll/pay-profile";
import { DEDUCTION_KINDS, type DeductionKind } from "@app/shared/payroll/payslip";
import { describeError } from "../../../api/errors.ts";
import { MoneyInput } from "../../../components/money-input.tsx";
import { useSavePayProfileMutation } from "../../payroll/payroll-api.ts";
import { fieldErrorsOf } from "./field-errors.ts";
import { deductionKindLabel, payMethodLabel } from "./pay-labels.ts";
import { LineList } from "./pay-line-list.tsx";
import { formOfProfile, inputOfForm, type PayProfileForm } from "./pay-profile-form.ts";

/** Amount messages read as a person would say them (a blank amount is NaN to the schema). */
const friendly = (fields: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(fields).map(([k, v]) => [k, /NaN|expected number/i.test(v) ? t`Enter an amount in shillings` : v]),
  );

/**
 * Salary and statutory details of one employee (spec: KRA PIN, NSSF no., SHA no., bank or M-Pesa
 * number, basic pay, allowances, deductions such as HELB or loans). The owner edits; payroll
 * readers see them. The next payroll run uses them; runs already made keep their figures.
 */
export function PayProfileCard({ profile, canEdit }: { profile: PayProfile; canEdit: boolean }) {
  const [save, { isLoading }] = useSavePayProfileMutation();
  const [form, setForm] = useState<PayProfileForm>(() => formOfProfile(profile));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const set = (patch: Partial<PayProfileForm>) => setForm({ ...form, ...patch });
  const text = (
    key: "kraPin" | "nssfNumber" | "shaNumber" | "idNumber" | "bankName" | "bankAccount" | "mpesaPhone",
  ) => ({
    size: "small" as const,
    value: form[key],
    onChange: (e: { target: { value: string } }) => set({ [key]: e.target.value }),
    error: Boolean(errors[key]),
    helperText: errors[key],
    disabled: !canEdit,
    fullWidth: true,
  });

  async function submit(e: FormEvent) {
    e.preventDefault();
    setMessage(null);
    const parsed = payProfileInputSchema.safeParse(inputOfForm(form));
    if (!parsed.success) {
      setErrors(friendly(fieldErrorsOf(parsed.error)));
      setMessage(t`Check the highlighted fields; nothing was saved.`);
      return;
    }
    setErrors({});
    try {
      const saved = await save({ employeeId: profile.employeeId, body: parsed.data }).unwrap();
      setForm(formOfProfile(saved));
      toast.success(t`Pay details of ${saved.employeeName} saved; the next payroll run uses them`);
    } catch (err) {
      const described = describeError(err);
      setErrors(friendly(described.fields));
      setMessage(described.message);
    }
  }

  return (
    <Card variant="outlined">
      <CardContent>
        <Stack
          component="form"
          aria-label={t`Pay and statutory details`}
          spacing={2}
          onSubmit={(e) => void submit(e)}
          noValidate
        >
          <Typography variant="h6">
            <Trans>Pay and statutory details</Trans>
          </Typography>
          {!profile.saved && (
            <Alert severity="info">
              <Trans>No pay details yet: payroll runs leave this employee out until basic pay is saved.</Trans>
            </Alert>
          )}
          {message && <Alert severity="error">{message}</Alert>}
          <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" } }}>
            <TextField label={t`KRA PIN`} placeholder="A123456789B" {...text("kraPin")} />
            <TextField label={t`National ID number`} {...text("idNumber")} />
            <TextField label={t`NSSF number`} {...text("nssfNumber")} />
            <TextField label={t`SHA number`} {...text("shaNumber")} />
          </Box>
          <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
            <Trans>How they are paid</Trans>
          </Typography>
          <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" } }}>
            <TextField
              select
              size="small"
              label={t`Pay method`}
              value={form.payMethod}
              onChange={(e) => set({ payMethod: e.target.value as PayProfile["payMethod"] })}
              disabled={!canEdit}
            >
              {PAY_METHODS.map((m) => (
                <MenuItem key={m} value={m}>
                  {payMethodLabel(m)}
                </MenuItem>
              ))}
            </TextField>
            <MoneyInput
              size="small"
              label={t`Basic pay per month`}
              value={form.basicPay}
              onChange={(v) => set({ basicPay: v })}
              error={Boolean(errors.basicPay)}
              helperText={errors.basicPay}
              disabled={!canEdit}
            />
            {form.payMethod === "bank" && (
              <>
                <TextField label={t`Bank`} {...text("bankName")} />
                <TextField label={t`Bank account number`} {...text("bankAccount")} />
              </>
            )}
            {form.payMethod === "mpesa" && (
              <TextField label={t`M-Pesa number`} placeholder="0712345678" {...text("mpesaPhone")} />
            )}
          </Box>
          <LineList
            title={t`Allowances`}
            addLabel={t`Add allowance`}
            empty={t`No allowances`}
            rows={form.allowances}
            canEdit={canEdit}
            onAdd={() => set({ allowances: [...form.allowances, { name: "", amount: "" }] })}
            onRemove={(i) => set({ allowances: form.allowances.filter((_, j) => j !== i) })}
            render={(a, i) => (
              <>
                <TextField
                  size="small"
                  label={t`Name`}
                  placeholder={t`House allowance`}
                  value={a.name}
                  onChange={(e) =>
                    set({ allowances: form.allowances.map((x, j) => (j === i ? { ...x, name: e.target.value } : x)) })
                  }
                  error={Boolean(errors[`allowances.${i}.name`])}
                  helperText={errors[`allowances.${i}.name`]}
                  disabled={!canEdit}
                  sx={{ flex: 2 }}
                />
                <MoneyInput
                  size="small"
                  label={t`Amount`}
                  value={a.amount}
                  onChange={(v) =>
                    set({ allowances: form.allowances.map((x, j) => (j === i ? { ...x, amount: v } : x)) })
                  }
                  error={Boolean(errors[`allowances.${i}.amount`])}
                  helperText={errors[`allowances.${i}.amount`]}
                  disabled={!canEdit}
                  sx={{ flex: 1, minWidth: 140 }}
                />
              </>
            )}
          />
          <LineList
            title={t`Deductions`}
            addLabel={t`Add deduction`}
            empty={t`No deductions besides the statutory ones`}
            rows={form.deductions}
            canEdit={canEdit}
            onAdd={() => set({ deductions: [...form.deductions, { kind: "helb", name: "HELB", amount: "" }] })}
            onRemove={(i) => set({ deductions: form.deductions.filter((_, j) => j !== i) })}
            render={(d, i) => (
              <>
                <TextField
                  select
                  size="small"
                  label={t`Kind`}
                  value={d.kind}
                  onChange={(e) =>
                    set({
                      deductions: form.deductions.map((x, j) =>
                        j === i ? { ...x, kind: e.target.value as DeductionKind } : x,
                      ),
                    })
                  }
                  disabled={!canEdit}
                  sx={{ flex: 1, minWidth: 150 }}
                >
                  {DEDUCTION_KINDS.map((k) => (
                    <MenuItem key={k} value={k}>
                      {deductionKindLabel(k)}
                    </MenuItem>
                  ))}
                </TextField>
                <TextField
                  size="small"
                  label={t`Name`}
                  value={d.name}
                  onChange={(e) =>
                    set({ deductions: form.deductions.map((x, j) => (j === i ? { ...x, name: e.target.value } : x)) })
                  }
                  error={Boolean(errors[`deductions.${i}.name`])}
                  helperText={errors[`deductions.${i}.name`]}
                  disabled={!canEdit}
                  sx={{ flex: 1 }}
                />
                <MoneyInput
                  size="small"
                  label={t`Amount`}
                  value={d.amount}
                  onChange={(v) =>
                    set({ deductions: form.deductions.map((x, j) => (j === i ? { ...x, amount: v } : x)) })
                  }
                  error={Boolean(errors[`deductions.${i}.amount`])}
                  helperText={errors[`deductions.${i}.amount`]}
                  disabled={!canEdit}
                  sx={{ flex: 1, minWidth: 140 }}
                />
              </>
            )}
          />
          {canEdit && (
            <Box sx={{ display: "flex", justifyContent: "flex-end" }}>
              <Button type="submit" variant="contained" disabled={isLoading}>
                <Trans>Save pay details</Trans>
              </Button>
            </Box>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
