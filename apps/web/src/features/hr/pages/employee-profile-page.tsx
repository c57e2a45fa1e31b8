import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import {
  Alert,
  Avatar,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import { Link as RouterLink, useParams } from "react-router";
import { formatKES } from "@app/shared/money/money";
import { mayUseArea } from "@app/shared/permissions/areas";
import { describeError } from "../../../api/errors.ts";
import { useAppSelector } from "../../../app/hooks.ts";
import { AreaGate } from "../../../components/area-gate.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { PayrollStatusChip } from "../../../components/payroll-status-chip.tsx";
import { formatDate } from "../../../lib/date-format.ts";
import { pathTo } from "../../../lib/paths.ts";
import { useEmployeePayslipsQuery } from "../../payroll/payroll-api.ts";
import { FlagChips } from "../components/flag-chips.tsx";
import { occupationLabel } from "../../../components/occupation-label.ts";
import { useGetEmployeeQuery } from "../hr-api.ts";

/** /employee/{employeeId}: a member of staff's profile and history (their payslips, month by month). */
export default function EmployeeProfilePage() {
  return (
    <AreaGate area="hr" title={t`Employee`}>
      <Profile />
    </AreaGate>
  );
}

function Profile() {
  const { employeeId = "" } = useParams();
  const user = useAppSelector((s) => s.session.user);
  const business = useAppSelector((s) => s.business.current);
  const seesPay = Boolean(user && mayUseArea("payroll", user, business));
  const { data: employee, isLoading, isError, error } = useGetEmployeeQuery(employeeId);
  if (isLoading) return <CircularProgress aria-label={t`Loading`} />;
  if (isError || !employee)
    return (
      <>
        <PageHeader title={t`Employee`} />
        <Alert severity="error">
          <Trans>The employee could not be loaded. {describeError(error).message}</Trans>
        </Alert>
      </>
    );
  return (
    <>
      <PageHeader
        title={employee.username}
        subtitle={occupationLabel(employee.occupation)}
        actions={
          <Button variant="outlined" component={RouterLink} to={pathTo("/employees/:employeeId", { employeeId })}>
            {user?.isAdmin ? t`Edit` : t`Details`}
          </Button>
        }
      />
      <Stack spacing={3}>
        <Card variant="outlined">
          <CardContent>
            <Stack direction={{ xs: "column", sm: "row" }} spacing={3} sx={{ alignItems: { sm: "center" } }}>
              <Avatar src={employee.image ?? undefined} alt={employee.username} sx={{ width: 72, height: 72 }} />
              <Box sx={{ flex: 1 }}>
                <Stack direction="row" spacing={1} sx={{ alignItems: "center", mb: 1 }}>
                  <Typography variant="h6">{employee.username}</Typography>
                  {employee.active ? (
                    <Chip size="small" color="success" label={t`Active`} />
                  ) : (
                    <Chip size="small" label={t`Inactive`} />
                  )}
                </Stack>
                <Typography color="text.secondary">
                  <Trans>
                    {occupationLabel(employee.occupation)} · added {formatDate(employee.createdAt, business?.timeZone)}
                  </Trans>
                </Typography>
                <Box sx={{ mt: 1 }}>
                  <FlagChips employee={employee} />
                </Box>
              </Box>
            </Stack>
          </CardContent>
        </Card>
        {seesPay ? (
          <PayslipHistory businessId={business?._id ?? ""} employeeId={employeeId} />
        ) : (
          <Alert severity="info">
            <Trans>Payslips are shown to the owner and to staff who may view payroll.</Trans>
          </Alert>
        )}
      </Stack>
    </>
  );
}

function PayslipHistory({ businessId, employeeId }: { businessId: string; employeeId: string }) {
  const { data, isLoading, isError, error } = useEmployeePayslipsQuery(
    { businessId, employeeId },
    { skip: !businessId },
  );
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" gutterBottom>
          <Trans>Payslip history</Trans>
        </Typography>
        {isLoading && <CircularProgress size={24} aria-label={t`Loading`} />}
        {isError && (
          <Alert severity="error">
            <Trans>The payslips could not be loaded. {describeError(error).message}</Trans>
          </Alert>
        )}
        {data && data.length === 0 && (
          <Typography color="text.secondary">
            <Trans>No payslips yet: this employee has not been in a payroll run.</Trans>
          </Typography>
        )}
        {data && data.length > 0 && (
          <TableContainer sx={{ overflowX: "auto" }}>
            <Table size="small" aria-label={t`Payslip history`}>
              <TableHead>
                <TableRow>
                  <TableCell>
                    <Trans>Month</Trans>
                  </TableCell>
                  <TableCell>
                    <Trans>Status</Trans>
                  </TableCell>
                  <TableCell align="right">
                    <Trans>Gross pay</Trans>
                  </TableCell>
                  <TableCell align="right">
                    <Trans>PAYE</Trans>
                  </TableCell>
                  <TableCell align="right">
                    <Trans>Net pay</Trans>
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.map((l) => (
                  <TableRow key={l._id}>
                    <TableCell>
                      <Link component={RouterLink} to={pathTo("/payrollEmployee/:payrollId", { payrollId: l._id })}>
                        {l.month}
                      </Link>
                    </TableCell>
                    <TableCell>
                      <PayrollStatusChip status={l.status} />
                    </TableCell>
                    <TableCell align="right">{formatKES(l.payslip.gross)}</TableCell>
                    <TableCell align="right">{formatKES(l.payslip.paye)}</TableCell>
                    <TableCell align="right">{formatKES(l.payslip.net)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </CardContent>
    </Card>
  );
}
