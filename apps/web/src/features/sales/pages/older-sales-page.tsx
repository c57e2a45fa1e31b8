import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { Alert, Box, Button, Card, CardContent, Chip, Stack, Typography } from "@mui/material";
import { DataGrid, type GridColDef } from "@mui/x-data-grid";
import { useMemo, useState } from "react";
import { DEFAULT_TIME_ZONE } from "@app/shared/businesses/business";
import { todayIn } from "@app/shared/inventory/daily-stock";
import { formatKES } from "@app/shared/money/money";
import type { Sale } from "@app/shared/sales/sale";
import { describeError } from "../../../api/errors.ts";
import { useAppSelector } from "../../../app/hooks.ts";
import { PageHeader } from "../../../components/page-header.tsx";
import { formatDateTime } from "../../../lib/date-format.ts";
import { DatePicker } from "../../../components/date-picker.tsx";
import { SaleDetailDrawer } from "../components/sale-detail-drawer.tsx";
import { itemCount, SaleStatus } from "../components/sales-table.tsx";
import { VoidSaleDialog } from "../components/void-sale-dialog.tsx";
import { defaultRange, rangeInstants, totalsByMethod } from "../older-sales.ts";
import { useSalesLogQuery } from "../sales-api.ts";
import { paymentMethodLabel } from "../../../lib/i18n/payment-labels.ts";
import { gridText } from "../../../lib/i18n/mui-locale.ts";

/** /oldersales: every sale and order of a date range, with what each payment method brought in. */
export default function OlderSalesPage() {
  const business = useAppSelector((s) => s.business.current);
  const tz = business?.timeZone ?? DEFAULT_TIME_ZONE;
  const [range, setRange] = useState(() => defaultRange(tz));
  const [open, setOpen] = useState<Sale | null>(null);
  const [voiding, setVoiding] = useState<Sale | null>(null);
  const {
    data = [],
    isFetching,
    isError,
    error,
    refetch,
  } = useSalesLogQuery(
    { businessId: business?._id, ...rangeInstants(range.from, range.to, tz) },
    { refetchOnMountOrArgChange: true },
  );
  const totals = useMemo(() => totalsByMethod(data), [data]);
  const columns: GridColDef<Sale>[] = [
    { field: "saleNumber", headerName: t`No.`, width: 70, valueFormatter: (v: number) => `#${v}` },
    { field: "createdAt", headerName: t`Time`, width: 160, valueFormatter: (v: string) => formatDateTime(v, tz) },
    {
      field: "channel",
      headerName: t`Kind`,
      width: 95,
      valueFormatter: (v: string) => (v === "wholesale" ? "Wholesale" : "Retail"),
    },
    {
      field: "customerName",
      headerName: t`Customer`,
      flex: 1,
      minWidth: 130,
      valueGetter: (_v, row) => row.customerName ?? t`Walk-in`,
    },
    { field: "items", headerName: t`Items`, width: 65, type: "number", valueGetter: (_v, row) => itemCount(row) },
    { field: "amount", headerName: t`Total`, width: 125, type: "number", valueFormatter: (v: number) => formatKES(v) },
    {
      field: "paymentMethod",
      headerName: t`Payment`,
      width: 105,
      valueFormatter: (v: string) => paymentMethodLabel(v),
    },
    {
      field: "status",
      headerName: t`Status`,
      width: 95,
      sortable: false,
      renderCell: ({ row }) => <SaleStatus sale={row} />,
    },
    { field: "servedBy", headerName: t`Served by`, width: 115 },
  ];
  return (
    <>
      <PageHeader title={t`Older Sales`} subtitle={business?.name} />
      <Stack direction="row" spacing={2} sx={{ mb: 2, alignItems: "flex-start", flexWrap: "wrap" }} useFlexGap>
        <DatePicker
          label={t`From`}
          day={range.from}
          maxDay={range.to}
          onChange={(from) => setRange({ ...range, from })}
        />
        <DatePicker
          label={t`To`}
          day={range.to}
          minDay={range.from}
          maxDay={todayIn(tz)}
          onChange={(to) => setRange({ ...range, to })}
        />
        <Button onClick={() => setRange(defaultRange(tz))}>
          <Trans>Last 7 days</Trans>
        </Button>
      </Stack>
      <Card variant="outlined" sx={{ mb: 2 }}>
        <CardContent>
          <Box sx={{ display: "flex", gap: 4, flexWrap: "wrap" }} data-testid="older-sales-totals">
            <Box>
              <Typography color="text.secondary" variant="body2">
                <Trans>{totals.count} sales</Trans>
              </Typography>
              <Typography variant="h6">{formatKES(totals.amount)}</Typography>
            </Box>
            {totals.methods.map((m) => (
              <Box key={m.method}>
                <Typography color="text.secondary" variant="body2">
                  {paymentMethodLabel(m.method)} <Chip size="small" label={m.payments} sx={{ height: 18 }} />
                </Typography>
                <Typography variant="h6">{formatKES(m.amount)}</Typography>
              </Box>
            ))}
          </Box>
        </CardContent>
      </Card>
      {isError && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => void refetch()}>
              <Trans>Retry</Trans>
            </Button>
          }
        >
          <Trans>The sales could not be loaded. {describeError(error).message}</Trans>
        </Alert>
      )}
      <Box data-testid="older-sales-grid">
        <DataGrid
          rows={data}
          getRowId={(r) => r._id}
          columns={columns}
          loading={isFetching}
          autoHeight
          rowHeight={44}
          disableRowSelectionOnClick
          onRowClick={({ row }) => setOpen(row)}
          initialState={{ pagination: { paginationModel: { pageSize: 25 } } }}
          pageSizeOptions={[25, 50, 100]}
          localeText={gridText({ noRowsLabel: t`No sales in these days` })}
          sx={{ bgcolor: "background.paper", "& .MuiDataGrid-row": { cursor: "pointer" } }}
        />
      </Box>
      <SaleDetailDrawer sale={open} onClose={() => setOpen(null)} onVoid={setVoiding} />
      <VoidSaleDialog
        sale={voiding}
        onClose={() => setVoiding(null)}
        onVoided={() => {
          setVoiding(null);
          setOpen(null);
          void refetch();
        }}
      />
    </>
  );
}
