import { Alert, Box, Button, Card, CardContent, Stack, Typography } from "@mui/material";
import { DataGrid, type GridColDef } from "@mui/x-data-grid";
import { useState } from "react";
import { Link } from "react-router";
import { formatKES } from "@app/shared/money/money";
import type { Channel } from "@app/shared/sales/cart";
import type { Sale } from "@app/shared/sales/sale";
import { describeError } from "../../../api/errors.ts";
import { useAppSelector } from "../../../app/store.ts";
import { CreditStatusBadge } from "../../../components/credit-status-badge.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { useListCreditQuery } from "../credit-api.ts";
import { CREDIT_PAGES } from "../credit-texts.ts";
import { CreditPaymentDialog } from "./credit-payment-dialog.tsx";

const money = (v: number) => formatKES(v);
/** Buttons that fit the 35 px rows. */
const ACTION = { py: 0, px: 1, minWidth: 0, minHeight: 0, lineHeight: 1.6, fontSize: 12, textTransform: "none", whiteSpace: "nowrap" } as const;

/** Spec section 2 "Credit Wholesales" (and the retail twin): the credit table and Update Status. */
export function CreditList({ channel }: { channel: Channel }) {
  const page = CREDIT_PAGES[channel];
  const business = useAppSelector((s) => s.business.current);
  const { data = [], isFetching, isError, error, refetch } = useListCreditQuery({ channel, businessId: business?._id }, { refetchOnMountOrArgChange: true });
  const [paying, setPaying] = useState<Sale | null>(null);
  const onCredit = data.reduce((sum, s) => sum + s.balance, 0);
  const columns: GridColDef<Sale>[] = [
    { field: "customerName", headerName: "Customer Name", flex: 1, minWidth: 130 },
    { field: "customerPhone", headerName: "Phone", width: 115 },
    { field: "creditStatus", headerName: "Credit Status", width: 110, renderCell: ({ row }) => row.creditStatus && <CreditStatusBadge status={row.creditStatus} /> },
    { field: "amount", headerName: "Initial Amount", width: 125, type: "number", valueFormatter: money },
    { field: "amountPaid", headerName: "Amount Paid", width: 120, type: "number", valueFormatter: money },
    { field: "balance", headerName: "Balance", width: 120, type: "number", valueFormatter: money },
    {
      field: "actions",
      headerName: "Actions",
      width: 195,
      sortable: false,
      filterable: false,
      renderCell: ({ row }) => (
        <Stack direction="row" spacing={0.75} sx={{ alignItems: "center", height: "100%" }}>
          <Button size="small" variant="contained" sx={ACTION} onClick={() => setPaying(row)}>Update Status</Button>
          <Button size="small" variant="outlined" sx={ACTION} component={Link} to={page.detail(row._id)}>View</Button>
        </Stack>
      ),
    },
  ];
  return (
    <>
      <PageHeader title={page.title} subtitle={business?.name} actions={<Button component={Link} to={page.back} variant="outlined">Go Back</Button>} />
      <Card variant="outlined" sx={{ mb: 2 }}>
        <CardContent sx={{ py: 1.5, "&:last-child": { pb: 1.5 } }}>
          <Typography color="text.secondary" variant="body2">Total amount on credit</Typography>
          <Typography variant="h5" sx={{ fontWeight: 700 }} data-testid="credit-total">{formatKES(onCredit)}</Typography>
        </CardContent>
      </Card>
      {isError && (
        <Alert severity="error" sx={{ mb: 2 }} action={<Button color="inherit" size="small" onClick={() => void refetch()}>Retry</Button>}>
          The credit {page.noun}s could not be loaded. {describeError(error).message}
        </Alert>
      )}
      <Box data-testid="credit-grid">
        <DataGrid
          rows={data}
          getRowId={(r) => r._id}
          columns={columns}
          loading={isFetching}
          autoHeight
          rowHeight={35}
          checkboxSelection
          disableRowSelectionOnClick
          showToolbar
          initialState={{ pagination: { paginationModel: { pageSize: 10 } } }}
          pageSizeOptions={[5, 10, 25]}
          localeText={{ noRowsLabel: `No credit ${page.noun}s` }}
          sx={{ bgcolor: "background.paper" }}
        />
      </Box>
      {paying && <CreditPaymentDialog key={paying._id} order={paying} onClose={() => setPaying(null)} />}
    </>
  );
}
