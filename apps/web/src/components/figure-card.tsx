import { Card, CardContent, Typography } from "@mui/material";
import type { ReactNode } from "react";

/** A labelled figure (a total) in a small card; `tone` colours the number. */
export function FigureCard({
  label,
  value,
  hint,
  tone,
  testId,
}: {
  label: string;
  value: string;
  hint?: ReactNode;
  tone?: "success" | "error" | "warning";
  testId?: string;
}) {
  return (
    <Card variant="outlined" sx={{ flex: "1 1 160px", minWidth: 0 }} data-testid={testId}>
      <CardContent sx={{ py: 1.5, "&:last-child": { pb: 1.5 } }}>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h6" sx={{ fontWeight: 700 }} color={tone ? `${tone}.main` : undefined}>
          {value}
        </Typography>
        {hint && (
          <Typography variant="caption" color="text.secondary">
            {hint}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
