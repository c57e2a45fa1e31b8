import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import DownloadIcon from "@mui/icons-material/Download";
import PdfIcon from "@mui/icons-material/PictureAsPdf";
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  MenuItem,
  Skeleton,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import { Suspense, useState } from "react";
import { toast } from "react-toastify";
import { DEFAULT_TIME_ZONE } from "@app/shared/businesses/business";
import { todayIn } from "@app/shared/inventory/daily-stock";
import { formatKES } from "@app/shared/money/money";
import {
  daysIn,
  MAX_REPORT_DAYS,
  periodRange,
  REPORT_PERIODS,
  type ReportPart,
  type ReportPeriod,
  type ReportTotals,
} from "@app/shared/reports/reports";
import { describeError } from "../../../api/errors.ts";
import { useAppSelector } from "../../../app/hooks.ts";
import { DatePicker } from "../../../components/date-picker.tsx";
import { FigureCard } from "../../../components/figure-card.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { downloadFile } from "../../../lib/download-file.ts";
import { changeText, partLabel } from "../components/labels.ts";
import { PartsTable } from "../../../components/parts-table.tsx";
import { reportsApi, summaryFileUrl, useGetSummaryQuery } from "../reports-api.ts";
import { UPDATING_POLL_MS, UpdatingNote } from "../components/updating-note.tsx";
import { lazyWithRetry } from "../../../lib/lazy-part.tsx";

const ReportChart = lazyWithRetry(() => import("../components/report-chart.tsx"));

const periodLabels = (): Record<ReportPeriod, string> => ({
  today: t`Today`,
  week: t`This week`,
  month: t`This month`,
  lastMonth: t`Last month`,
  custom: t`Custom dates`,
});

const percent = (bp: number | null) => (bp === null ? "–" : `${(bp / 100).toFixed(1)}%`);

