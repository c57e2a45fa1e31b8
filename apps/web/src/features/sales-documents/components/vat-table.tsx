import { t } from "@lingui/core/macro";
import { Box, Table, TableBody, TableCell, TableHead, TableRow } from "@mui/material";
import { formatKES } from "@app/shared/money/money";
import type { VatBand } from "@app/shared/tax/vat";
import { taxTypeName } from "../document-texts.ts";

/** VAT per tax band (eTIMS A-E): taxable amount, rate, VAT, total. Prices include VAT. */
export function VatTable({ bands }: { bands: readonly VatBand[] }) {
  if (!bands.length) return null;
  return (
    <Box sx={{ overflowX: "auto" }}>
      <Table size="small" aria-label={t`VAT per tax band`} data-testid="vat-table">
        <TableHead>
          <TableRow>
            <TableCell>{t`Tax band`}</TableCell>
            <TableCell align="right">{t`Taxable`}</TableCell>
            <TableCell align="right">{t`VAT`}</TableCell>
            <TableCell align="right">{t`Total`}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {bands.map((b) => (
            <TableRow key={b.taxType}>
              <TableCell>{taxTypeName(b.taxType)}</TableCell>
              <TableCell align="right">{formatKES(b.taxable)}</TableCell>
              <TableCell align="right">{formatKES(b.tax)}</TableCell>
              <TableCell align="right">{formatKES(b.total)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
