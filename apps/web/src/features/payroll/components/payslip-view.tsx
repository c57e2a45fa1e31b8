import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { Box, Card, CardContent, Divider, Stack, Typography } from "@mui/material";
import { formatKES } from "@app/shared/money/money";
import type { PayslipLine } from "@app/shared/payroll/payroll";
import { occupationLabel } from "../../../components/occupation-label.ts";

type Row = { label: string; cents: number; bold?: boolean };

const percent = (bp: number) => `${(bp / 100).toLocaleString("en-KE", { maximumFractionDigits: 2 })}%`;

function Section({ title, rows, testId }: { title: string; rows: Row[]; testId?: string }) {
  return (
    <Box data-testid={testId}>
      <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      <Divider sx={{ mb: 1 }} />
      {rows.map((r) => (
        <Box key={r.label} sx={{ display: "flex", justifyContent: "space-between", gap: 2, py: 0.25 }}>
          <Typography variant="body2" sx={{ fontWeight: r.bold ? 600 : 400 }}>
            {r.label}
          </Typography>
          <Typography variant="body2" sx={{ fontWeight: r.bold ? 600 : 400, whiteSpace: "nowrap" }}>
            {formatKES(r.cents)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/**
 * Every line of one payslip as the run froze it (the same figures as the PDF): earnings, the
 * statutory and other deductions, the PAYE working band by band, net pay, employer contributions.
 */
export function PayslipView({ line }: { line: PayslipLine }) {
  const p = line.payslip;
  const who: [string, string | null][] = [
    [t`Occupation`, occupationLabel(line.occupation)],
    [t`KRA PIN`, line.kraPin],
    [t`NSSF number`, line.nssfNumber],
    [t`SHA number`, line.shaNumber],
    [t`Paid to`, line.payTo],
  ];
  return (
    <Card variant="outlined">
      <CardContent>
        <Box sx={{ display: "grid", gap: 1, gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" }, mb: 3 }}>
          {who.map(([label, value]) => (
            <Typography key={label} variant="body2">
              <Box component="span" sx={{ color: "text.secondary" }}>
                {label}:
              </Box>{" "}
              {value ?? "-"}
            </Typography>
          ))}
        </Box>
        <Box sx={{ display: "grid", gap: 3, gridTemplateColumns: { xs: "1fr", md: "1fr 1fr" } }}>
          <Stack spacing={3}>
            <Section
              title={t`Earnings`}
              rows={[
                { label: t`Basic pay`, cents: p.basicPay },
                ...p.allowances.map((a) => ({ label: a.name, cents: a.amount })),
                ...(p.commissions ? [{ label: t`Commissions`, cents: p.commissions }] : []),
                { label: t`Gross pay`, cents: p.gross, bold: true },
              ]}
            />
            <Section
              title={t`Deductions`}
              rows={[
                { label: t`NSSF tier I`, cents: p.nssfTier1 },
                { label: t`NSSF tier II`, cents: p.nssfTier2 },
                { label: t`SHIF`, cents: p.shif },
                { label: t`Affordable Housing Levy`, cents: p.ahl },
                { label: t`PAYE`, cents: p.paye },
                ...p.otherDeductions.map((d) => ({ label: d.name, cents: d.amount })),
                { label: t`Total deductions`, cents: p.totalDeductions, bold: true },
              ]}
            />
            <Section title={t`Net pay`} rows={[{ label: t`Net pay`, cents: p.net, bold: true }]} testId="payslip-net" />
          </Stack>
          <Stack spacing={3}>
            <Section
              title={t`PAYE working`}
              rows={[
                { label: t`Allowable deductions (pension, SHIF, AHL)`, cents: p.allowableDeductions },
                { label: t`Taxable pay`, cents: p.taxablePay },
                ...p.taxBands
                  .filter((b) => b.taxable > 0)
                  .map((b) => ({ label: t`Tax at ${percent(b.rateBp)} on ${formatKES(b.taxable)}`, cents: b.tax })),
                { label: t`Tax charged`, cents: p.taxBeforeRelief },
                { label: t`Personal relief`, cents: p.personalRelief },
                ...(p.insuranceRelief ? [{ label: t`Insurance relief`, cents: p.insuranceRelief }] : []),
                ...(p.housingRelief ? [{ label: t`Affordable housing relief`, cents: p.housingRelief }] : []),
                { label: t`PAYE`, cents: p.paye, bold: true },
              ]}
            />
            <Section
              title={t`Employer contributions (not deducted from pay)`}
              rows={[
                { label: t`NSSF employer`, cents: p.nssfEmployer },
                { label: t`Affordable Housing Levy employer`, cents: p.ahlEmployer },
                { label: t`NITA levy`, cents: p.nita },
                { label: t`Cost to employer`, cents: p.employerCost, bold: true },
              ]}
            />
          </Stack>
        </Box>
        <Typography variant="caption" color="text.secondary" sx={{ display: "block", mt: 3 }}>
          <Trans>Statutory rules: {line.ruleSetName}. Amounts in KES, each line rounded to the cent.</Trans>
        </Typography>
      </CardContent>
    </Card>
  );
}
