import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { Alert, Box, Button, Card, CardContent, FormControlLabel, Stack, Switch, Typography } from "@mui/material";
import { DataGrid, type GridColDef } from "@mui/x-data-grid";
import { useState } from "react";
import { Link } from "react-router";
import { formatKES } from "@app/shared/money/money";
import type { Channel } from "@app/shared/pos/cart";
import type { Sale } from "@app/shared/sales/sale";
import { describeError } from "../../../../api/errors.ts";
import { useAppSelector } from "../../../../app/hooks.ts";
import { CreditStatusBadge } from "../../../../components/credit-status-badge.tsx";
import { PageHeader } from "../../../../components/page-header.tsx";
import { useCreditSummaryQuery, useListCreditQuery } from "../credit-api.ts";
import { CREDIT_PAGES } from "../credit-texts.ts";
import { cursorOf, firstPage, turnPage } from "../cursor-paging.ts";
import { CreditPaymentDialog } from "./credit-payment-dialog.tsx";
import { gridText } from "../../../../lib/i18n/mui-locale.ts";

const money = (v: number) => formatKES(v);
/** Buttons that fit the 35 px rows. */
const ACTION = {
  py: 0,
  px: 1,
  minWidth: 0,
  minHeight: 0,
  lineHeight: 1.6,
  fontSize: 12,
  textTransform: "none",
  whiteSpace: "nowrap",
} as const;

/**
 * Spec section 2 "Credit Wholesales" (and the retail twin): the credit table and Update Status.
 * Every credit order is listed, Cleared ones too, newest first and paged on the server (the
 * toolbar's search too), so none is ever left out; the total on credit is counted by the server.
 */
export function CreditList({ channel }: { channel: Channel }) {
  const page = CREDIT_PAGES[channel];
  const business = useAppSelector((s) => s.business.current);
  const [paging, setPaging] = useState(() => firstPage(10));
  const [owingOnly, setOwingOnly] = useState(false);
  const [search, setSearch] = useState("");
  const list = useListCreditQuery(
    {
      channel,
      businessId: business?._id,
      limit: paging.pageSize,
      beforeNumber: cursorOf(paging),
      ...(owingOnly ? { open: true } : {}),
      ...(search ? { search } : {}),
    },
    { refetchOnMountOrArgChange: true },
  );
  const summary = useCreditSummaryQuery({ businessId: business?._id, channel }, { refetchOnMountOrArgChange: true });
  const [paying, setPaying] = useState<Sale | null>(null);
  const data = list.data ?? [];
  const failed = list.isError ? list.error : summary.isError ? summary.error : null;
  const rowCount = search || !summary.data ? -1 : owingOnly ? summary.data.open : summary.data.sales;
  const refetch = () => {
    void list.refetch();
    void summary.refetch();
  };
  const columns: GridColDef<Sale>[] = [
    { field: "customerName", headerName: t`Customer Name`, flex: 1, minWidth: 130 },
    { field: "customerPhone", headerName: t`Phone`, width: 115 },
    {
      field: "creditStatus",
      headerName: t`Credit Status`,
      width: 110,
      renderCell: ({ row }) => row.creditStatus && <CreditStatusBadge status={row.creditStatus} />,
    },
    { field: "amount", headerName: t`Initial Amount`, width: 125, type: "number", valueFormatter: money },
    { field: "amountPaid", headerName: t`Amount Paid`, width: 120, type: "number", valueFormatter: money },
    { field: "balance", headerName: t`Balance`, width: 120, type: "number", valueFormatter: money },
    {
      field: "actions",
      headerName: t`Actions`,
      width: 195,
      sortable: false,
      filterable: false,
      renderCell: ({ row }) => (
        <Stack direction="row" spacing={0.75} sx={{ alignItems: "center", height: "100%" }}>
          <Button size="small" variant="contained" sx={ACTION} onClick={() => setPaying(row)}>
            <Trans>Update Status</Trans>
          </Button>
          <Button size="small" variant="outlined" sx={ACTION} component={Link} to={page.detail(row._id)}>
            <Trans>View</Trans>
          </Button>
        </Stack>
      ),
    },
  ];
  return (
    <>
      <PageHeader
        title={page.title}
        subtitle={business?.name}
        actions={
          <Button component={Link} to={page.back} variant="outlined">
            <Trans>Go Back</Trans>
          </Button>
        }
      />
      <Card variant="outlined" sx={{ mb: 2 }}>
        <CardContent sx={{ py: 1.5, "&:last-child": { pb: 1.5 } }}>
          <Stack
            direction="row"
            spacing={2}
            sx={{ alignItems: "center", justifyContent: "space-between", flexWrap: "wrap" }}
          >
            <Box>
              <Typography color="text.secondary" variant="body2">
                <Trans>Total amount on credit</Trans>
              </Typography>
              <Typography variant="h5" sx={{ fontWeight: 700 }} data-testid="credit-total">
                {summary.data ? formatKES(summary.data.balance) : "-"}
              </Typography>
            </Box>
            <FormControlLabel
              label={summary.data ? t`Still owing only (${summary.data.open})` : t`Still owing only`}
              control={
                <Switch
                  checked={owingOnly}
                  onChange={(e) => {
                    setOwingOnly(e.target.checked);
                    setPaging((p) => firstPage(p.pageSize));
                  }}
                />
              }
            />
          </Stack>
        </CardContent>
      </Card>
      {failed && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={refetch}>
              <Trans>Retry</Trans>
            </Button>
          }
        >
          {page.failed(describeError(failed).message)}
        </Alert>
      )}
      <Box data-testid="credit-grid">
        <DataGrid
          rows={data}
          getRowId={(r) => r._id}
          columns={columns}
          loading={list.isFetching}
          autoHeight
          rowHeight={35}
          checkboxSelection
          disableRowSelectionOnClick
          showToolbar
          paginationMode="server"
          filterMode="server"
          disableColumnSorting
          disableColumnFilter
          rowCount={rowCount}
          paginationMeta={{ hasNextPage: data.length >= paging.pageSize }}
          paginationModel={{ page: paging.page, pageSize: paging.pageSize }}
          onPaginationModelChange={(model) => setPaging((p) => turnPage(p, model, list.currentData))}
          onFilterModelChange={(model) => {
            setSearch((model.quickFilterValues ?? []).join(" ").trim());
            setPaging((p) => firstPage(p.pageSize));
          }}
          pageSizeOptions={[5, 10, 25]}
          localeText={gridText({ noRowsLabel: page.none() })}
          sx={{ bgcolor: "background.paper" }}
        />
      </Box>
      {paying && <CreditPaymentDialog key={paying._id} order={paying} onClose={() => setPaying(null)} />}
    </>
  );
}
