import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { Alert, Box, Card, CardContent, CircularProgress, Skeleton, Stack, TextField, Typography } from "@mui/material";
import { Suspense, useState } from "react";
import { formatKES } from "@app/shared/money/money";
import { todayIn } from "@app/shared/inventory/daily-stock";
import { describeError } from "../../../api/errors.ts";
import { PageHeader } from "../../../components/page-header.tsx";
import { useClinicReportQuery } from "../clinic-api.ts";
import { ClinicGate } from "../components/clinic-gate.tsx";
import { chargeKindLabel } from "../components/labels.ts";
import { useClinic } from "../use-clinic.ts";
import { PartsTable } from "../../../components/parts-table.tsx";
import { lazyWithRetry } from "../../../lib/lazy-part.tsx";

const ReportCharts = lazyWithRetry(() => import("../components/report-charts.tsx"));

const daysBefore = (day: string, n: number) =>
  new Date(Date.parse(`${day}T12:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

/** /clinicreports: visits per day, top diagnoses, lab workload, revenue by service and by payer (cash, insurance/SHA). */
export default function ClinicReportsPage() {
  return (
    <ClinicGate title={t`Clinic Reports`} anyOf={["reports"]}>
      <Reports />
    </ClinicGate>
  );
}

function Figure({ label, value }: { label: string; value: string | number }) {
  return (
    <Box sx={{ flex: 1, minWidth: 120 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h6">{value}</Typography>
    </Box>
  );
}

function Reports() {
  const { businessId, timeZone } = useClinic();
  const today = todayIn(timeZone);
  const [from, setFrom] = useState(() => daysBefore(today, 29));
  const [to, setTo] = useState(today);
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(from) && /^\d{4}-\d{2}-\d{2}$/.test(to) && from <= to;
  const { data, isLoading, isError, error, isFetching } = useClinicReportQuery(
    { businessId, from, to },
    { skip: !businessId || !valid },
  );
  return (
    <>
      <PageHeader title={t`Clinic Reports`} />
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ mb: 2 }}>
        <TextField
          type="date"
          size="small"
          label={t`From`}
          value={from}
          onChange={(e) => setFrom(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          type="date"
          size="small"
          label={t`To`}
          value={to}
          onChange={(e) => setTo(e.target.value)}
          error={!valid}
          helperText={!valid ? t`The start must not be after the end` : undefined}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        {isFetching && <CircularProgress size={24} aria-label={t`Loading`} />}
      </Stack>
      {isLoading && <Skeleton variant="rectangular" height={200} />}
      {isError && (
        <Alert severity="error">
          <Trans>The report could not be loaded. {describeError(error).message}</Trans>
        </Alert>
      )}
      {data && (
        <Stack spacing={2}>
          <Card variant="outlined">
            <CardContent>
              <Stack direction="row" sx={{ flexWrap: "wrap", gap: 2 }} data-testid="report-totals">
                <Figure label={t`Visits`} value={data.totals.visits} />
                <Figure label={t`Patients`} value={data.totals.patients} />
                <Figure label={t`Billed`} value={formatKES(data.totals.billed)} />
                <Figure label={t`Paid`} value={formatKES(data.totals.paid)} />
              </Stack>
            </CardContent>
          </Card>
          {data.totals.visits === 0 && data.totals.billed === 0 ? (
            <Alert severity="info">
              <Trans>No visits in this period.</Trans>
            </Alert>
          ) : (
            <Box
              sx={{
                display: "grid",
                gridTemplateColumns: { xs: "minmax(0, 1fr)", md: "minmax(0, 1fr) minmax(0, 1fr)" },
                gap: 2,
              }}
            >
              <Card variant="outlined">
                <CardContent>
                  <Typography variant="h6" component="h2">
                    <Trans>Visits per day, revenue by payer and by service</Trans>
                  </Typography>
                  <Suspense fallback={<Skeleton variant="rectangular" height={260} />}>
                    <ReportCharts report={data} labels={{ visits: t`Visits`, service: chargeKindLabel }} />
                  </Suspense>
                </CardContent>
              </Card>
              <Stack spacing={2}>
                <PartsTable
                  title={t`Top diagnoses`}
                  head={[t`Diagnosis`, t`Visits`]}
                  rows={data.topDiagnoses.map((d) => [
                    // Diagnoses written without an ICD-10 code come as one row (code null).
                    d.code ? `${d.code} ${d.label}` : t`Uncoded`,
                    String(d.visits),
                  ])}
                />
                <PartsTable
                  title={t`Lab workload`}
                  head={[t`Test`, t`Requested`, t`Completed`]}
                  rows={data.labWorkload.map((l) => [l.testName, String(l.requested), String(l.completed)])}
                />
                <PartsTable
                  title={t`Revenue by payer`}
                  head={[t`Payer`, t`Amount`]}
                  rows={data.revenueByPayer.map((p) => [
                    p.insurance ? `${p.payer} (${t`insurance`})` : p.payer,
                    formatKES(p.amount),
                  ])}
                />
                <PartsTable
                  title={t`Revenue by service`}
                  head={[t`Service`, t`Amount`]}
                  rows={data.revenueByService.map((s) => [chargeKindLabel(s.kind), formatKES(s.amount)])}
                />
              </Stack>
            </Box>
          )}
        </Stack>
      )}
    </>
  );
}
