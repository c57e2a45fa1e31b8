import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import AddIcon from "@mui/icons-material/Add";
import DeleteIcon from "@mui/icons-material/DeleteOutlined";
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  IconButton,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from "@mui/material";
import { Suspense, useState } from "react";
import { toast } from "react-toastify";
import { formatAmount, formatKES } from "@app/shared/money/money";
import type { CommissionRule } from "@app/shared/payroll/commission";
import { describeError } from "../../../api/errors.ts";
import { useAppSelector } from "../../../app/hooks.ts";
import { AreaGate } from "../../../components/area-gate.tsx";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { AddCommissionRuleDialog } from "../components/add-commission-rule-dialog.tsx";
import { currentMonth, monthLabel } from "../components/month.ts";
import {
  useDeleteCommissionRuleMutation,
  useEarnedCommissionsQuery,
  useListCommissionRulesQuery,
} from "../payroll-api.ts";
import { lazyWithRetry } from "../../../lib/lazy-part.tsx";

const CommissionChart = lazyWithRetry(() => import("../components/commission-chart.tsx"));

/** /commission/analysis: commissions earned by employee in a month (chart and table) and the rules behind them. */
export default function CommissionAnalysisPage() {
  return (
    <AreaGate area="payroll" title={t`Commission Analysis`}>
      <Commissions />
    </AreaGate>
  );
}

const ruleText = (r: CommissionRule) =>
  r.kind === "percentOfSales"
    ? t`${(r.rateBp / 100).toLocaleString("en-KE", { maximumFractionDigits: 2 })}% of sales served`
    : t`KES ${formatAmount(r.amountPerItem)} per item sold`;

