import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { Alert, Box, Button, Card, CardContent, CircularProgress, Link, Stack, Typography } from "@mui/material";
import { DataGrid, type GridColDef } from "@mui/x-data-grid";
import { fitWidth } from "../../../components/fit-width.ts";
import { useState } from "react";
import { Link as RouterLink, useNavigate, useParams } from "react-router";
import { toast } from "react-toastify";
import { formatKES } from "@app/shared/money/money";
import type { PayslipLine } from "@app/shared/payroll/payroll";
import type { Payslip } from "@app/shared/payroll/payslip";
import { describeError } from "../../../api/errors.ts";
import { useAppSelector } from "../../../app/hooks.ts";
import { AreaGate } from "../../../components/area-gate.tsx";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { PayrollStatusChip } from "../../../components/payroll-status-chip.tsx";
import { formatDateTime } from "../../../lib/date-format.ts";
import { pathTo } from "../../../lib/paths.ts";
import { ExportButtons } from "../components/export-buttons.tsx";
import { MarkPaidDialog } from "../components/mark-paid-dialog.tsx";
import { monthLabel } from "../components/month.ts";
import { RunTotals } from "../components/run-totals.tsx";
import { newIdempotencyKey } from "../../../lib/idempotency-key.ts";
import {
  useApprovePayrollMutation,
  useDeletePayrollMutation,
  useGetPayrollQuery,
  usePayrollLinesQuery,
} from "../payroll-api.ts";
import { gridText } from "../../../lib/i18n/mui-locale.ts";

/** /payroll/{payrollId}: one run: every employee's line, totals, approve, mark paid, the returns as CSV. */
export default function PayrollRunPage() {
  return (
    <AreaGate area="payroll" title={t`Payroll`}>
      <Run />
    </AreaGate>
  );
}

