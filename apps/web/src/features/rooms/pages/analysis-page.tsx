import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  LinearProgress,
  Paper,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from "@mui/material";
import { Suspense, useState } from "react";
import { Link } from "react-router";
import { formatKES } from "@app/shared/money/money";
import type { OccupancyRow } from "@app/shared/rooms/analysis";
import { addDays } from "@app/shared/rooms/days";
import { describeError } from "../../../api/errors.ts";
import { DatePicker } from "../../../components/date-picker.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { pathTo } from "../../../lib/paths.ts";
import { formatDay, formatMonth } from "../components/days.ts";
import { useHotel } from "../components/use-hotel.ts";
import { useOccupancyQuery } from "../rooms-api.ts";
import { lazyWithRetry } from "../../../lib/lazy-part.tsx";

const OccupancyChart = lazyWithRetry(() => import("../components/occupancy-chart.tsx"));

type Preset = "month" | "last30" | "next30" | "custom";

function presetRange(preset: Exclude<Preset, "custom">, today: string): { from: string; to: string } {
  if (preset === "last30") return { from: addDays(today, -29), to: today };
  if (preset === "next30") return { from: today, to: addDays(today, 29) };
  const first = `${today.slice(0, 7)}-01`;
  const [y, m] = today.split("-").map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
  return { from: first, to: last };
}

const Figure = ({ label, value, testId }: { label: string; value: string; testId?: string }) => (
  <Card variant="outlined" sx={{ flex: "1 1 150px" }}>
    <CardContent>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography sx={{ fontSize: 24, fontWeight: 700 }} data-testid={testId}>
        {value}
      </Typography>
    </CardContent>
  </Card>
);

function RowsTable({ rows, label, period }: { rows: OccupancyRow[]; label: string; period: (p: string) => string }) {
  return (
    // It scrolls on its own (maxHeight, minWidth), so the keyboard can reach it too (axe: scrollable-region-focusable).
    <TableContainer
      component={Paper}
      variant="outlined"
      sx={{ maxHeight: 420 }}
      tabIndex={0}
      role="region"
      aria-label={label}
    >
      <Table size="small" stickyHeader aria-label={label} sx={{ minWidth: 640 }}>
        <TableHead>
          <TableRow>
            <TableCell>{label}</TableCell>
            <TableCell align="right">
              <Trans>Rooms sold</Trans>
            </TableCell>
            <TableCell align="right">
              <Trans>On offer</Trans>
            </TableCell>
            <TableCell align="right">
              <Trans>Occupancy</Trans>
            </TableCell>
            <TableCell align="right">
              <Trans>ADR</Trans>
            </TableCell>
            <TableCell align="right">
              <Trans>RevPAR</Trans>
            </TableCell>
            <TableCell align="right">
              <Trans>Revenue</Trans>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.period}>
              <TableCell>{period(r.period)}</TableCell>
              <TableCell align="right">{r.sold}</TableCell>
              <TableCell align="right">{r.available}</TableCell>
              <TableCell align="right">{r.occupancy.toFixed(1)}%</TableCell>
              <TableCell align="right">{formatKES(r.adr)}</TableCell>
              <TableCell align="right">{formatKES(r.revpar)}</TableCell>
              <TableCell align="right">{formatKES(r.revenue)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/**
 * /booking/analysis: occupancy (room nights sold over rooms on offer), average daily rate and
 * revenue per available room, by day and by month, with charts. Nights are counted from stays
 * that are not cancelled, at the rates stored with each booking; days ahead count what is booked.
 */
export default function AnalysisPage() {
  const { businessId, today } = useHotel();
  const [preset, setPreset] = useState<Preset>("month");
  const [range, setRange] = useState(() => presetRange("month", today));
  const { data, isFetching, isError, error, refetch } = useOccupancyQuery(
    { businessId, ...range },
    { skip: !businessId || range.to < range.from },
  );
  const choose = (p: Preset) => {
    setPreset(p);
    if (p !== "custom") setRange(presetRange(p, today));
  };

  return (
    <>
      <PageHeader
        title={t`Booking Analysis`}
        subtitle={`${formatDay(range.from)} – ${formatDay(range.to)}`}
        actions={
          <Button component={Link} to={pathTo("/booking")} startIcon={<ArrowBackIcon />}>
            <Trans>Front desk</Trans>
          </Button>
        }
      />
      <Box sx={{ display: "flex", gap: 2, flexWrap: "wrap", alignItems: "center", mb: 2 }}>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={preset}
          onChange={(_e, p: Preset | null) => p && choose(p)}
          aria-label={t`Period`}
        >
          <ToggleButton value="month">
            <Trans>This month</Trans>
          </ToggleButton>
          <ToggleButton value="last30">
            <Trans>Last 30 days</Trans>
          </ToggleButton>
          <ToggleButton value="next30">
            <Trans>Next 30 days</Trans>
          </ToggleButton>
          <ToggleButton value="custom">
            <Trans>Choose</Trans>
          </ToggleButton>
        </ToggleButtonGroup>
        {preset === "custom" && (
          <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
            <DatePicker label={t`From`} day={range.from} onChange={(from) => setRange({ ...range, from })} />
            <DatePicker label={t`To`} day={range.to} onChange={(to) => setRange({ ...range, to })} />
          </Box>
        )}
      </Box>
      {range.to < range.from && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          <Trans>The period must end on or after its first day.</Trans>
        </Alert>
      )}
      {isFetching && <LinearProgress aria-label={t`Loading the analysis`} sx={{ mb: 2 }} />}
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
          <Trans>The analysis could not be loaded. {describeError(error).message}</Trans>
        </Alert>
      )}
      {data && data.rooms === 0 && (
        <Alert severity="info" sx={{ mb: 2 }}>
          <Trans>No rooms yet: add rooms and bookings to see occupancy.</Trans>
        </Alert>
      )}
      {data ? (
        <>
          <Box sx={{ display: "flex", gap: 2, flexWrap: "wrap", mb: 2 }} data-testid="occupancy-figures">
            <Figure label={t`Occupancy`} value={`${data.total.occupancy.toFixed(1)}%`} testId="occupancy-total" />
            <Figure label={t`Average daily rate (ADR)`} value={formatKES(data.total.adr)} />
            <Figure label={t`Revenue per available room (RevPAR)`} value={formatKES(data.total.revpar)} />
            <Figure label={t`Room revenue`} value={formatKES(data.total.revenue)} />
            <Figure label={t`Room nights sold`} value={`${data.total.sold} / ${data.total.available}`} />
          </Box>
          <Card variant="outlined" sx={{ mb: 2 }}>
            <CardHeader title={t`Charts`} slotProps={{ title: { variant: "h6" } }} />
            <CardContent sx={{ pt: 0 }}>
              <Suspense fallback={<Skeleton variant="rounded" height={260} />}>
                <OccupancyChart analysis={data} />
              </Suspense>
            </CardContent>
          </Card>
          <Typography variant="h6" sx={{ mb: 1 }}>
            <Trans>By month</Trans>
          </Typography>
          <Box sx={{ mb: 2 }}>
            <RowsTable rows={data.months} label={t`Month`} period={formatMonth} />
          </Box>
          <Typography variant="h6" sx={{ mb: 1 }}>
            <Trans>By day</Trans>
          </Typography>
          <RowsTable rows={data.days} label={t`Day`} period={formatDay} />
        </>
      ) : (
        !isError && <Skeleton variant="rounded" height={300} />
      )}
    </>
  );
}
