import { LineChart } from "@mui/x-charts/LineChart";
import { formatKES } from "@app/shared/money/money";
import type { ProductSupplyLog } from "@app/shared/supplies/supply-logs";

/** A product's unit cost delivery by delivery, oldest first (loaded lazily with the analysis page). */
export default function PriceChart({ log, label }: { log: ProductSupplyLog; label: (iso: string) => string }) {
  const entries = [...log.entries].reverse();
  return (
    <LineChart
      height={240}
      xAxis={[{ scaleType: "point", data: entries.map((e) => `${label(e.suppliedAt)} #${e.supplyNumber}`) }]}
      yAxis={[
        { valueFormatter: (v: number | null) => (v === null ? "" : (v / 100).toLocaleString("en-KE")), width: 70 },
      ]}
      series={[
        {
          data: entries.map((e) => e.unitCost),
          label: log.product.name,
          showMark: true,
          valueFormatter: (v: number | null) => (v === null ? "" : formatKES(v)),
        },
      ]}
      margin={{ left: 8, right: 16 }}
    />
  );
}
