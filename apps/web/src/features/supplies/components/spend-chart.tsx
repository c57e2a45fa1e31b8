import { BarChart } from "@mui/x-charts/BarChart";
import { formatKES } from "@app/shared/money/money";
import type { SupplyAnalysis } from "@app/shared/supplies/supply-logs";

const short = (name: string) => (name.length > 18 ? `${name.slice(0, 17)}…` : name);

/**
 * Spend per period, stacked by supplier (loaded lazily: the chart library is only on the
 * analysis page). Amounts are shillings on the axis, KES in the tooltip.
 */
export default function SpendChart({
  analysis,
  label,
}: {
  analysis: SupplyAnalysis;
  label: (period: string) => string;
}) {
  const suppliers = analysis.bySupplier.slice(0, 8);
  return (
    <BarChart
      height={300}
      xAxis={[{ scaleType: "band", data: analysis.periods.map((p) => label(p.period)) }]}
      yAxis={[
        { valueFormatter: (v: number | null) => (v === null ? "" : (v / 100).toLocaleString("en-KE")), width: 70 },
      ]}
      series={suppliers.map((s) => ({
        label: short(s.name),
        stack: "spend",
        data: analysis.periods.map((p) => p.suppliers.find((x) => x.supplierId === s.supplierId)?.total ?? 0),
        valueFormatter: (v: number | null) => (v === null ? "" : formatKES(v)),
      }))}
      margin={{ left: 8, right: 16 }}
    />
  );
}