function Commissions() {
  const user = useAppSelector((s) => s.session.user);
  const business = useAppSelector((s) => s.business.current);
  const businessId = business?._id ?? "";
  const isOwner = Boolean(user?.isAdmin);
  const [month, setMonth] = useState(currentMonth);
  const valid = /^\d{4}-(0[1-9]|1[0-2])$/.test(month);
  const earned = useEarnedCommissionsQuery({ businessId, month }, { skip: !businessId || !valid });
  const rules = useListCommissionRulesQuery(businessId, { skip: !businessId });
  const [remove, removing] = useDeleteCommissionRuleMutation();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<CommissionRule | null>(null);
  const rows = [...(earned.data ?? [])].sort((a, b) => b.amount - a.amount);
  const total = rows.reduce((a, r) => a + r.amount, 0);

  async function doDelete(rule: CommissionRule) {
    try {
      await remove(rule._id).unwrap();
      toast.success(t`Commission rule deleted`);
    } catch (err) {
      toast.error(describeError(err).message);
    }
    setDeleting(null);
  }

  return (
    <>
      <PageHeader title={t`Commission Analysis`} subtitle={business?.name} />
      <Stack spacing={3}>
        <Card variant="outlined">
          <CardContent>
            <Stack
              direction={{ xs: "column", sm: "row" }}
              spacing={2}
              sx={{ alignItems: { sm: "center" }, justifyContent: "space-between", mb: 2 }}
            >
              <Typography variant="h6">{valid ? t`Commissions for ${monthLabel(month)}` : t`Commissions`}</Typography>
              <TextField
                type="month"
                size="small"
                label={t`Month`}
                value={month}
                onChange={(e) => setMonth(e.target.value)}
                slotProps={{ inputLabel: { shrink: true } }}
              />
            </Stack>
            {earned.isFetching && <CircularProgress size={24} aria-label={t`Loading`} />}
            {earned.isError && (
              <Alert severity="error">
                <Trans>The commissions could not be loaded. {describeError(earned.error).message}</Trans>
              </Alert>
            )}
            {earned.data && rows.length === 0 && (
              <Typography color="text.secondary">
                <Trans>No commissions: add a rule below for an employee or an occupation.</Trans>
              </Typography>
            )}
            {rows.length > 0 && (
              <Box sx={{ display: "grid", gap: 3, gridTemplateColumns: { xs: "1fr", lg: "1fr 1fr" } }}>
                <Suspense fallback={<Skeleton variant="rectangular" height={200} />}>
                  <CommissionChart rows={rows} label={t`Commission`} />
                </Suspense>
                <TableContainer sx={{ overflowX: "auto" }}>
                  <Table size="small" aria-label={t`Commissions by employee`} data-testid="commission-table">
                    <TableHead>
                      <TableRow>
                        <TableCell>
                          <Trans>Employee</Trans>
                        </TableCell>
                        <TableCell align="right">
                          <Trans>Sales</Trans>
                        </TableCell>
                        <TableCell align="right">
                          <Trans>Sales total</Trans>
                        </TableCell>
                        <TableCell align="right">
                          <Trans>Items</Trans>
                        </TableCell>
                        <TableCell align="right">
                          <Trans>Commission</Trans>
                        </TableCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {rows.map((r) => (
                        <TableRow key={r.employeeId}>
                          <TableCell>{r.employeeName}</TableCell>
                          <TableCell align="right">{r.sales}</TableCell>
                          <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
                            {formatKES(r.salesTotal)}
                          </TableCell>
                          <TableCell align="right">{r.items}</TableCell>
                          <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
                            {formatKES(r.amount)}
                          </TableCell>
                        </TableRow>
                      ))}
                      <TableRow>
                        <TableCell colSpan={4} sx={{ fontWeight: 600 }}>
                          <Trans>Total</Trans>
                        </TableCell>
                        <TableCell align="right" sx={{ fontWeight: 600, whiteSpace: "nowrap" }}>
                          {formatKES(total)}
                        </TableCell>
                      </TableRow>
                    </TableBody>
                  </Table>
                </TableContainer>
              </Box>
            )}
          </CardContent>
        </Card>
        <Card variant="outlined">
          <CardContent>
            <Stack direction="row" sx={{ alignItems: "center", justifyContent: "space-between", mb: 1 }}>
              <Typography variant="h6">
                <Trans>Commission rules</Trans>
              </Typography>
              {isOwner && (
                <Button startIcon={<AddIcon />} variant="outlined" onClick={() => setAdding(true)}>
                  <Trans>Add rule</Trans>
                </Button>
              )}
            </Stack>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              <Trans>
                An employee's own rule wins over their occupation's. Payroll runs add the month's commissions to pay as
                earnings.
              </Trans>
            </Typography>
            {rules.isError && (
              <Alert severity="error">
                <Trans>The rules could not be loaded. {describeError(rules.error).message}</Trans>
              </Alert>
            )}
            {rules.data && rules.data.length === 0 && (
              <Typography color="text.secondary">
                <Trans>No commission rules yet.</Trans>
              </Typography>
            )}
            <Stack spacing={1} data-testid="commission-rules">
              {(rules.data ?? []).map((r) => (
                <Stack
                  key={r._id}
                  direction="row"
                  spacing={2}
                  sx={{ alignItems: "center", border: 1, borderColor: "divider", borderRadius: 1, px: 2, py: 1 }}
                >
                  <Box sx={{ flex: 1 }}>
                    <Typography sx={{ fontWeight: 600 }}>
                      {r.employeeId ? r.employeeName : t`Every ${r.occupation ?? ""}`}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {ruleText(r)}
                    </Typography>
                  </Box>
                  {isOwner && (
                    <IconButton aria-label={t`Delete rule`} onClick={() => setDeleting(r)}>
                      <DeleteIcon />
                    </IconButton>
                  )}
                </Stack>
              ))}
            </Stack>
          </CardContent>
        </Card>
      </Stack>
      {adding && <AddCommissionRuleDialog businessId={businessId} onClose={() => setAdding(false)} />}
      <ConfirmDialog
        open={deleting !== null}
        title={t`Delete this commission rule?`}
        text={t`Runs already made keep the commissions they added; new runs stop adding it.`}
        confirmLabel={t`Delete`}
        busy={removing.isLoading}
        onConfirm={() => deleting && void doDelete(deleting)}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
