import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import SearchIcon from "@mui/icons-material/Search";
import {
  Box,
  Button,
  InputAdornment,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from "@mui/material";
import { useState } from "react";
import {
  DAILY_LOG_PAGE_SIZE,
  filterDailyStockLogs,
  NO_MATCHING_STOCK_LOGS,
  pageOfRows,
} from "@app/shared/inventory/daily-log-view";
import { dailyChange, type DailyStockLog } from "@app/shared/inventory/daily-stock";
import { ProductThumb } from "../components/product-thumb.tsx";

function Change({ value }: { value: number }) {
  const color = value > 0 ? "success.main" : value < 0 ? "error.main" : "text.secondary";
  return (
    <Typography component="span" sx={{ color, fontWeight: value === 0 ? 400 : 600 }}>
      {value > 0 ? `+${value}` : value}
    </Typography>
  );
}

/**
 * The Daily Stock Report's table (spec section 2): product, opening stock, closing stock,
 * current quantity, daily change (closing minus opening); a search box; Previous/Next, 10 a page.
 */
export function DailyLogTable({ logs }: { logs: DailyStockLog[] }) {
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(0);
  const view = pageOfRows(filterDailyStockLogs(logs, search), page, DAILY_LOG_PAGE_SIZE);
  return (
    <Paper variant="outlined">
      <Box sx={{ p: 2 }}>
        <TextField
          size="small"
          label={t`Search`}
          placeholder={t`Product name`}
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(0);
          }}
          sx={{ width: { xs: "100%", sm: 320 } }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
            htmlInput: { "aria-label": t`Search stock logs` },
          }}
        />
      </Box>
      <TableContainer>
        <Table size="small" aria-label={t`Daily stock logs`}>
          <TableHead>
            <TableRow>
              <TableCell>
                <Trans>Product</Trans>
              </TableCell>
              <TableCell align="right">
                <Trans>Opening stock</Trans>
              </TableCell>
              <TableCell align="right">
                <Trans>Closing stock</Trans>
              </TableCell>
              <TableCell align="right">
                <Trans>Current quantity</Trans>
              </TableCell>
              <TableCell align="right">
                <Trans>Daily change</Trans>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {view.rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={5} align="center" sx={{ py: 4, color: "text.secondary" }}>
                  {NO_MATCHING_STOCK_LOGS}
                </TableCell>
              </TableRow>
            ) : (
              view.rows.map((log) => (
                <TableRow key={log._id}>
                  <TableCell>
                    <Stack direction="row" spacing={1.5} sx={{ alignItems: "center" }}>
                      <ProductThumb image={log.product.image} name={log.product.name} size={28} />
                      <span>{log.product.name}</span>
                    </Stack>
                  </TableCell>
                  <TableCell align="right">{log.openingStock}</TableCell>
                  <TableCell align="right">{log.closingStock}</TableCell>
                  <TableCell align="right">{log.product.quantity}</TableCell>
                  <TableCell align="right">
                    <Change value={dailyChange(log)} />
                  </TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <Stack direction="row" spacing={2} sx={{ p: 2, alignItems: "center", justifyContent: "flex-end" }}>
        <Typography variant="body2" color="text.secondary" aria-live="polite">
          <Trans>Page</Trans> {view.page + 1} <Trans>of</Trans> {view.pageCount}
        </Typography>
        <Button variant="outlined" size="small" disabled={!view.hasPrevious} onClick={() => setPage(view.page - 1)}>
          <Trans>Previous</Trans>
        </Button>
        <Button variant="outlined" size="small" disabled={!view.hasNext} onClick={() => setPage(view.page + 1)}>
          <Trans>Next</Trans>
        </Button>
      </Stack>
    </Paper>
  );
}
