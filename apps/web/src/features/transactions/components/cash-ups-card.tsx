import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import { toast } from "react-toastify";
import { formatKES } from "@app/shared/money/money";
import { useAppSelector } from "../../../app/hooks.ts";
import { formatDateTime } from "../../../lib/date-format.ts";
import { showPdf } from "../../../lib/pdf-files.ts";
import { useListCashUpsQuery, zReportUrl } from "../transactions-api.ts";

/** Recorded cash-ups, newest first, each with its Z report. */
export function CashUpsCard({ businessId, timeZone }: { businessId: string; timeZone: string }) {
  const token = useAppSelector((s) => s.session.user?.token);
  const { data, isLoading, isError } = useListCashUpsQuery(businessId, { refetchOnMountOrArgChange: true });
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" gutterBottom>
          <Trans>Cash-ups</Trans>
        </Typography>
        {isError && <Alert severity="error">{t`The cash-ups could not be loaded.`}</Alert>}
        {!isLoading && data?.length === 0 && (
          <Typography color="text.secondary">
            <Trans>No cash-up yet. At the end of the day, count the till and record it with Cash-up.</Trans>
          </Typography>
        )}
        {Boolean(data?.length) && (
          <Box sx={{ overflowX: "auto" }}>
            <Table size="small" data-testid="cash-ups">
              <TableHead>
                <TableRow>
                  <TableCell>Z</TableCell>
                  <TableCell>{t`Closed`}</TableCell>
                  <TableCell>{t`Till`}</TableCell>
                  <TableCell align="right">{t`Expected`}</TableCell>
                  <TableCell align="right">{t`Counted`}</TableCell>
                  <TableCell align="right">{t`Difference`}</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {data!.map((c) => (
                  <TableRow key={c._id}>
                    <TableCell>#{c.zNumber}</TableCell>
                    <TableCell sx={{ whiteSpace: "nowrap" }}>{formatDateTime(c.createdAt, timeZone)}</TableCell>
                    <TableCell>{c.userName ?? t`All tills`}</TableCell>
                    <TableCell align="right">{formatKES(c.expectedCash)}</TableCell>
                    <TableCell align="right">{formatKES(c.countedCash)}</TableCell>
                    <TableCell
                      align="right"
                      sx={{ color: c.difference < 0 ? "error.main" : c.difference > 0 ? "warning.main" : undefined }}
                    >
                      {formatKES(c.difference)}
                    </TableCell>
                    <TableCell>
                      <Button
                        size="small"
                        onClick={() =>
                          void showPdf(zReportUrl(c._id), token).catch((e: Error) => toast.error(e.message))
                        }
                      >
                        <Trans>Z report</Trans>
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
