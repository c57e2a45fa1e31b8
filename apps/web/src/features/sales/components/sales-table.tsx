import { Trans } from "@lingui/react/macro";
import { t, plural } from "@lingui/core/macro";
import SearchIcon from "@mui/icons-material/Search";
import {
  Alert,
  Box,
  Button,
  Chip,
  FormControlLabel,
  InputAdornment,
  Stack,
  Switch,
  TextField,
  Tooltip,
  Typography,
} from "@mui/material";
import { DataGrid, type GridColDef } from "@mui/x-data-grid";
import { useMemo, useState } from "react";
import { useDebouncedValue } from "../../../lib/use-debounced-value.ts";
import { formatKES } from "@app/shared/money/money";
import type { Channel } from "@app/shared/pos/cart";
import type { Sale } from "@app/shared/sales/sale";
import { describeError } from "../../../api/errors.ts";
import { CreditStatusBadge } from "../../../components/credit-status-badge.tsx";
import { formatDateTime } from "../../../lib/date-format.ts";
import { useListSalesInfiniteQuery } from "../sales-api.ts";
import { paymentMethodLabel } from "../../../lib/i18n/payment-labels.ts";
import { gridText } from "../../../lib/i18n/mui-locale.ts";

/** Items on a sale: the units of all its lines. */
export const itemCount = (sale: Pick<Sale, "products">) => sale.products.reduce((n, l) => n + l.productQuantity, 0);

export function SaleStatus({ sale }: { sale: Sale }) {
  if (sale.status === "voided") return <Chip size="small" color="error" label={t`Voided`} />;
  if (sale.creditStatus) return <CreditStatusBadge status={sale.creditStatus} />;
  return <Chip size="small" variant="outlined" color="success" label={sale.paymentStatus} />;
}

/**
 * A sale made offline says so; one that found too little stock when it arrived (issue 17) is
 * flagged for the owner, naming what was missing.
 */
export function OfflineMarks({ sale, timeZone }: { sale: Sale; timeZone: string | undefined }) {
  if (!sale.offlineAt) return null;
  const missing = (sale.stockShortfall ?? []).map((s) => `${s.name} × ${s.missing}`).join(", ");
  // Flagged: one chip says both (it was sold offline); else just "Sold offline".
  // The chip itself names the first product and its units (a tooltip alone is out of reach on a touch screen).
  const [first, ...more] = sale.stockShortfall ?? [];
  if (first) {
    const named = more.length
      ? t`Stock to review: ${first.name} × ${first.missing} and ${more.length} more`
      : t`Stock to review: ${first.name} × ${first.missing}`;
    return (
      <Tooltip title={t`Sold offline at ${formatDateTime(sale.offlineAt, timeZone)} with too little stock: ${missing}`}>
        <Chip
          size="small"
          color="warning"
          label={named}
          data-testid="stock-review"
          sx={{ maxWidth: 260, height: "auto", "& .MuiChip-label": { whiteSpace: "normal", py: 0.25 } }}
        />
      </Tooltip>
    );
  }
  return (
    <Tooltip title={t`Made offline at ${formatDateTime(sale.offlineAt, timeZone)}`}>
      <Chip size="small" variant="outlined" label={t`Sold offline`} data-testid="sold-offline" />
    </Tooltip>
  );
}

type Props = {
  channel: Channel;
  businessId: string | undefined;
  timeZone: string | undefined;
  onOpen: (sale: Sale) => void;
};