function Run() {
  const { payrollId = "" } = useParams();
  const navigate = useNavigate();
  const user = useAppSelector((s) => s.session.user);
  const business = useAppSelector((s) => s.business.current);
  const isOwner = Boolean(user?.isAdmin);
  const run = useGetPayrollQuery(payrollId);
  const lines = usePayrollLinesQuery(payrollId);
  const [approve, approving] = useApprovePayrollMutation();
  const [remove, removing] = useDeletePayrollMutation();
  const [asking, setAsking] = useState<"approve" | "delete" | "pay" | null>(null);
  const [approveKey, setApproveKey] = useState(newIdempotencyKey);

  if (run.isLoading) return <CircularProgress aria-label={t`Loading`} />;
  if (run.isError || !run.data)
    return (
      <>
        <PageHeader title={t`Payroll`} />
        <Alert severity="error">
          <Trans>The payroll run could not be loaded. {describeError(run.error).message}</Trans>
        </Alert>
      </>
    );
  const r = run.data;

  async function doApprove() {
    try {
      await approve({ id: r._id, idempotencyKey: approveKey }).unwrap();
      toast.success(t`Payroll for ${monthLabel(r.month)} approved; its payslips no longer change`);
    } catch (err) {
      toast.error(describeError(err).message);
    }
    setApproveKey(newIdempotencyKey());
    setAsking(null);
  }
  async function doDelete() {
    try {
      await remove(r._id).unwrap();
      toast.success(t`The draft for ${monthLabel(r.month)} was deleted`);
      navigate(pathTo("/payroll"));
    } catch (err) {
      toast.error(describeError(err).message);
      setAsking(null);
    }
  }

  // Every column as wide as its longest amount: a large payroll's figures are never cut.
  const money = (field: keyof Payslip, headerName: string, min = 115): GridColDef<PayslipLine> => ({
    field,
    headerName,
    width: fitWidth(
      headerName,
      (lines.data ?? []).map((l) => formatKES(l.payslip[field] as number)),
      min,
    ),
    align: "right",
    headerAlign: "right",
    valueGetter: (_v, row) => row.payslip[field],
    valueFormatter: (v: number) => formatKES(v),
  });
  const columns: GridColDef<PayslipLine>[] = [
    {
      field: "employeeName",
      headerName: t`Employee`,
      width: fitWidth(
        t`Employee`,
        (lines.data ?? []).map((l) => l.employeeName),
        170,
      ),
      renderCell: ({ row }) => (
        <Link component={RouterLink} to={pathTo("/payrollEmployee/:payrollId", { payrollId: row._id })}>
          {row.employeeName}
        </Link>
      ),
    },
    money("gross", t`Gross pay`),
    money("nssf", t`NSSF`, 115),
    money("shif", t`SHIF`, 115),
    money("ahl", t`Housing Levy`, 120),
    money("paye", t`PAYE`),
    money("otherDeductionsTotal", t`Other deductions`),
    money("net", t`Net pay`),
    {
      field: "payTo",
      headerName: t`Paid to`,
      // Takes the room left, and never less than its longest destination (the grid scrolls instead).
      flex: 1,
      minWidth: fitWidth(
        t`Paid to`,
        (lines.data ?? []).map((l) => String(l.payTo ?? "")),
        190,
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t`Payroll · ${monthLabel(r.month)}`}
        subtitle={business?.name}
        actions={
          isOwner && (
            <>
              {r.status === "draft" && (
                <Button color="error" onClick={() => setAsking("delete")}>
                  <Trans>Delete draft</Trans>
                </Button>
              )}
              {r.status === "draft" && (
                <Button variant="contained" onClick={() => setAsking("approve")}>
                  <Trans>Approve</Trans>
                </Button>
              )}
              {r.status === "approved" && (
                <Button variant="contained" onClick={() => setAsking("pay")}>
                  <Trans>Mark paid</Trans>
                </Button>
              )}
            </>
          )
        }
      />
      <Stack spacing={3}>
        <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: "center", flexWrap: "wrap" }}>
          <PayrollStatusChip status={r.status} />
          <Typography variant="body2" color="text.secondary">
            <Trans>
              Statutory rules: {r.ruleSet.name} · run by {r.createdBy} {formatDateTime(r.createdAt, business?.timeZone)}
            </Trans>
          </Typography>
          {r.approvedBy && (
            <Typography variant="body2" color="text.secondary">
              <Trans>
                Approved by {r.approvedBy} {formatDateTime(r.approvedAt, business?.timeZone)}
              </Trans>
            </Typography>
          )}
          {r.paidOn && (
            <Typography variant="body2" color="text.secondary">
              <Trans>
                Paid on {r.paidOn} {r.paymentReference ? `(${r.paymentReference})` : ""}
              </Trans>
            </Typography>
          )}
        </Stack>
        {r.status === "draft" && (
          <Alert severity="info">
            <Trans>
              This run is a draft: check every line, then approve it. To change it, delete the draft, fix the pay
              details and run the month again.
            </Trans>
          </Alert>
        )}
        <RunTotals run={r} />
        <Card variant="outlined">
          <CardContent>
            <Typography variant="h6" gutterBottom>
              <Trans>Monthly returns</Trans>
            </Typography>
            <ExportButtons run={r} />
          </CardContent>
        </Card>
        <Box>
          <Typography variant="h6" gutterBottom>
            <Trans>Payslips</Trans>
          </Typography>
          {lines.isError && (
            <Alert severity="error" sx={{ mb: 2 }}>
              <Trans>The payslips could not be loaded. {describeError(lines.error).message}</Trans>
            </Alert>
          )}
          <Card variant="outlined" data-testid="payroll-lines">
            <DataGrid
              rows={lines.data ?? []}
              getRowId={(row) => row._id}
              columns={columns}
              loading={lines.isFetching}
              initialState={{ pagination: { paginationModel: { pageSize: 25 } } }}
              pageSizeOptions={[25, 50, 100]}
              disableRowSelectionOnClick
              autoHeight
              localeText={gridText({ noRowsLabel: t`No payslips in this run.` })}
              sx={{ border: 0 }}
            />
          </Card>
        </Box>
      </Stack>
      <ConfirmDialog
        open={asking === "approve"}
        title={t`Approve payroll for ${monthLabel(r.month)}?`}
        text={t`Approved payslips never change again, and staff can see theirs under My Account.`}
        confirmLabel={t`Approve`}
        confirmColor="primary"
        busy={approving.isLoading}
        onConfirm={() => void doApprove()}
        onClose={() => setAsking(null)}
      />
      <ConfirmDialog
        open={asking === "delete"}
        title={t`Delete the draft for ${monthLabel(r.month)}?`}
        text={t`The draft and its payslips are deleted; you can run the month again.`}
        confirmLabel={t`Delete draft`}
        busy={removing.isLoading}
        onConfirm={() => void doDelete()}
        onClose={() => setAsking(null)}
      />
      {asking === "pay" && <MarkPaidDialog run={r} onClose={() => setAsking(null)} />}
    </>
  );
}