/** /summary (Reports): a period's sales, cost of goods, profit and expenses, split and compared with the period before. */
export default function SummaryPage() {
  const business = useAppSelector((s) => s.business.current);
  const token = useAppSelector((s) => s.session.user?.token ?? "");
  const timeZone = business?.timeZone ?? DEFAULT_TIME_ZONE;
  const businessId = business?._id ?? "";
  const today = todayIn(timeZone);
  const [period, setPeriod] = useState<ReportPeriod>("today");
  const [custom, setCustom] = useState({ from: today, to: today });
  const range = period === "custom" ? custom : periodRange(period, today);
  const valid = range.from <= range.to && daysIn(range.from, range.to) <= MAX_REPORT_DAYS;
  const query = { businessId, ...range };
  // While the server says the figures are updating, ask again every few seconds.
  const cached = reportsApi.endpoints.getSummary.useQueryState(query, { skip: !businessId || !valid });
  const { data, isLoading, isFetching, isError, error, refetch } = useGetSummaryQuery(query, {
    skip: !businessId || !valid,
    refetchOnMountOrArgChange: true,
    pollingInterval: cached.data?.updating ? UPDATING_POLL_MS : 0,
  });
  const [downloading, setDownloading] = useState<"csv" | "pdf" | null>(null);
  const names = periodLabels();

  async function download(kind: "csv" | "pdf") {
    setDownloading(kind);
    try {
      await downloadFile(summaryFileUrl(query, kind), token, `summary-${range.from}-${range.to}.${kind}`);
    } catch (err) {
      toast.error(err instanceof Error ? err.message : t`The file could not be downloaded`);
    } finally {
      setDownloading(null);
    }
  }

  const figure = (label: string, pick: (x: ReportTotals) => number, testId: string, format = formatKES) => {
    if (!data) return null;
    const now = pick(data.totals);
    const before = pick(data.previousTotals);
    const change = changeText(now, before);
    return (
      <FigureCard
        label={label}
        value={format(now)}
        testId={testId}
        tone={now < 0 ? "error" : undefined}
        hint={
          <Trans>
            Previous period: {format(before)}
            {change ? ` (${change})` : ""}
          </Trans>
        }
      />
    );
  };
  const partRows = (dim: "channel" | "payment" | "employee" | "category", parts: ReportPart[]) =>
    parts.map((p) => [
      partLabel(dim, p),
      String(p.count),
      formatKES(p.amount),
      dim === "payment" ? "" : formatKES(p.amount - p.cost),
    ]);
  const partHead = (first: string) => [first, t`Sales`, t`Amount`, t`Gross profit`];

  return (
    <>
      <PageHeader title={t`Summary`} />
      <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: "wrap", rowGap: 1, alignItems: "center" }}>
        <TextField
          select
          size="small"
          label={t`Period`}
          value={period}
          onChange={(e) => setPeriod(e.target.value as ReportPeriod)}
          sx={{ minWidth: 150 }}
          slotProps={{ htmlInput: { "data-testid": "summary-period" } }}
        >
          {REPORT_PERIODS.map((p) => (
            <MenuItem key={p} value={p}>
              {names[p]}
            </MenuItem>
          ))}
        </TextField>
        {period === "custom" && (
          <>
            <DatePicker label={t`From`} day={custom.from} onChange={(from) => setCustom({ ...custom, from })} />
            <DatePicker label={t`To`} day={custom.to} onChange={(to) => setCustom({ ...custom, to })} />
          </>
        )}
        {isFetching && <CircularProgress size={24} aria-label={t`Loading`} />}
        <Box sx={{ flex: 1 }} />
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          disabled={!data || downloading !== null}
          onClick={() => void download("csv")}
        >
          <Trans>Export CSV</Trans>
        </Button>
        <Button
          variant="outlined"
          startIcon={<PdfIcon />}
          disabled={!data || downloading !== null}
          onClick={() => void download("pdf")}
        >
          <Trans>Export PDF</Trans>
        </Button>
      </Stack>
      {!valid && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          <Trans>Choose a start on or before the end, at most two years apart.</Trans>
        </Alert>
      )}
      {isLoading && <Skeleton variant="rectangular" height={240} />}
      {isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void refetch()}>
              <Trans>Retry</Trans>
            </Button>
          }
        >
          <Trans>The summary could not be loaded. {describeError(error).message}</Trans>
        </Alert>
      )}
      {data && valid && (
        <Stack spacing={2}>
          <UpdatingNote updating={data.updating} />
          <Box
            sx={{
              display: "grid",
              gap: 2,
              gridTemplateColumns: {
                xs: "repeat(2, minmax(0, 1fr))",
                md: "repeat(4, minmax(0, 1fr))",
              },
            }}
          >
            {figure(t`Sales`, (x) => x.sales, "sum-sales")}
            {figure(
              t`Number of sales`,
              (x) => x.salesCount,
              "sum-count",
              (n) => String(n),
            )}
            {figure(t`Cost of goods`, (x) => x.cost, "sum-cost")}
            {figure(t`Gross profit`, (x) => x.grossProfit, "sum-gross")}
            <FigureCard
              label={t`Margin`}
              value={percent(data.totals.marginBp)}
              testId="sum-margin"
              hint={<Trans>Previous period: {percent(data.previousTotals.marginBp)}</Trans>}
            />
            {figure(t`Expenses`, (x) => x.expenses, "sum-expenses")}
            {figure(t`Net profit`, (x) => x.netProfit, "sum-net")}
            {figure(
              t`Voided sales`,
              (x) => x.voidedCount,
              "sum-voided",
              (n) => String(n),
            )}
          </Box>
          {data.totals.salesCount === 0 && data.totals.expenses === 0 ? (
            <Alert severity="info" data-testid="summary-empty">
              <Trans>No sales or expenses in this period.</Trans>
            </Alert>
          ) : (
            <>
              {data.byDay.length > 1 && (
                <Card variant="outlined" data-testid="sum-days-chart">
                  <CardContent>
                    <Typography variant="h6" component="h2">
                      <Trans>Sales by day</Trans>
                    </Typography>
                    <Suspense fallback={<Skeleton variant="rectangular" height={240} />}>
                      <ReportChart
                        kind="bar"
                        seriesLabel={t`Sales`}
                        points={data.byDay.map((d) => ({ label: d.day.slice(5), value: d.sales }))}
                      />
                    </Suspense>
                  </CardContent>
                </Card>
              )}
              <Box
                sx={{
                  display: "grid",
                  gap: 2,
                  gridTemplateColumns: { xs: "minmax(0, 1fr)", md: "repeat(2, minmax(0, 1fr))" },
                }}
              >
                <PartsTable
                  title={t`By channel`}
                  testId="sum-by-channel"
                  head={partHead(t`Channel`)}
                  rows={partRows("channel", data.byChannel)}
                />
                <PartsTable
                  title={t`By payment method`}
                  testId="sum-by-payment"
                  head={[t`Method`, t`Sales`, t`Amount`, ""]}
                  rows={partRows("payment", data.byPayment)}
                  action={
                    data.byPayment.length > 0 && (
                      <Suspense fallback={<Skeleton variant="rectangular" height={180} />}>
                        <ReportChart
                          kind="pie"
                          height={180}
                          seriesLabel={t`Payments`}
                          points={data.byPayment.map((p) => ({ label: partLabel("payment", p), value: p.amount }))}
                        />
                      </Suspense>
                    )
                  }
                />
                <PartsTable
                  title={t`By employee`}
                  testId="sum-by-employee"
                  head={partHead(t`Served by`)}
                  rows={partRows("employee", data.byEmployee)}
                />
                <PartsTable
                  title={t`By category`}
                  testId="sum-by-category"
                  head={partHead(t`Category`)}
                  rows={partRows("category", data.byCategory)}
                />
              </Box>
              <PartsTable
                title={t`Top products`}
                testId="sum-top-products"
                head={[t`Product`, t`Units`, t`Amount`, t`Gross profit`]}
                rows={data.topProducts.map((p) => [
                  p.label,
                  String(p.quantity),
                  formatKES(p.amount),
                  formatKES(p.amount - p.cost),
                ])}
              />
            </>
          )}
        </Stack>
      )}
    </>
  );
}
