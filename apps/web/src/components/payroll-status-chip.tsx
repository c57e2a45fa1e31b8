import { t } from "@lingui/core/macro";
import { Chip } from "@mui/material";
import type { PayrollStatus } from "@app/shared/payroll/payroll";

/** A payroll run's status in the current language: draft, approved, paid. */
export function payrollStatusLabel(status: PayrollStatus): string {
  return { draft: t`Draft`, approved: t`Approved`, paid: t`Paid` }[status];
}

/** The status as a chip: draft grey, approved blue, paid green. */
export function PayrollStatusChip({ status }: { status: PayrollStatus }) {
  const color = status === "paid" ? "success" : status === "approved" ? "info" : "default";
  return <Chip size="small" color={color} label={payrollStatusLabel(status)} data-testid="payroll-status" />;
}
