import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import {
  Alert,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import { Suspense, useMemo } from "react";
import { Link as RouterLink } from "react-router";
import { formatKES } from "@app/shared/money/money";
import { COST_COMPONENTS, payrollCostByMonth } from "@app/shared/payroll/payroll-analysis";
import { describeError } from "../../../api/errors.ts";
import { useAppSelector } from "../../../app/hooks.ts";
import { AreaGate } from "../../../components/area-gate.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { pathTo } from "../../../lib/paths.ts";
import { costLabels } from "../components/cost-labels.ts";
import { monthLabel } from "../components/month.ts";
import { useListPayrollsQuery } from "../payroll-api.ts";
import { lazyWithRetry } from "../../../lib/lazy-part.tsx";

const PayrollCostChart = lazyWithRetry(() => import("../components/payroll-cost-chart.tsx"));

/** /payroll/analysis: what payroll costs, month by month and by component (net pay, PAYE, NSSF, ...). */
export default function PayrollAnalysisPage() {
  return (
    <AreaGate area="payroll" title={t`Payroll Analysis`}>
      <Analysis />
    </AreaGate>
  );
}

function Analysis() {
  const business = useAppSelector((s) => s.business.current);
  const { data, isLoading, isError, error } = useListPayrollsQuery(business?._id ?? "", { skip: !business });
  const analysis = useMemo(() => payrollCostByMonth(data ?? []), [data]);
  const labels = costLabels();
  const months = analysis.months.map((m) => ({ ...m, label: monthLabel(m.month) }));
  return (
    <>
      <PageHeader
        title={t`Payroll Analysis`}
        subtitle={business?.name}
        actions={
          <Button component={RouterLink} to={pathTo("/payroll")}>
            <Trans>Pay periods</Trans>
          </Button>
        }
      />
      {isLoading && <CircularProgress aria-label={t`Loading`} />}
      {isError && (
        <Alert severity="error">
          <Trans>The payroll runs could not be loaded. {describeError(error).message}</Trans>
        </Alert>
      )}
      {data && data.length === 0 && (
        <Alert severity="info">
          <Trans>No payroll runs yet: the analysis appears after the first month is run.</Trans>
        </Alert>
      )}
      {data && data.length > 0 && (
        <Stack spacing={3}>
          <Card variant="outlined">
            <CardContent>
              <Typography variant="h6" gutterBottom>
                <Trans>Cost to employer by month</Trans>
              </Typography>
              <Suspense fallback={<Skeleton variant="rectangular" height={320} />}>
                <PayrollCostChart months={months} labels={labels} />
              </Suspense>
            </CardContent>
          </Card>
          <Card variant="outlined">
            <CardContent>
              <Typography variant="h6" gutterBottom>
                <Trans>By component</Trans>
              </Typography>
              <TableContainer sx={{ overflowX: "auto" }}>
                <Table size="small" aria-label={t`Payroll cost by month and component`} data-testid="cost-table">
                  <TableHead>
                    <TableRow>
                      <TableCell>
                        <Trans>Month</Trans>
                      </TableCell>
                      {COST_COMPONENTS.map((c) => (
                        <TableCell key={c} align="right">
                          {labels[c]}
                        </TableCell>
                      ))}
                      <TableCell align="right">
                        <Trans>Cost to employer</Trans>
                      </TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {months.map((m) => (
                      <TableRow key={m.month}>
                        <TableCell sx={{ whiteSpace: "nowrap" }}>{m.label}</TableCell>
                        {COST_COMPONENTS.map((c) => (
                          <TableCell key={c} align="right" sx={{ whiteSpace: "nowrap" }}>
                            {formatKES(m.parts[c])}
                          </TableCell>
                        ))}
                        <TableCell align="right" sx={{ whiteSpace: "nowrap", fontWeight: 600 }}>
                          {formatKES(m.employerCost)}
                        </TableCell>
                      </TableRow>
                    ))}
                    <TableRow>
                      <TableCell sx={{ fontWeight: 600 }}>
                        <Trans>Total</Trans>
                      </TableCell>
                      {COST_COMPONENTS.map((c) => (
                        <TableCell key={c} align="right" sx={{ whiteSpace: "nowrap", fontWeight: 600 }}>
                          {formatKES(analysis.sums[c])}
                        </TableCell>
                      ))}
                      <TableCell align="right" sx={{ whiteSpace: "nowrap", fontWeight: 600 }}>
                        {formatKES(analysis.employerCost)}
                      </TableCell>
                    </TableRow>
                  </TableBody>
                </Table>
              </TableContainer>
            </CardContent>
          </Card>
        </Stack>
      )}
    </>
  );
}
