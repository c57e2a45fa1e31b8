import { BarChart } from "@mui/x-charts/BarChart";
import { PieChart } from "@mui/x-charts/PieChart";
import { formatKES } from "@app/shared/money/money";
import type { ClinicReport } from "@app/shared/clinic/reports";

/** The report's charts (loaded lazily: the chart library is only in this file). */
export default function ReportCharts({
  report,
  labels,
}: {
  report: ClinicReport;
  labels: { visits: string; service: (kind: string) => string };
}) {
  return (
    <div data-testid="report-charts">
      <BarChart
        height={260}
        xAxis={[{ scaleType: "band", data: report.visitsPerDay.map((d) => d.day.slice(5)) }]}
        series={[{ data: report.visitsPerDay.map((d) => d.visits), label: labels.visits }]}
        margin={{ left: 8, right: 8 }}
        skipAnimation
      />
      {report.revenueByPayer.length > 0 && (
        <PieChart
          height={220}
          series={[
            {
              data: report.revenueByPayer.map((p, i) => ({ id: i, value: p.amount, label: p.payer })),
              valueFormatter: (v) => formatKES(v.value),
              innerRadius: 40,
            },
          ]}
          skipAnimation
        />
      )}
      {report.revenueByService.length > 0 && (
        <BarChart
          height={220}
          layout="horizontal"
          yAxis={[{ scaleType: "band", data: report.revenueByService.map((s) => labels.service(s.kind)), width: 96 }]}
          xAxis={[{ valueFormatter: (v: number) => `${Math.round(v / 100)}` }]}
          series={[
            {
              data: report.revenueByService.map((s) => s.amount),
              valueFormatter: (v) => (v === null ? "" : formatKES(v)),
            },
          ]}
          margin={{ left: 8, right: 16 }}
          skipAnimation
        />
      )}
    </div>
  );
}
