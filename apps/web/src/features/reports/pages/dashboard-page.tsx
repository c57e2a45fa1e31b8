import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { Alert, Box, Button, Skeleton, Stack, Typography } from "@mui/material";
import { Suspense } from "react";
import { Link } from "react-router";
import { formatKES } from "@app/shared/money/money";
import type { DayFigures } from "@app/shared/reports/reports";
import { describeError } from "../../../api/errors.ts";
import { useAppSelector } from "../../../app/hooks.ts";
import { PageHeader } from "../../../components/page-header.tsx";
import { pathTo } from "../../../lib/paths.ts";
import { changeText, paymentLabel } from "../components/labels.ts";
import { PartsTable } from "../../../components/parts-table.tsx";
import { reportsApi, useGetDashboardQuery } from "../reports-api.ts";
import { UPDATING_POLL_MS, UpdatingNote } from "../components/updating-note.tsx";
import { lazyWithRetry } from "../../../lib/lazy-part.tsx";
import { BackupWarning } from "../components/backup-warning.tsx";
import { EtimsSummaryCard } from "../components/etims-summary-card.tsx";
import { LinkCard } from "../components/link-card.tsx";
import { ShortfallCard } from "../components/shortfall-card.tsx";
import { WelcomeCard } from "../components/welcome-card.tsx";

const ReportChart = lazyWithRetry(() => import("../components/report-chart.tsx"));

/** A figure of today, with yesterday's and last week's beside it. */
function Compared({
  label,
  pick,
  format,
  days,
  to,
  testId,
}: {
  label: string;
  pick: (d: DayFigures) => number;
  format: (n: number) => string;
  days: { today: DayFigures; yesterday: DayFigures; lastWeek: DayFigures };
  to: string;
  testId: string;
}) {
  const now = pick(days.today);
  const line = (name: string, before: number) => {
    const change = changeText(now, before);
    return (
      <Typography variant="caption" color="text.secondary" component="div">
        {name}: {format(before)}
        {change ? ` (${change})` : ""}
      </Typography>
    );
  };
  return (
    <LinkCard to={to} label={label} testId={testId}>
      <Typography variant="h6" sx={{ fontWeight: 700 }} data-testid={`${testId}-value`}>
        {format(now)}
      </Typography>
      {line(t`Yesterday`, pick(days.yesterday))}
      {line(t`Same day last week`, pick(days.lastWeek))}
    </LinkCard>
  );
}

const grid = {
  display: "grid",
  gap: 2,
  gridTemplateColumns: { xs: "repeat(2, minmax(0, 1fr))", md: "repeat(4, minmax(0, 1fr))" },
} as const;

