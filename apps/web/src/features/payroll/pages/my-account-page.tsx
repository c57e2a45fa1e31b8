import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import {
  Alert,
  Avatar,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  useTheme,
} from "@mui/material";
import { Link as RouterLink } from "react-router";
import { formatKES } from "@app/shared/money/money";
import { describeError } from "../../../api/errors.ts";
import { useAppSelector } from "../../../app/hooks.ts";
import { AreaGate } from "../../../components/area-gate.tsx";
import { occupationLabel } from "../../../components/occupation-label.ts";
import { PageHeader } from "../../../components/page-header.tsx";
import { PayrollStatusChip } from "../../../components/payroll-status-chip.tsx";
import { pathTo } from "../../../lib/paths.ts";
import { monthLabel } from "../components/month.ts";
import { PdfButton } from "../components/pdf-button.tsx";
import { useMyPayslipsQuery } from "../payroll-api.ts";

/** /myaccount/{id}: a member of staff of a payroll-type business sees their own payslips and downloads them. */
export default function MyAccountPage() {
  return (
    <AreaGate area="myAccount" title={t`My Account`}>
      <MyPayslips />
    </AreaGate>
  );
}

function MyPayslips() {
  const user = useAppSelector((s) => s.session.user)!;
  const business = useAppSelector((s) => s.business.current);
  const { data, isLoading, isError, error, refetch } = useMyPayslipsQuery(business?._id ?? "", { skip: !business });
  // On a phone each payslip is a short block (month, net pay, buttons) instead of a wide table.
  const phone = useMediaQuery(useTheme().breakpoints.down("sm"));
  return (
    <>
      <PageHeader title={t`My Account`} subtitle={business?.name} />
      <Stack spacing={3}>
        <Card variant="outlined">
          <CardContent>
            <Stack direction="row" spacing={2} sx={{ alignItems: "center" }}>
              <Avatar
                src={user.details.image ?? undefined}
                alt={user.details.username}
                sx={{ width: 56, height: 56 }}
              />
              <Box>
                <Typography variant="h6">{user.details.username}</Typography>
                <Typography color="text.secondary">{occupationLabel(user.details.occupation)}</Typography>
              </Box>
            </Stack>
          </CardContent>
        </Card>
        <Card variant="outlined">
          <CardContent>
            <Typography variant="h6" gutterBottom>
              <Trans>My payslips</Trans>
            </Typography>
            {isLoading && <CircularProgress size={24} aria-label={t`Loading`} />}
            {isError && (
              <Alert
                severity="error"
                action={
                  <Button color="inherit" size="small" onClick={() => void refetch()}>
                    <Trans>Retry</Trans>
                  </Button>
                }
              >
                <Trans>Your payslips could not be loaded. {describeError(error).message}</Trans>
              </Alert>
            )}
            {data && data.length === 0 && (
              <Typography color="text.secondary">
                <Trans>No payslips yet. They appear here once the owner approves a payroll run.</Trans>
              </Typography>
            )}
            {data && data.length > 0 && phone && (
              <Stack spacing={1.5} data-testid="my-payslips">
                {data.map((l) => (
                  <Box key={l._id} sx={{ border: 1, borderColor: "divider", borderRadius: 1, p: 1.5 }}>
                    <Stack direction="row" sx={{ justifyContent: "space-between", alignItems: "center", mb: 1 }}>
                      <Typography sx={{ fontWeight: 600 }}>{monthLabel(l.month)}</Typography>
                      <PayrollStatusChip status={l.status} />
                    </Stack>
                    <Typography variant="body2" color="text.secondary">
                      <Trans>
                        Gross pay {formatKES(l.payslip.gross)} · net pay {formatKES(l.payslip.net)}
                      </Trans>
                    </Typography>
                    <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
                      <Button
                        size="small"
                        component={RouterLink}
                        to={pathTo("/payrollEmployee/:payrollId", { payrollId: l._id })}
                      >
                        <Trans>View</Trans>
                      </Button>
                      <PdfButton line={l} size="small" />
                    </Stack>
                  </Box>
                ))}
              </Stack>
            )}
            {data && data.length > 0 && !phone && (
              <TableContainer sx={{ overflowX: "auto" }}>
                <Table size="small" aria-label={t`My payslips`} data-testid="my-payslips">
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
                        <Trans>Net pay</Trans>
                      </TableCell>
                      <TableCell />
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {data.map((l) => (
                      <TableRow key={l._id}>
                        <TableCell>{monthLabel(l.month)}</TableCell>
                        <TableCell>
                          <PayrollStatusChip status={l.status} />
                        </TableCell>
                        <TableCell align="right">{formatKES(l.payslip.gross)}</TableCell>
                        <TableCell align="right">{formatKES(l.payslip.net)}</TableCell>
                        <TableCell align="right">
                          <Stack direction="row" spacing={1} sx={{ justifyContent: "flex-end" }}>
                            <Button
                              size="small"
                              component={RouterLink}
                              to={pathTo("/payrollEmployee/:payrollId", { payrollId: l._id })}
                            >
                              <Trans>View</Trans>
                            </Button>
                            <PdfButton line={l} size="small" />
                          </Stack>
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            )}
          </CardContent>
        </Card>
      </Stack>
    </>
  );
}
