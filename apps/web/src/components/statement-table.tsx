import { Trans } from "@lingui/react/macro";
import { Box, Link as MuiLink, Table, TableBody, TableCell, TableFooter, TableHead, TableRow } from "@mui/material";
import { Link } from "react-router";
import { formatKES } from "@app/shared/money/money";
import type { Statement, StatementLine } from "@app/shared/money/statement";
import { formatDateTime } from "../lib/date-format.ts";

type Props = {
  statement: Statement;
  timeZone?: string;
  /** Where a line's reference leads (its sale or supply), if anywhere. */
  linkOf?: (line: StatementLine) => string | null;
  empty: string;
  testId?: string;
};

/** Charges and payments, oldest first, with the balance after each: customer and supplier statements. */
export function StatementTable({ statement, timeZone, linkOf, empty, testId }: Props) {
  return (
    <Box sx={{ overflowX: "auto" }} data-testid={testId}>
      <Table size="small" sx={{ minWidth: 640 }}>
        <TableHead>
          <TableRow>
            <TableCell>
              <Trans>Date</Trans>
            </TableCell>
            <TableCell>
              <Trans>Reference</Trans>
            </TableCell>
            <TableCell>
              <Trans>Description</Trans>
            </TableCell>
            <TableCell align="right">
              <Trans>Charged</Trans>
            </TableCell>
            <TableCell align="right">
              <Trans>Paid</Trans>
            </TableCell>
            <TableCell align="right">
              <Trans>Balance</Trans>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {statement.lines.length === 0 && (
            <TableRow>
              <TableCell colSpan={6} sx={{ color: "text.secondary" }}>
                {empty}
              </TableCell>
            </TableRow>
          )}
          {statement.lines.map((l, i) => {
            const to = linkOf?.(l);
            return (
              <TableRow key={`${l.refId}-${l.kind}-${i}`} data-testid="statement-line">
                <TableCell sx={{ whiteSpace: "nowrap" }}>{formatDateTime(l.date, timeZone)}</TableCell>
                <TableCell sx={{ whiteSpace: "nowrap" }}>
                  {to ? (
                    <MuiLink component={Link} to={to}>
                      {l.reference}
                    </MuiLink>
                  ) : (
                    l.reference
                  )}
                </TableCell>
                <TableCell>{l.description}</TableCell>
                <TableCell align="right">{l.charge ? formatKES(l.charge) : ""}</TableCell>
                <TableCell align="right">{l.payment ? formatKES(l.payment) : ""}</TableCell>
                <TableCell align="right" sx={{ fontWeight: 600, whiteSpace: "nowrap" }}>
                  {formatKES(l.balance)}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
        <TableFooter>
          <TableRow>
            <TableCell colSpan={3} sx={{ fontWeight: 700 }}>
              <Trans>Totals</Trans>
            </TableCell>
            <TableCell align="right" sx={{ fontWeight: 700 }}>
              {formatKES(statement.totalCharged)}
            </TableCell>
            <TableCell align="right" sx={{ fontWeight: 700 }}>
              {formatKES(statement.totalPaid)}
            </TableCell>
            <TableCell align="right" sx={{ fontWeight: 700 }} data-testid="statement-balance">
              {formatKES(statement.balance)}
            </TableCell>
          </TableRow>
        </TableFooter>
      </Table>
    </Box>
  );
}
