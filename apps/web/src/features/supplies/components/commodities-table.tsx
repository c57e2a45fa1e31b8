import { Trans } from "@lingui/react/macro";
import { Table, TableBody, TableCell, TableHead, TableRow } from "@mui/material";
import { formatKES } from "@app/shared/money/money";
import type { SupplyCommodityLine } from "@app/shared/supplies/supply";
import type { CommodityLogEntry } from "@app/shared/supplies/supply-logs";
import { formatDate } from "../../../lib/date-format.ts";

type Props =
  | { lines: SupplyCommodityLine[]; log?: false; timeZone?: undefined; empty?: undefined }
  | { lines: CommodityLogEntry[]; log: true; timeZone?: string; empty: string };

/**
 * Commodities bought (things not for sale): one supply's lines, or with `log` a supplier's log,
 * each line with its delivery day and supply number, and `empty` when there is none.
 */
export function CommoditiesTable(props: Props) {
  return (
    <Table size="small" sx={{ minWidth: props.log ? 520 : 480 }}>
      <TableHead>
        <TableRow>
          {props.log && (
            <>
              <TableCell>
                <Trans>Date</Trans>
              </TableCell>
              <TableCell>
                <Trans>Supply</Trans>
              </TableCell>
            </>
          )}
          <TableCell>
            <Trans>Commodity</Trans>
          </TableCell>
          <TableCell align="right">
            <Trans>Quantity</Trans>
          </TableCell>
          <TableCell align="right">
            <Trans>Unit cost</Trans>
          </TableCell>
          <TableCell align="right">
            <Trans>Total</Trans>
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {props.log && props.lines.length === 0 && (
          <TableRow>
            <TableCell colSpan={6} sx={{ color: "text.secondary" }}>
              {props.empty}
            </TableCell>
          </TableRow>
        )}
        {props.lines.map((c) => (
          <TableRow key={c._id}>
            {props.log && (
              <>
                <TableCell>{formatDate((c as CommodityLogEntry).suppliedAt, props.timeZone)}</TableCell>
                <TableCell>#{(c as CommodityLogEntry).supplyNumber}</TableCell>
              </>
            )}
            <TableCell>{c.name}</TableCell>
            <TableCell align="right">
              {c.quantity} {c.unit}
            </TableCell>
            <TableCell align="right">{formatKES(c.unitCost)}</TableCell>
            <TableCell align="right">{formatKES(c.totalCost)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
