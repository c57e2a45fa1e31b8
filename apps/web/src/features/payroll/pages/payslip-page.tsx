import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { Alert, Box, Button, CircularProgress, Stack } from "@mui/material";
import { Link as RouterLink, useParams } from "react-router";
import { mayUseArea } from "@app/shared/permissions/areas";
import { describeError } from "../../../api/errors.ts";
import { useAppSelector } from "../../../app/hooks.ts";
import { PageHeader } from "../../../components/page-header.tsx";
import { PayrollStatusChip } from "../../../components/payroll-status-chip.tsx";
import { pathTo } from "../../../lib/paths.ts";
import { monthLabel } from "../components/month.ts";
import { PayslipView } from "../components/payslip-view.tsx";
import { PdfButton } from "../components/pdf-button.tsx";
import { useGetPayslipQuery } from "../payroll-api.ts";

/**
 * /payrollEmployee/{payrollId}: one employee's payslip (the id is the payslip's, a line of a run).
 * Payroll readers open any; a member of staff their own once approved (the server decides).
 */
export default function PayslipPage() {
  const { payrollId = "" } = useParams();
  const user = useAppSelector((s) => s.session.user);
  const business = useAppSelector((s) => s.business.current);
  const readsPayroll = Boolean(user && mayUseArea("payroll", user, business));
  const { data: line, isLoading, isError, error } = useGetPayslipQuery(payrollId);
  if (isLoading) return <CircularProgress aria-label={t`Loading`} />;
  if (isError || !line)
    return (
      <>
        <PageHeader title={t`Payslip`} />
        <Alert severity="error">
          <Trans>The payslip could not be loaded. {describeError(error).message}</Trans>
        </Alert>
      </>
    );
  const back = readsPayroll
    ? { to: pathTo("/payroll/:payrollId", { payrollId: line.payrollId }), label: t`Back to the run` }
    : user
      ? { to: pathTo("/myaccount/:id", { id: user.details._id }), label: t`Back to My Account` }
      : null;
  return (
    <>
      <PageHeader
        title={t`Payslip · ${line.employeeName}`}
        subtitle={monthLabel(line.month)}
        actions={
          <>
            {back && (
              <Button component={RouterLink} to={back.to}>
                {back.label}
              </Button>
            )}
            <PdfButton line={line} />
          </>
        }
      />
      <Stack spacing={2}>
        <Box>
          <PayrollStatusChip status={line.status} />
        </Box>
        <PayslipView line={line} />
      </Stack>
    </>
  );
}
