import { BarChart } from "@mui/x-charts/BarChart";
import { PieChart } from "@mui/x-charts/PieChart";
import { formatKES } from "@app/shared/money/money";

export type ChartPoint = { label: string; value: number };

/**
 * The reports' charts: bars (sales by hour, by day) or a pie (a split). Loaded lazily: the chart
 * library is only in this file, so the sign-in page and the tills never download it.
 */
export default function ReportChart({
  kind,
  points,
  seriesLabel,
  height = 240,
  testId,
}: {
  kind: "bar" | "pie";
  points: ChartPoint[];
  seriesLabel: string;
  height?: number;
  testId?: string;
}) {
  const money = (v: number | null) => (v === null ? "" : formatKES(v));
  return (
    <div data-testid={testId}>
      {kind === "bar" ? (
        <BarChart
          height={height}
          xAxis={[{ scaleType: "band", data: points.map((p) => p.label) }]}
          yAxis={[
            { valueFormatter: (v: number | null) => (v === null ? "" : (v / 100).toLocaleString("en-KE")), width: 64 },
          ]}
          series={[{ data: points.map((p) => p.value), label: seriesLabel, valueFormatter: money }]}
          margin={{ left: 8, right: 8 }}
          skipAnimation
        />
      ) : (
        <PieChart
          height={height}
          series={[
            {
              data: points.map((p, i) => ({ id: i, value: p.value, label: p.label })),
              valueFormatter: (v) => formatKES(v.value),
              innerRadius: 40,
            },
          ]}
          skipAnimation
        />
      )}
    </div>
  );
}
