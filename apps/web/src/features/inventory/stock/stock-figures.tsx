import { t } from "@lingui/core/macro";
import { Card, CardContent, Grid, Skeleton, Typography } from "@mui/material";
import type { StockSummary } from "@app/shared/inventory/stock-analysis";
import { formatKES } from "@app/shared/money/money";

function Figure({ label, value, tone }: { label: string; value: string | null; tone?: "warning.main" | "error.main" }) {
  return (
    <Card variant="outlined" sx={{ height: "100%" }}>
      <CardContent>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h5" sx={{ fontWeight: 600, color: tone }} aria-label={label}>
          {value ?? <Skeleton width={120} />}
        </Typography>
      </CardContent>
    </Card>
  );
}

/** The business's stock at a glance: counts and value at cost and at selling price. */
export function StockFigures({
  summary,
  withCounts = true,
}: {
  summary: StockSummary | undefined;
  withCounts?: boolean;
}) {
  const s = summary;
  const figures: { label: string; value: string | null; tone?: "warning.main" | "error.main" }[] = [
    { label: t`Value at cost`, value: s ? formatKES(s.costValue) : null },
    { label: t`Value at selling price`, value: s ? formatKES(s.sellingValue) : null },
    { label: t`Products`, value: s ? s.productCount.toLocaleString() : null },
    { label: t`Units in stock`, value: s ? s.unitCount.toLocaleString() : null },
  ];
  if (withCounts)
    figures.push(
      { label: t`Low stock`, value: s ? s.lowCount.toLocaleString() : null, tone: "warning.main" },
      { label: t`Out of stock`, value: s ? s.outCount.toLocaleString() : null, tone: "error.main" },
    );
  return (
    <Grid container spacing={2} sx={{ mb: 3 }}>
      {figures.map((f) => (
        <Grid key={f.label} size={{ xs: 12, sm: 6, md: withCounts ? 4 : 3, lg: withCounts ? 2 : 3 }}>
          <Figure {...f} />
        </Grid>
      ))}
    </Grid>
  );
}
