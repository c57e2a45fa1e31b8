import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from "@mui/material";
import type { CsvProblem } from "@app/shared/inventory/product-csv";

const SHOWN = 500;

/** Each bad row of an import file, by line (the header is line 1) and column. */
export function CsvProblemsTable({ problems }: { problems: CsvProblem[] }) {
  return (
    <>
      <TableContainer sx={{ maxHeight: 320, border: 1, borderColor: "divider", borderRadius: 1 }}>
        <Table size="small" stickyHeader aria-label={t`Problems in the file`}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: 80 }}>
                <Trans>Line</Trans>
              </TableCell>
              <TableCell sx={{ width: 150 }}>
                <Trans>Column</Trans>
              </TableCell>
              <TableCell>
                <Trans>Problem</Trans>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {problems.slice(0, SHOWN).map((p, i) => (
              <TableRow key={`${p.line}-${p.field}-${i}`}>
                <TableCell>{p.line}</TableCell>
                <TableCell>{p.field}</TableCell>
                <TableCell>{p.message}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {problems.length > SHOWN && (
        <Typography variant="caption" color="text.secondary">
          <Trans>
            The first {SHOWN} of {problems.length} problems are shown.
          </Trans>
        </Typography>
      )}
    </>
  );
}

/** The server reports import problems as fields named "line 12.sku"; back to rows. */
export function problemsFromFields(fields: Record<string, string>): CsvProblem[] {
  return Object.entries(fields)
    .map(([key, message]) => {
      const m = /^line (\d+)\.(.+)$/.exec(key);
      return m ? { line: Number(m[1]), field: m[2]!, message } : { line: 0, field: key, message };
    })
    .sort((a, b) => a.line - b.line);
}
