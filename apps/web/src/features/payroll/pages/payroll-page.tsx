import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { Alert, Box, Button, Card, Link, Stack, Typography } from "@mui/material";
import { DataGrid, type GridColDef } from "@mui/x-data-grid";
import { Link as RouterLink } from "react-router";
import { formatKES } from "@app/shared/money/money";
import type { PayrollRun } from "@app/shared/payroll/payroll";
import { describeError } from "../../../api/errors.ts";
import { useAppSelector } from "../../../app/hooks.ts";
import { AreaGate } from "../../../components/area-gate.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { PayrollStatusChip } from "../../../components/payroll-status-chip.tsx";
import { pathTo } from "../../../lib/paths.ts";
import { monthLabel } from "../components/month.ts";
import { RunMonthCard } from "../components/run-month-card.tsx";
import { useListPayrollsQuery } from "../payroll-api.ts";
import { gridText } from "../../../lib/i18n/mui-locale.ts";

/** /payroll: the pay periods (one run per month, newest first) and running a month. */
export default function PayrollPage() {
  return (
    <AreaGate area="payroll" title={t`Payroll`}>
      <PayPeriods />
    </AreaGate>
  );
}

function PayPeriods() {
  const user = useAppSelector((s) => s.session.user);
  const business = useAppSelector((s) => s.business.current);
  const businessId = business?._id ?? "";
  const { data, isFetching, isError, error, refetch } = useListPayrollsQuery(businessId, { skip: !businessId });
  const money = (field: keyof PayrollRun["totals"], headerName: string): GridColDef<PayrollRun> => ({
    field,
    headerName,
    width: 140,
    align: "right",
    headerAlign: "right",
    valueGetter: (_v, row) => row.totals[field],
    valueFormatter: (v: number) => formatKES(v),
  });
  const columns: GridColDef<PayrollRun>[] = [
    {
      field: "month",
      headerName: t`Month`,
      width: 160,
      renderCell: ({ row }) => (
        <Link component={RouterLink} to={pathTo("/payroll/:payrollId", { payrollId: row._id })}>
          {monthLabel(row.month)}
        </Link>
      ),
    },
    {
      field: "status",
      headerName: t`Status`,
      width: 110,
      renderCell: ({ row }) => <PayrollStatusChip status={row.status} />,
    },
    { field: "employees", headerName: t`Employees`, width: 100, align: "right", headerAlign: "right" },
    money("gross", t`Gross pay`),
    money("paye", t`PAYE`),
    money("net", t`Net pay`),
    money("employerCost", t`Cost to employer`),
    { field: "ruleSet", headerName: t`Statutory rules`, width: 220, valueGetter: (_v, row) => row.ruleSet.name },
  ];
  return (
    <>
      <PageHeader
        title={t`Payroll`}
        subtitle={business?.name}
        actions={
          <>
            <Button component={RouterLink} to={pathTo("/payroll/analysis")}>
              <Trans>Analysis</Trans>
            </Button>
            <Button component={RouterLink} to={pathTo("/commission/analysis")}>
              <Trans>Commissions</Trans>
            </Button>
          </>
        }
      />
      <Stack spacing={3}>
        {user?.isAdmin && businessId && <RunMonthCard businessId={businessId} />}
        <Box>
          <Typography variant="h6" gutterBottom>
            <Trans>Pay periods</Trans>
          </Typography>
          {isError && (
            <Alert
              severity="error"
              sx={{ mb: 2 }}
              action={
                <Button color="inherit" size="small" onClick={() => void refetch()}>
                  <Trans>Retry</Trans>
                </Button>
              }
            >
              <Trans>The payroll runs could not be loaded. {describeError(error).message}</Trans>
            </Alert>
          )}
          <Card variant="outlined" data-testid="payrolls-grid">
            <DataGrid
              rows={data ?? []}
              getRowId={(r) => r._id}
              columns={columns}
              loading={isFetching}
              initialState={{ pagination: { paginationModel: { pageSize: 12 } } }}
              pageSizeOptions={[12, 24]}
              disableRowSelectionOnClick
              autoHeight
              localeText={gridText({ noRowsLabel: t`No payroll runs yet. Run a month to start.` })}
              sx={{ border: 0 }}
            />
          </Card>
        </Box>
      </Stack>
    </>
  );
}
