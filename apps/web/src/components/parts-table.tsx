import { Trans } from "@lingui/react/macro";
import {
  Card,
  CardContent,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import type { ReactNode } from "react";

/** A small table in a card: the first column a name, the others right-aligned figures. */
export function PartsTable({
  title,
  head,
  rows,
  testId,
  action,
}: {
  title: string;
  head: string[];
  rows: string[][];
  testId?: string;
  action?: ReactNode;
}) {
  return (
    <Card variant="outlined" data-testid={testId} sx={{ minWidth: 0 }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        {rows.length === 0 ? (
          <Typography color="text.secondary">
            <Trans>Nothing in this period.</Trans>
          </Typography>
        ) : (
          <TableContainer sx={{ overflowX: "auto" }}>
            <Table size="small" aria-label={title}>
              <TableHead>
                <TableRow>
                  {head.map((h, i) => (
                    <TableCell key={h} align={i === 0 ? "left" : "right"}>
                      {h}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((r, i) => (
                  <TableRow key={i}>
                    {r.map((c, j) => (
                      <TableCell
                        key={j}
                        align={j === 0 ? "left" : "right"}
                        sx={{ whiteSpace: j ? "nowrap" : undefined }}
                      >
                        {c}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
        {action}
      </CardContent>
    </Card>
  );
}
