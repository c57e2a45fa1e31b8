import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { Alert, Box, Button, Chip, Stack } from "@mui/material";
import { DataGrid, type GridColDef } from "@mui/x-data-grid";
import { useMemo } from "react";
import { Link } from "react-router";
import { DEFAULT_TIME_ZONE } from "@app/shared/businesses/business";
import { formatKES } from "@app/shared/money/money";
import type { Sale } from "@app/shared/sales/sale";
import { useAppSelector } from "../../../app/hooks.ts";
import { PageHeader } from "../../../components/page-header.tsx";
import { CreditStatusBadge } from "../../../components/credit-status-badge.tsx";
import { formatDateTime } from "../../../lib/date-format.ts";
import { pathTo } from "../../../lib/paths.ts";
import { useListSalesInfiniteQuery } from "../../sales/sales-api.ts";
import { gridText } from "../../../lib/i18n/mui-locale.ts";

/** /orders (Sales Documents): the wholesale orders (GET /api/orders), with what each still owes. */
export default function OrdersPage() {
  const business = useAppSelector((s) => s.business.current);
  const timeZone = business?.timeZone ?? DEFAULT_TIME_ZONE;
  const { data, isFetching, isError, hasNextPage, fetchNextPage, isFetchingNextPage } = useListSalesInfiniteQuery(
    { channel: "wholesale", businessId: business?._id },
    { refetchOnMountOrArgChange: true },
  );
  const rows = useMemo(() => data?.pages.flat() ?? [], [data]);
  const columns: GridColDef<Sale>[] = [
    { field: "saleNumber", headerName: t`Order`, width: 90, valueFormatter: (v: number) => `#${v}` },
    { field: "createdAt", headerName: t`Time`, width: 160, valueFormatter: (v: string) => formatDateTime(v, timeZone) },
    {
      field: "customerName",
      headerName: t`Customer`,
      flex: 1,
      minWidth: 150,
      valueGetter: (_v, row) => row.customerName ?? t`Walk-in`,
    },
    {
      field: "amount",
      headerName: t`Amount`,
      width: 130,
      align: "right",
      headerAlign: "right",
      valueFormatter: (v: number) => formatKES(v),
    },
    {
      field: "amountPaid",
      headerName: t`Paid`,
      width: 130,
      align: "right",
      headerAlign: "right",
      valueFormatter: (v: number) => formatKES(v),
    },
    {
      field: "balance",
      headerName: t`Balance`,
      width: 130,
      align: "right",
      headerAlign: "right",
      valueFormatter: (v: number) => formatKES(v),
    },
    {
      field: "status",
      headerName: t`Status`,
      width: 150,
      renderCell: ({ row }) =>
        row.creditStatus ? (
          <Button size="small" component={Link} to={pathTo("/credit-wholesales/:id", { id: row._id })} sx={{ px: 0 }}>
            <CreditStatusBadge status={row.creditStatus} />
          </Button>
        ) : (
          <Chip size="small" variant="outlined" color="success" label={row.paymentStatus} />
        ),
    },
  ];
  return (
    <>
      <PageHeader
        title={t`Orders`}
        subtitle={business?.name}
        actions={
          <Button component={Link} to={pathTo("/wholesale")} variant="outlined">
            <Trans>New wholesale order</Trans>
          </Button>
        }
      />
      <Stack spacing={2}>
        {isError && (
          <Alert severity="error">{t`The orders could not be loaded. Check the connection and try again.`}</Alert>
        )}
        <Box data-testid="orders-grid">
          <DataGrid
            rows={rows}
            getRowId={(r) => r._id}
            columns={columns}
            loading={isFetching && !isFetchingNextPage}
            autoHeight
            hideFooter
            disableRowSelectionOnClick
            localeText={gridText({ noRowsLabel: t`No wholesale orders yet.` })}
            sx={{ bgcolor: "background.paper" }}
          />
        </Box>
        {hasNextPage && (
          <Button onClick={() => void fetchNextPage()} disabled={isFetchingNextPage} sx={{ alignSelf: "center" }}>
            <Trans>Load more</Trans>
          </Button>
        )}
      </Stack>
    </>
  );
}
