import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { ResponsiveDialog } from "../../../components/responsive-dialog.tsx";
import { Alert, Button, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField } from "@mui/material";
import { useState } from "react";
import { toast } from "react-toastify";
import { OCCUPATIONS } from "@app/shared/accounts/auth";
import { createCommissionRuleInputSchema, type CommissionKind } from "@app/shared/payroll/commission";
import { parseKES } from "@app/shared/money/money";
import { describeError } from "../../../api/errors.ts";
import { MoneyInput } from "../../../components/money-input.tsx";
import { useListEmployeesQuery } from "../../hr/hr-api.ts";
import { useCreateCommissionRuleMutation } from "../payroll-api.ts";
import { occupationLabel } from "../../../components/occupation-label.ts";

/** Percent text ("2.5") as basis points (250), or NaN. */
const basisPoints = (text: string) => {
  const m = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text.trim());
  return m ? Number(m[1]) * 100 + Number((m[2] ?? "").padEnd(2, "0")) : Number.NaN;
};

/** A commission rule for one employee or an occupation: a percentage of sales served, or an amount per item. */
export function AddCommissionRuleDialog({ businessId, onClose }: { businessId: string; onClose: () => void }) {
  const staff = useListEmployeesQuery(businessId);
  const [create, { isLoading }] = useCreateCommissionRuleMutation();
  const [target, setTarget] = useState<"employee" | "occupation">("employee");
  const [employeeId, setEmployeeId] = useState("");
  const [occupation, setOccupation] = useState("Cashier");
  const [kind, setKind] = useState<CommissionKind>("percentOfSales");
  const [rate, setRate] = useState("");
  const [perItem, setPerItem] = useState("");
  const [error, setError] = useState<{ message: string; fields: Record<string, string> } | null>(null);

  async function submit() {
    const parsed = createCommissionRuleInputSchema.safeParse({
      businessId,
      employeeId: target === "employee" ? employeeId || "-" : null,
      occupation: target === "occupation" ? occupation : null,
      kind,
      rateBp: kind === "percentOfSales" ? basisPoints(rate) : 0,
      amountPerItem: kind === "perItem" ? (parseKES(perItem.trim()) ?? Number.NaN) : 0,
    });
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const i of parsed.error.issues) fields[String(i.path[0])] ??= i.message;
      if (fields.employeeId) fields.employeeId = t`Choose an employee`;
      if (fields.rateBp) fields.rateBp = t`Give a percentage such as 2.5`;
      if (fields.amountPerItem) fields.amountPerItem = t`Give the amount per item in shillings`;
      return setError({ message: t`Check the highlighted fields; nothing was saved.`, fields });
    }
    try {
      await create(parsed.data).unwrap();
      toast.success(t`Commission rule added`);
      onClose();
    } catch (err) {
      setError(describeError(err));
    }
  }

  return (
    <ResponsiveDialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="rule-title">
      <DialogTitle id="rule-title">
        <Trans>Add commission rule</Trans>
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {error && <Alert severity="error">{error.message}</Alert>}
          <TextField
            select
            size="small"
            label={t`For`}
            value={target}
            onChange={(e) => setTarget(e.target.value as "employee" | "occupation")}
          >
            <MenuItem value="employee">
              <Trans>One employee</Trans>
            </MenuItem>
            <MenuItem value="occupation">
              <Trans>Everyone of an occupation</Trans>
            </MenuItem>
          </TextField>
          {target === "employee" ? (
            <TextField
              select
              size="small"
              label={t`Employee`}
              value={employeeId}
              onChange={(e) => setEmployeeId(e.target.value)}
              error={Boolean(error?.fields.employeeId)}
              helperText={error?.fields.employeeId}
            >
              {(staff.data ?? []).map((e) => (
                <MenuItem key={e._id} value={e._id}>
                  {e.username} ({occupationLabel(e.occupation)})
                </MenuItem>
              ))}
            </TextField>
          ) : (
            <TextField
              select
              size="small"
              label={t`Occupation`}
              value={occupation}
              onChange={(e) => setOccupation(e.target.value)}
              error={Boolean(error?.fields.occupation)}
              helperText={error?.fields.occupation}
            >
              {OCCUPATIONS.map((o) => (
                <MenuItem key={o} value={o}>
                  {occupationLabel(o)}
                </MenuItem>
              ))}
            </TextField>
          )}
          <TextField
            select
            size="small"
            label={t`Commission`}
            value={kind}
            onChange={(e) => setKind(e.target.value as CommissionKind)}
          >
            <MenuItem value="percentOfSales">
              <Trans>A percentage of the sales they served</Trans>
            </MenuItem>
            <MenuItem value="perItem">
              <Trans>A fixed amount per item sold</Trans>
            </MenuItem>
          </TextField>
          {kind === "percentOfSales" ? (
            <TextField
              size="small"
              label={t`Percentage of sales (%)`}
              value={rate}
              onChange={(e) => setRate(e.target.value)}
              error={Boolean(error?.fields.rateBp)}
              helperText={error?.fields.rateBp ?? t`Voided sales earn nothing`}
              slotProps={{ htmlInput: { inputMode: "decimal" } }}
            />
          ) : (
            <MoneyInput
              size="small"
              label={t`Amount per item`}
              value={perItem}
              onChange={setPerItem}
              error={Boolean(error?.fields.amountPerItem)}
              helperText={error?.fields.amountPerItem}
            />
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>
          <Trans>Cancel</Trans>
        </Button>
        <Button variant="contained" onClick={() => void submit()} disabled={isLoading}>
          <Trans>Add rule</Trans>
        </Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}
