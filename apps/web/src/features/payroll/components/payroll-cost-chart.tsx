import { BarChart } from "@mui/x-charts/BarChart";
import { formatKES } from "@app/shared/money/money";
import { COST_COMPONENTS, type CostComponent } from "@app/shared/payroll/payroll-analysis";

/** The employer's cost by month, stacked by component (loaded lazily: the chart library is only here). */
export default function PayrollCostChart({
  months,
  labels,
}: {
  months: { label: string; parts: Record<CostComponent, number> }[];
  labels: Record<CostComponent, string>;
}) {
  return (
    <BarChart
      height={320}
      xAxis={[{ scaleType: "band", data: months.map((m) => m.label) }]}
      yAxis={[{ valueFormatter: (v: number) => `${Math.round(v / 100_000)}k`, width: 56 }]}
      series={COST_COMPONENTS.map((c) => ({
        data: months.map((m) => m.parts[c]),
        label: labels[c],
        stack: "cost",
        valueFormatter: (v: number | null) => (v === null ? "" : formatKES(v)),
      }))}
      margin={{ left: 8, right: 8 }}
      skipAnimation
    />
  );
}
