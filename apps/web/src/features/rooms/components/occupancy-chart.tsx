import { t } from "@lingui/core/macro";
import { Box, Typography, useTheme } from "@mui/material";
import { BarChart } from "@mui/x-charts/BarChart";
import { LineChart } from "@mui/x-charts/LineChart";
import { formatKES } from "@app/shared/money/money";
import type { Analysis } from "@app/shared/rooms/analysis";
import { formatDayShort, formatMonth } from "./days.ts";

/**
 * Occupancy by day (line) and room revenue by month (bars). Loaded lazily: the chart library is
 * only on /booking/analysis.
 */
export default function OccupancyChart({ analysis }: { analysis: Analysis }) {
  const theme = useTheme();
  return (
    <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: "minmax(0, 1fr)" }} data-testid="occupancy-chart">
      <Box>
        <Typography variant="subtitle2">{t`Occupancy by day (%)`}</Typography>
        <LineChart
          height={260}
          xAxis={[{ scaleType: "point", data: analysis.days.map((d) => formatDayShort(d.period)) }]}
          yAxis={[{ min: 0, max: 100, width: 40 }]}
          series={[
            {
              data: analysis.days.map((d) => d.occupancy),
              label: t`Occupancy %`,
              color: theme.palette.primary.main,
              showMark: analysis.days.length <= 31,
              area: true,
            },
          ]}
          hideLegend
          margin={{ left: 8, right: 16 }}
        />
      </Box>
      {analysis.months.length > 0 && (
        <Box>
          <Typography variant="subtitle2">{t`Room revenue by month`}</Typography>
          <BarChart
            height={240}
            xAxis={[{ scaleType: "band", data: analysis.months.map((m) => formatMonth(m.period)) }]}
            yAxis={[{ width: 90, valueFormatter: (v: number) => formatKES(v) }]}
            series={[
              {
                data: analysis.months.map((m) => m.revenue),
                label: t`Revenue`,
                color: theme.palette.success.main,
                valueFormatter: (v) => formatKES(v ?? 0),
              },
            ]}
            hideLegend
            margin={{ left: 8, right: 16 }}
          />
        </Box>
      )}
    </Box>
  );
}
