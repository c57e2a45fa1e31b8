import { t } from "@lingui/core/macro";
import { useTheme } from "@mui/material";
import { BarChart } from "@mui/x-charts/BarChart";
import type { StockMover } from "@app/shared/inventory/stock-analysis";

const short = (name: string) => (name.length > 18 ? `${name.slice(0, 17)}…` : name);

/** Units sold per product over the period (loaded lazily: the chart library is only on this page). */
export default function MoversChart({ movers }: { movers: StockMover[] }) {
  const theme = useTheme();
  return (
    <BarChart
      height={Math.max(220, movers.length * 36 + 60)}
      layout="horizontal"
      yAxis={[{ scaleType: "band", data: movers.map((m) => short(m.name)), width: 140 }]}
      xAxis={[{ label: t`Units sold`, tickMinStep: 1 }]}
      series={[{ data: movers.map((m) => m.sold), label: t`Units sold`, color: theme.palette.primary.main }]}
      hideLegend
      margin={{ left: 8, right: 24 }}
    />
  );
}
