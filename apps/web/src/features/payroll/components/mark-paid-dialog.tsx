import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { ResponsiveDialog } from "../../../components/responsive-dialog.tsx";
import { Alert, Button, DialogActions, DialogContent, DialogTitle, Stack, TextField } from "@mui/material";
import { useState } from "react";
import { toast } from "react-toastify";
import { markPayrollPaidInputSchema, type PayrollRun } from "@app/shared/payroll/payroll";
import { describeError } from "../../../api/errors.ts";
import { newIdempotencyKey } from "../../../lib/idempotency-key.ts";
import { usePayPayrollMutation } from "../payroll-api.ts";
import { monthLabel } from "./month.ts";

const today = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Nairobi" }).format(new Date());

/** Mark an approved run paid: the day the money went out and the bank or M-Pesa batch reference. */
export function MarkPaidDialog({ run, onClose }: { run: PayrollRun; onClose: () => void }) {
  const [pay, { isLoading }] = usePayPayrollMutation();
  const [paidOn, setPaidOn] = useState(today);
  const [reference, setReference] = useState("");
  const [attempt] = useState(newIdempotencyKey);
  const [error, setError] = useState<{ message: string; fields: Record<string, string> } | null>(null);
  async function submit() {
    const parsed = markPayrollPaidInputSchema.safeParse({ paidOn, reference: reference || undefined });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      return setError({ message: issue.message, fields: { [String(issue.path[0])]: issue.message } });
    }
    try {
      await pay({ id: run._id, body: parsed.data, idempotencyKey: attempt }).unwrap();
      toast.success(t`Payroll for ${monthLabel(run.month)} marked paid`);
      onClose();
    } catch (err) {
      setError(describeError(err));
    }
  }
  return (
    <ResponsiveDialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="mark-paid-title">
      <DialogTitle id="mark-paid-title">
        <Trans>Mark {monthLabel(run.month)} paid</Trans>
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {error && <Alert severity="error">{error.message}</Alert>}
          <TextField
            type="date"
            size="small"
            label={t`Paid on`}
            value={paidOn}
            onChange={(e) => setPaidOn(e.target.value)}
            error={Boolean(error?.fields.paidOn)}
            helperText={error?.fields.paidOn}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            size="small"
            label={t`Reference (bank batch or M-Pesa)`}
            value={reference}
            onChange={(e) => setReference(e.target.value)}
            error={Boolean(error?.fields.reference)}
            helperText={error?.fields.reference}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>
          <Trans>Cancel</Trans>
        </Button>
        <Button variant="contained" onClick={() => void submit()} disabled={isLoading}>
          <Trans>Mark paid</Trans>
        </Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}