/** The sales (or orders) of a business, newest first, searchable, older ones by "Load more". */
export function SalesTable({ channel, businessId, timeZone, onOpen }: Props) {
  const retail = channel === "retail";
  const [typed, setTyped] = useState("");
  const search = useDebouncedValue(typed.trim(), 300);
  const [stockReview, setStockReview] = useState(false);
  const { data, isLoading, isFetching, isError, error, refetch, hasNextPage, fetchNextPage, isFetchingNextPage } =
    useListSalesInfiniteQuery(
      { channel, businessId, ...(search ? { search } : {}), ...(stockReview ? { stockReview } : {}) },
      { refetchOnMountOrArgChange: true },
    );
  const rows = useMemo(() => data?.pages.flat() ?? [], [data]);
  const count = rows.length;
  // Room for the offline marks only when a listed sale has them.
  const row0Width = rows.some((r) => r.offlineAt) ? 230 : 110;
  const columns: GridColDef<Sale>[] = [
    { field: "saleNumber", headerName: t`No.`, width: 80, valueFormatter: (v: number) => `#${v}` },
    { field: "createdAt", headerName: t`Time`, width: 170, valueFormatter: (v: string) => formatDateTime(v, timeZone) },
    {
      field: "customerName",
      headerName: t`Customer`,
      flex: 1,
      minWidth: 140,
      valueGetter: (_v, row) => row.customerName ?? t`Walk-in`,
    },
    { field: "items", headerName: t`Items`, width: 80, type: "number", valueGetter: (_v, row) => itemCount(row) },
    { field: "amount", headerName: t`Total`, width: 140, type: "number", valueFormatter: (v: number) => formatKES(v) },
    {
      field: "paymentMethod",
      headerName: t`Payment`,
      width: 130,
      valueFormatter: (v: string) => paymentMethodLabel(v),
    },
    {
      field: "status",
      headerName: t`Status`,
      width: row0Width,
      sortable: false,
      renderCell: ({ row }) => (
        <Box sx={{ display: "flex", gap: 0.5, alignItems: "center", height: "100%" }}>
          <SaleStatus sale={row} />
          <OfflineMarks sale={row} timeZone={timeZone} />
        </Box>
      ),
    },
    { field: "servedBy", headerName: t`Served by`, width: 130 },
  ];
  return (
    <Stack spacing={2}>
      <Box sx={{ display: "flex", gap: 2, alignItems: "center", flexWrap: "wrap" }}>
        <TextField
          size="small"
          placeholder={t`Search by number, customer or phone`}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          sx={{ maxWidth: 420 }}
          slotProps={{
            htmlInput: { "aria-label": retail ? t`Search sales` : t`Search orders` },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        <FormControlLabel
          control={<Switch checked={stockReview} onChange={(e) => setStockReview(e.target.checked)} />}
          label={t`Only stock to review (sold offline with too little stock)`}
        />
      </Box>
      {isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void refetch()}>
              <Trans>Retry</Trans>
            </Button>
          }
        >
          {retail
            ? t`The sales could not be loaded. ${describeError(error).message}`
            : t`The orders could not be loaded. ${describeError(error).message}`}
        </Alert>
      )}
      <Box data-testid={`${channel}-sales-grid`}>
        <DataGrid
          rows={rows}
          getRowId={(r) => r._id}
          columns={columns}
          loading={isLoading || (isFetching && !isFetchingNextPage)}
          autoHeight
          rowHeight={44}
          disableRowSelectionOnClick
          onRowClick={({ row }) => onOpen(row)}
          initialState={{ pagination: { paginationModel: { pageSize: 25 } } }}
          pageSizeOptions={[25, 50, 100]}
          localeText={gridText({
            noRowsLabel: stockReview
              ? t`No sales with stock to review`
              : search
                ? retail
                  ? t`No sales match "${search}"`
                  : t`No orders match "${search}"`
                : retail
                  ? t`No sales yet`
                  : t`No orders yet`,
          })}
          sx={{ bgcolor: "background.paper", "& .MuiDataGrid-row": { cursor: "pointer" } }}
        />
      </Box>
      <Box sx={{ display: "flex", alignItems: "center", gap: 2 }}>
        <Typography color="text.secondary" variant="body2">
          {rows.length === 0
            ? ""
            : hasNextPage
              ? retail
                ? t`The ${count} most recent sales are shown`
                : t`The ${count} most recent orders are shown`
              : retail
                ? plural(count, { one: "# sale in all", other: "# sales in all" })
                : plural(count, { one: "# order in all", other: "# orders in all" })}
        </Typography>
        {hasNextPage && (
          <Button variant="outlined" size="small" onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
            {isFetchingNextPage ? t`Loading...` : t`Load more`}
          </Button>
        )}
      </Box>
    </Stack>
  );
}
