import { useTheme } from "@mui/material";
import { BarChart } from "@mui/x-charts/BarChart";
import { formatKES } from "@app/shared/money/money";
import type { CommissionEarnedRow } from "@app/shared/payroll/commission";

/** Commission earned per employee in the month (loaded lazily: the chart library is only here). */
export default function CommissionChart({ rows, label }: { rows: CommissionEarnedRow[]; label: string }) {
  const theme = useTheme();
  return (
    <BarChart
      height={Math.max(200, rows.length * 40 + 60)}
      layout="horizontal"
      yAxis={[{ scaleType: "band", data: rows.map((r) => r.employeeName), width: 120 }]}
      xAxis={[{ valueFormatter: (v: number) => `${Math.round(v / 100)}` }]}
      series={[
        {
          data: rows.map((r) => r.amount),
          label,
          color: theme.palette.primary.main,
          valueFormatter: (v: number | null) => (v === null ? "" : formatKES(v)),
        },
      ]}
      hideLegend
      margin={{ left: 8, right: 24 }}
      skipAnimation
    />
  );
}
