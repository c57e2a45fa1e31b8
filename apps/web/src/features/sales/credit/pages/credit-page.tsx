import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { Alert, Box, Button, Card, CardContent, Stack, Typography } from "@mui/material";
import { DataGrid, type GridColDef } from "@mui/x-data-grid";
import { useState } from "react";
import { Link } from "react-router";
import { formatKES } from "@app/shared/money/money";
import { mayUseArea } from "@app/shared/permissions/areas";
import type { Sale } from "@app/shared/sales/sale";
import { describeError } from "../../../../api/errors.ts";
import { useAppSelector } from "../../../../app/hooks.ts";
import { CreditStatusBadge } from "../../../../components/credit-status-badge.tsx";
import { PageHeader } from "../../../../components/page-header.tsx";
import { formatDate } from "../../../../lib/date-format.ts";
import { useCreditSummaryQuery, useListOpenCreditQuery } from "../credit-api.ts";
import { CREDIT_PAGES } from "../credit-texts.ts";
import { cursorOf, firstPage, turnPage } from "../cursor-paging.ts";
import { pathTo } from "../../../../lib/paths.ts";
import { gridText } from "../../../../lib/i18n/mui-locale.ts";

const money = (v: number) => formatKES(v);

/**
 * /credit: every credit sale and order still owing (those of the channels the user sees),
 * oldest first and paged on the server, so no unpaid debt is left out; the totals are counted
 * by the server.
 */
export default function CreditPage() {
  const user = useAppSelector((s) => s.session.user);
  const business = useAppSelector((s) => s.business.current);
  const wholesale = Boolean(user && mayUseArea("wholesale", user, business));
  const [paging, setPaging] = useState(() => firstPage(25));
  const open = useListOpenCreditQuery(
    { businessId: business?._id, limit: paging.pageSize, afterNumber: cursorOf(paging) },
    { refetchOnMountOrArgChange: true },
  );
  const summary = useCreditSummaryQuery({ businessId: business?._id }, { refetchOnMountOrArgChange: true });
  const rows = open.data ?? [];
  const totals = summary.data;
  const failed = open.isError ? open.error : summary.isError ? summary.error : null;
  const columns: GridColDef<Sale>[] = [
    {
      field: "createdAt",
      headerName: t`Date`,
      width: 110,
      valueFormatter: (v: string) => formatDate(v, business?.timeZone),
    },
    {
      field: "saleNumber",
      headerName: t`Sale`,
      width: 100,
      sortable: false,
      valueGetter: (_v, row) => `${row.channel === "wholesale" ? "Order" : "Sale"} #${row.saleNumber}`,
    },
    { field: "customerName", headerName: t`Customer`, flex: 1, minWidth: 120 },
    { field: "customerPhone", headerName: t`Phone`, width: 115 },
    {
      field: "creditStatus",
      headerName: t`Status`,
      width: 95,
      renderCell: ({ row }) => row.creditStatus && <CreditStatusBadge status={row.creditStatus} />,
    },
    { field: "amount", headerName: t`Amount`, width: 115, type: "number", valueFormatter: money },
    { field: "amountPaid", headerName: t`Paid`, width: 110, type: "number", valueFormatter: money },
    { field: "balance", headerName: t`Balance`, width: 115, type: "number", valueFormatter: money },
    {
      field: "view",
      headerName: "",
      width: 75,
      sortable: false,
      renderCell: ({ row }) => (
        <Button size="small" component={Link} to={CREDIT_PAGES[row.channel].detail(row._id)}>
          <Trans>View</Trans>
        </Button>
      ),
    },
  ];
  return (
    <>
      <PageHeader
        title={t`Credit`}
        subtitle={business?.name}
        actions={
          <>
            <Button component={Link} to={pathTo("/debts")} variant="outlined">
              <Trans>Debts by customer</Trans>
            </Button>
            <Button component={Link} to={pathTo("/sales/creditSales")} variant="outlined">
              <Trans>Credit sales</Trans>
            </Button>
            {wholesale && (
              <Button component={Link} to={pathTo("/sales/creditWholesale")} variant="outlined">
                <Trans>Credit wholesales</Trans>
              </Button>
            )}
          </>
        }
      />
      <Card variant="outlined" sx={{ mb: 2 }}>
        <CardContent sx={{ py: 1.5, "&:last-child": { pb: 1.5 } }}>
          <Stack direction="row" spacing={5} data-testid="credit-totals">
            {(
              [
                ["Still owed", totals?.balance],
                ["Sold on credit", totals?.amount],
                ["Paid so far", totals?.amountPaid],
              ] as const
            ).map(([label, cents]) => (
              <Box key={label}>
                <Typography color="text.secondary" variant="body2">
                  {label}
                </Typography>
                <Typography variant="h6" sx={{ fontWeight: 700 }}>
                  {cents === undefined ? "-" : formatKES(cents)}
                </Typography>
              </Box>
            ))}
            <Box>
              <Typography color="text.secondary" variant="body2">
                <Trans>Open</Trans>
              </Typography>
              <Typography variant="h6" sx={{ fontWeight: 700 }}>
                {totals?.open ?? "-"}
              </Typography>
            </Box>
          </Stack>
        </CardContent>
      </Card>
      {failed && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button
              color="inherit"
              size="small"
              onClick={() => {
                void open.refetch();
                void summary.refetch();
              }}
            >
              <Trans>Retry</Trans>
            </Button>
          }
        >
          <Trans>The credit could not be loaded. {describeError(failed).message}</Trans>
        </Alert>
      )}
      <Box data-testid="open-credit-grid">
        <DataGrid
          rows={rows}
          getRowId={(r) => r._id}
          columns={columns}
          loading={open.isFetching}
          autoHeight
          rowHeight={44}
          paginationMode="server"
          disableColumnSorting
          rowCount={totals?.open ?? -1}
          paginationMeta={{ hasNextPage: rows.length >= paging.pageSize }}
          paginationModel={{ page: paging.page, pageSize: paging.pageSize }}
          onPaginationModelChange={(model) => setPaging((p) => turnPage(p, model, open.currentData))}
          pageSizeOptions={[10, 25, 50, 100]}
          localeText={gridText({ noRowsLabel: t`No open credit` })}
          sx={{ bgcolor: "background.paper" }}
        />
      </Box>
    </>
  );
}
