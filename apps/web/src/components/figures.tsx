import { Card, CardContent, Grid, Typography } from "@mui/material";
import type { ReactNode } from "react";

/**
 * A label over its value, one cell of a record's figures (a customer's balance, a supply's
 * total); an empty value shows "-". `md` is the columns of 12 it takes from md up (3: four a
 * row), `weight` the value's font weight.
 */
export function Figure({
  label,
  children,
  testId,
  md = 3,
  weight = 600,
}: {
  label: string;
  children: ReactNode;
  testId?: string;
  md?: number;
  weight?: number;
}) {
  return (
    <Grid size={{ xs: 6, md }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="div" sx={{ fontWeight: weight, overflowWrap: "anywhere" }} data-testid={testId}>
        {children || "-"}
      </Typography>
    </Grid>
  );
}

/** The card of a record page's figures: its `Figure`s in a grid, and anything to show below them. */
export function FiguresCard({ children, footer }: { children: ReactNode; footer?: ReactNode }) {
  return (
    <Card variant="outlined" sx={{ mb: 3 }}>
      <CardContent>
        <Grid container spacing={2}>
          {children}
        </Grid>
        {footer}
      </CardContent>
    </Card>
  );
}
