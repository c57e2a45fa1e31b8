import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from "@mui/material";
import { useNavigate } from "react-router";
import { daysOfCover, type StockMover } from "@app/shared/inventory/stock-analysis";
import { formatKES } from "@app/shared/money/money";
import { pathTo } from "../../../lib/paths.ts";

/** Fast or slow movers: units sold in the period, sales value, stock left and how long it lasts. */
export function MoversTable({
  movers,
  days,
  label,
  empty,
}: {
  movers: StockMover[];
  days: number;
  label: string;
  empty: string;
}) {
  const navigate = useNavigate();
  if (movers.length === 0) return <Typography color="text.secondary">{empty}</Typography>;
  return (
    <TableContainer>
      <Table size="small" aria-label={label} sx={{ "& th": { whiteSpace: "nowrap" } }}>
        <TableHead>
          <TableRow>
            <TableCell>
              <Trans>Product</Trans>
            </TableCell>
            <TableCell align="right">
              <Trans>Sold</Trans>
            </TableCell>
            <TableCell align="right">
              <Trans>Sales value</Trans>
            </TableCell>
            <TableCell align="right">
              <Trans>In stock</Trans>
            </TableCell>
            <TableCell align="right">
              <Trans>Value at cost</Trans>
            </TableCell>
            <TableCell align="right">
              <Trans>Days of cover</Trans>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {movers.map((m) => {
            const cover = daysOfCover(m.quantity, m.sold, days);
            return (
              <TableRow
                key={m.productId}
                hover
                sx={{ cursor: "pointer" }}
                onClick={() => void navigate(pathTo("/products/:productId", { productId: m.productId }))}
              >
                <TableCell>{m.name}</TableCell>
                <TableCell align="right">{m.sold.toLocaleString()}</TableCell>
                <TableCell align="right">{formatKES(m.soldValue)}</TableCell>
                <TableCell align="right">{m.quantity.toLocaleString()}</TableCell>
                <TableCell align="right">{formatKES(m.stockValue)}</TableCell>
                <TableCell align="right">{cover === null ? t`no sales` : cover.toLocaleString()}</TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
