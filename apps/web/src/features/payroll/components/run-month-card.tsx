import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  FormControlLabel,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import { useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "react-toastify";
import { createPayrollInputSchema } from "@app/shared/payroll/payroll";
import { ruleSetForMonth } from "@app/shared/payroll/rule-set";
import { describeError } from "../../../api/errors.ts";
import { pathTo } from "../../../lib/paths.ts";
import { newIdempotencyKey } from "../../../lib/idempotency-key.ts";
import { useCreatePayrollMutation, useListPayProfilesQuery, useListRuleSetsQuery } from "../payroll-api.ts";
import { monthLabel, previousMonth } from "./month.ts";

/**
 * Run payroll for a month (owner): the rule set in force at the month's end is shown before the
 * run, every active employee with pay details is paid, commissions are added unless unticked.
 * The run is a draft until approved. One Idempotency-Key per attempt: a retry never runs twice.
 */
export function RunMonthCard({ businessId }: { businessId: string }) {
  const navigate = useNavigate();
  const [month, setMonth] = useState(previousMonth);
  const [commissions, setCommissions] = useState(true);
  const [attempt, setAttempt] = useState(newIdempotencyKey);
  const [error, setError] = useState<{ message: string; fields: Record<string, string> } | null>(null);
  const [create, { isLoading }] = useCreatePayrollMutation();
  const ruleSets = useListRuleSetsQuery();
  const profiles = useListPayProfilesQuery(businessId);
  const ruleSet = useMemo(
    () => (/^\d{4}-\d{2}$/.test(month) && ruleSets.data ? ruleSetForMonth(ruleSets.data, month) : null),
    [month, ruleSets.data],
  );
  const payable = (profiles.data ?? []).filter((p) => p.active && p.saved).length;

  async function run() {
    setError(null);
    const parsed = createPayrollInputSchema.safeParse({ businessId, month, includeCommissions: commissions });
    if (!parsed.success)
      return setError({ message: parsed.error.issues[0]!.message, fields: { month: parsed.error.issues[0]!.message } });
    try {
      const created = await create({ body: parsed.data, idempotencyKey: attempt }).unwrap();
      setAttempt(newIdempotencyKey());
      toast.success(t`Payroll for ${monthLabel(created.month)} is ready as a draft`);
      navigate(pathTo("/payroll/:payrollId", { payrollId: created._id }));
    } catch (err) {
      setAttempt(newIdempotencyKey());
      setError(describeError(err));
    }
  }

  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" gutterBottom>
          <Trans>Run a month</Trans>
        </Typography>
        <Stack spacing={2}>
          {error && (
            <Alert severity="error" data-testid="run-error">
              {error.message}
            </Alert>
          )}
          <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ alignItems: { sm: "center" } }}>
            <TextField
              type="month"
              size="small"
              label={t`Pay month`}
              value={month}
              onChange={(e) => setMonth(e.target.value)}
              error={Boolean(error?.fields.month)}
              helperText={error?.fields.month}
              slotProps={{ inputLabel: { shrink: true } }}
              sx={{ width: { sm: 200 } }}
            />
            <FormControlLabel
              control={<Checkbox checked={commissions} onChange={(e) => setCommissions(e.target.checked)} />}
              label={t`Add the month's commissions as earnings`}
            />
          </Stack>
          <Box sx={{ color: "text.secondary" }} data-testid="run-preview">
            {ruleSet ? (
              <Typography variant="body2">
                <Trans>
                  Statutory rules: {ruleSet.name} (in force from {ruleSet.effectiveFrom}).
                </Trans>
              </Typography>
            ) : (
              ruleSets.data && (
                <Typography variant="body2" color="error">
                  <Trans>No statutory rule set is in force for this month.</Trans>
                </Typography>
              )
            )}
            {profiles.data && (
              <Typography variant="body2">
                <Trans>
                  {payable} of {profiles.data.length} employees have pay details and will be paid.
                </Trans>
              </Typography>
            )}
          </Box>
          <Box>
            <Button variant="contained" onClick={() => void run()} disabled={isLoading || !month}>
              {isLoading ? t`Running…` : t`Run payroll`}
            </Button>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}