/** / (Home, the owner's): today's sales against yesterday and last week, and where they came from. */
export default function DashboardPage() {
  const business = useAppSelector((s) => s.business.current);
  const businessId = business?._id ?? "";
  // While the server says the figures are updating, ask again every few seconds.
  const cached = reportsApi.endpoints.getDashboard.useQueryState(businessId, { skip: !businessId });
  const user = useAppSelector((s) => s.session.user);
  const isOwner = !!user?.isAdmin && !user.details.isSupportUser;
  const { data, isLoading, isError, error, refetch } = useGetDashboardQuery(businessId, {
    skip: !businessId,
    refetchOnMountOrArgChange: true,
    pollingInterval: cached.data?.updating ? UPDATING_POLL_MS : 0,
  });
  const summary = pathTo("/summary");
  return (
    <>
      <PageHeader title={t`Home`} />
      {isOwner && businessId && <BackupWarning businessId={businessId} />}
      {(isLoading || !business) && (
        <Box sx={grid} aria-label={t`Loading`}>
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} variant="rectangular" height={96} />
          ))}
        </Box>
      )}
      {isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void refetch()}>
              <Trans>Retry</Trans>
            </Button>
          }
        >
          <Trans>The dashboard could not be loaded. {describeError(error).message}</Trans>
        </Alert>
      )}
      {data && (
        <Stack spacing={2}>
          <UpdatingNote updating={data.updating} />
          {isOwner && <ShortfallCard businessId={businessId} />}
          {!data.setup.sales && <WelcomeCard setup={data.setup} />}
          {data.today.count === 0 && !data.updating && data.setup.sales && (
            <Alert severity="info" data-testid="dashboard-empty">
              <Trans>No sales yet today. Sales made at the POS appear here as they happen.</Trans>
            </Alert>
          )}
          <Box sx={grid}>
            <Compared
              label={t`Sales today`}
              pick={(d) => d.sales}
              format={formatKES}
              days={data}
              to={pathTo("/sales")}
              testId="dash-sales"
            />
            <Compared
              label={t`Number of sales`}
              pick={(d) => d.count}
              format={(n) => String(n)}
              days={data}
              to={pathTo("/sales")}
              testId="dash-count"
            />
            <Compared
              label={t`Average sale`}
              pick={(d) => d.average}
              format={formatKES}
              days={data}
              to={summary}
              testId="dash-average"
            />
            <Compared
              label={t`Gross profit`}
              pick={(d) => d.grossProfit}
              format={formatKES}
              days={data}
              to={summary}
              testId="dash-profit"
            />
            <LinkCard to={pathTo("/debts")} label={t`Credit outstanding`} testId="dash-credit">
              <Typography variant="h6" sx={{ fontWeight: 700 }} data-testid="dash-credit-value">
                {formatKES(data.credit.outstanding)}
              </Typography>
              <Typography variant="caption" color="text.secondary" data-testid="dash-collected">
                <Trans>Collected today: {formatKES(data.credit.collectedToday)}</Trans>
              </Typography>
            </LinkCard>
            <LinkCard to={pathTo("/products/stock")} label={t`Low stock`} testId="dash-low-stock">
              <Typography variant="h6" sx={{ fontWeight: 700 }} color={data.lowStock ? "warning.main" : undefined}>
                {data.lowStock}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                <Trans>products at or below their reorder level</Trans>
              </Typography>
            </LinkCard>
            {isOwner && <EtimsSummaryCard businessId={businessId} />}
            {data.occupancy !== null && (
              <LinkCard to={pathTo("/booking")} label={t`Occupancy tonight`} testId="dash-occupancy">
                <Typography variant="h6" sx={{ fontWeight: 700 }}>
                  {data.occupancy.rooms
                    ? `${Math.round((data.occupancy.occupied * 100) / data.occupancy.rooms)}%`
                    : "–"}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  <Trans>
                    {data.occupancy.occupied} of {data.occupancy.rooms} rooms
                  </Trans>
                </Typography>
              </LinkCard>
            )}
            {data.clinicVisits !== null && (
              <LinkCard to={pathTo("/reception")} label={t`Clinic visits today`} testId="dash-visits">
                <Typography variant="h6" sx={{ fontWeight: 700 }}>
                  {data.clinicVisits}
                </Typography>
              </LinkCard>
            )}
          </Box>
          <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "minmax(0, 1fr)", md: "2fr 1fr" } }}>
            <LinkCard to={summary} label={t`Sales by hour`} testId="dash-hours">
              {data.byHour.length === 0 ? (
                <Typography color="text.secondary">
                  <Trans>No sales yet today.</Trans>
                </Typography>
              ) : (
                <Suspense fallback={<Skeleton variant="rectangular" height={240} />}>
                  <ReportChart
                    kind="bar"
                    seriesLabel={t`Sales`}
                    points={data.byHour.map((h) => ({
                      label: `${String(h.hour).padStart(2, "0")}:00`,
                      value: h.amount,
                    }))}
                  />
                </Suspense>
              )}
            </LinkCard>
            <LinkCard to={pathTo("/transactions")} label={t`Payment methods today`} testId="dash-payments">
              {data.payments.length === 0 ? (
                <Typography color="text.secondary">
                  <Trans>No payments yet today.</Trans>
                </Typography>
              ) : (
                <>
                  <Suspense fallback={<Skeleton variant="rectangular" height={180} />}>
                    <ReportChart
                      kind="pie"
                      height={180}
                      seriesLabel={t`Payments`}
                      points={data.payments.map((p) => ({ label: paymentLabel(p.key), value: p.amount }))}
                    />
                  </Suspense>
                  {data.payments.map((p) => (
                    <Stack
                      key={p.key}
                      direction="row"
                      sx={{ justifyContent: "space-between" }}
                      data-testid={`dash-pay-${p.key}`}
                    >
                      <Typography variant="body2">{paymentLabel(p.key)}</Typography>
                      <Typography variant="body2">{formatKES(p.amount)}</Typography>
                    </Stack>
                  ))}
                </>
              )}
            </LinkCard>
          </Box>
          <PartsTable
            title={t`Top products today`}
            testId="dash-top-products"
            head={[t`Product`, t`Units`, t`Sales`]}
            rows={data.topProducts.map((p) => [p.label, String(p.quantity), formatKES(p.amount)])}
            action={
              <Button component={Link} to={pathTo("/stock/analysis")} size="small" sx={{ mt: 1 }}>
                <Trans>Stock analysis</Trans>
              </Button>
            }
          />
        </Stack>
      )}
    </>
  );
}
