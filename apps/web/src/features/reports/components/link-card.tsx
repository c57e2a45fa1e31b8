import { Card, CardActionArea, CardContent, Typography } from "@mui/material";
import type { ReactNode } from "react";
import { Link } from "react-router";

/**
 * A card that opens its page. The link's name is what it shows, the label first (an aria-label of
 * the label alone hid the figures from a screen reader: axe's label-content-name-mismatch).
 */
export function LinkCard({
  to,
  label,
  children,
  testId,
}: {
  to: string;
  label: string;
  children: ReactNode;
  testId: string;
}) {
  return (
    <Card variant="outlined" sx={{ minWidth: 0 }} data-testid={testId}>
      <CardActionArea component={Link} to={to} sx={{ height: "100%" }}>
        <CardContent sx={{ py: 1.5, "&:last-child": { pb: 1.5 } }}>
          <Typography variant="body2" color="text.secondary">
            {label}
          </Typography>
          {children}
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
