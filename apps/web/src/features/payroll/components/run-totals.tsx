import { t } from "@lingui/core/macro";
import { Box, Card, CardContent, Typography } from "@mui/material";
import { formatKES } from "@app/shared/money/money";
import type { PayrollRun } from "@app/shared/payroll/payroll";

/** A run's totals: what staff earn and take home, the statutory amounts, the employer's cost. */
export function RunTotals({ run }: { run: PayrollRun }) {
  const { totals } = run;
  const figures: [string, string][] = [
    [t`Employees`, String(run.employees)],
    [t`Gross pay`, formatKES(totals.gross)],
    [t`PAYE`, formatKES(totals.paye)],
    [t`NSSF (employee + employer)`, formatKES(totals.nssf + totals.nssfEmployer)],
    [t`SHIF`, formatKES(totals.shif)],
    [t`Housing Levy (employee + employer)`, formatKES(totals.ahl + totals.ahlEmployer)],
    [t`Other deductions`, formatKES(totals.otherDeductionsTotal)],
    [t`Net pay`, formatKES(totals.net)],
    [t`NITA levy`, formatKES(totals.nita)],
    [t`Cost to employer`, formatKES(totals.employerCost)],
  ];
  return (
    <Card variant="outlined">
      <CardContent>
        <Box
          data-testid="run-totals"
          sx={{
            display: "grid",
            gap: 2,
            gridTemplateColumns: { xs: "1fr 1fr", sm: "repeat(3, 1fr)", lg: "repeat(5, 1fr)" },
          }}
        >
          {figures.map(([label, value]) => (
            <Box key={label}>
              <Typography variant="body2" color="text.secondary">
                {label}
              </Typography>
              <Typography sx={{ fontWeight: 600 }}>{value}</Typography>
            </Box>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}
