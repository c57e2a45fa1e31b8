import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { Alert, Box, Button, Card, CardContent, Stack, Typography } from "@mui/material";
import { DataGrid, type GridColDef } from "@mui/x-data-grid";
import { Link } from "react-router";
import { formatKES } from "@app/shared/money/money";
import type { Debt } from "@app/shared/sales/sale";
import { describeError } from "../../../../api/errors.ts";
import { useAppSelector } from "../../../../app/hooks.ts";
import { PageHeader } from "../../../../components/page-header.tsx";
import { formatDate } from "../../../../lib/date-format.ts";
import { useListDebtsQuery } from "../credit-api.ts";
import { pathTo } from "../../../../lib/paths.ts";
import { gridText } from "../../../../lib/i18n/mui-locale.ts";

const money = (v: number) => formatKES(v);

/** /debts: who owes what on credit, the oldest debt first, with totals. */
export default function DebtsPage() {
  const business = useAppSelector((s) => s.business.current);
  const {
    data = [],
    isFetching,
    isError,
    error,
    refetch,
  } = useListDebtsQuery(business?._id, { refetchOnMountOrArgChange: true });
  const owed = data.reduce((n, d) => n + d.balance, 0);
  const columns: GridColDef<Debt>[] = [
    {
      field: "customerName",
      headerName: t`Customer`,
      flex: 1,
      minWidth: 150,
      valueFormatter: (v: string) => v || "No name",
    },
    { field: "customerPhone", headerName: t`Phone`, width: 130 },
    {
      field: "oldestAt",
      headerName: t`Owing since`,
      width: 130,
      valueFormatter: (v: string) => formatDate(v, business?.timeZone),
    },
    { field: "sales", headerName: t`Open sales`, width: 100, type: "number" },
    { field: "amount", headerName: t`Amount`, width: 140, type: "number", valueFormatter: money },
    { field: "amountPaid", headerName: t`Paid`, width: 140, type: "number", valueFormatter: money },
    { field: "balance", headerName: t`Balance`, width: 140, type: "number", valueFormatter: money },
  ];
  return (
    <>
      <PageHeader
        title={t`Debts`}
        subtitle={business?.name}
        actions={
          <Button component={Link} to={pathTo("/credit")} variant="outlined">
            <Trans>Open credit</Trans>
          </Button>
        }
      />
      <Card variant="outlined" sx={{ mb: 2 }}>
        <CardContent sx={{ py: 1.5, "&:last-child": { pb: 1.5 } }}>
          <Stack direction="row" spacing={5} data-testid="debts-totals">
            <Box>
              <Typography color="text.secondary" variant="body2">
                <Trans>Owed in all</Trans>
              </Typography>
              <Typography variant="h5" sx={{ fontWeight: 700 }}>
                {formatKES(owed)}
              </Typography>
            </Box>
            <Box>
              <Typography color="text.secondary" variant="body2">
                <Trans>Customers owing</Trans>
              </Typography>
              <Typography variant="h5" sx={{ fontWeight: 700 }}>
                {data.length}
              </Typography>
            </Box>
          </Stack>
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
          <Trans>The debts could not be loaded. {describeError(error).message}</Trans>
        </Alert>
      )}
      <Box data-testid="debts-grid">
        <DataGrid
          rows={data}
          getRowId={(r) => `${r.customerName}|${r.customerPhone}`}
          columns={columns}
          loading={isFetching}
          autoHeight
          rowHeight={44}
          initialState={{ pagination: { paginationModel: { pageSize: 25 } } }}
          pageSizeOptions={[10, 25, 50]}
          localeText={gridText({ noRowsLabel: t`Nobody owes anything` })}
          sx={{ bgcolor: "background.paper" }}
        />
      </Box>
    </>
  );
}
