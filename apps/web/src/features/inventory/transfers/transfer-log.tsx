import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { Box, Chip, Paper, Typography } from "@mui/material";
import { DataGrid, type GridColDef, type GridPaginationModel } from "@mui/x-data-grid";
import { useMemo, useState } from "react";
import type { Transfer } from "@app/shared/inventory/transfer";
import { useListTransfersQuery } from "../api/transfers-api.ts";
import { LoadError } from "../components/load-error.tsx";
import { dateLocale } from "../../../lib/date-format.ts";

const when = { format: (d: Date) => d.toLocaleString(dateLocale(), { dateStyle: "medium", timeStyle: "short" }) };
const KIND_LABELS: Record<Transfer["kind"], string> = {
  transfer: "Transfer",
  transfer_all: "Transfer all",
  copy: "Catalog copy",
};
const summary = (t: Transfer) =>
  t.lines.length <= 3
    ? t.lines.map((l) => (t.kind === "copy" ? l.name : `${l.name} × ${l.quantity}`)).join(", ")
    : `${t.lines.length} products`;

function NoTransfers() {
  return (
    <Box sx={{ display: "grid", placeItems: "center", height: "100%" }}>
      <Typography color="text.secondary">
        <Trans>No transfers yet.</Trans>
      </Typography>
    </Box>
  );
}

/** Transfers in and out of this business, newest first, a server page at a time. */
export function TransferLog({ businessId }: { businessId: string }) {
  const [paging, setPaging] = useState<GridPaginationModel>({ page: 0, pageSize: 10 });
  const { data, isFetching, isError, error, refetch } = useListTransfersQuery({ businessId, ...paging });
  const columns = useMemo<GridColDef<Transfer>[]>(
    () => [
      { field: "createdAt", headerName: t`When`, width: 160, valueFormatter: (v: string) => when.format(new Date(v)) },
      {
        field: "direction",
        headerName: "",
        width: 64,
        renderCell: ({ row }) =>
          row.fromBusinessId === businessId ? (
            <Chip size="small" color="warning" label={t`Out`} />
          ) : (
            <Chip size="small" color="success" label={t`In`} />
          ),
      },
      { field: "kind", headerName: t`Kind`, width: 110, valueFormatter: (v: Transfer["kind"]) => KIND_LABELS[v] },
      { field: "fromBusinessName", headerName: t`From`, flex: 0.7, minWidth: 120 },
      { field: "toBusinessName", headerName: t`To`, flex: 0.7, minWidth: 120 },
      { field: "lines", headerName: t`Products`, flex: 1.2, minWidth: 180, valueGetter: (_v, row) => summary(row) },
      {
        field: "units",
        headerName: t`Units`,
        type: "number",
        width: 80,
        valueGetter: (_v, row) => (row.kind === "copy" ? 0 : row.lines.reduce((n, l) => n + l.quantity, 0)),
      },
      { field: "createdBy", headerName: t`By`, width: 110 },
      { field: "note", headerName: t`Note`, flex: 1, minWidth: 140 },
    ],
    [businessId],
  );
  if (isError)
    return <LoadError error={error} what={t`The transfer log could not be loaded.`} onRetry={() => void refetch()} />;
  return (
    <Paper variant="outlined">
      <DataGrid
        aria-label={t`Transfer log`}
        rows={data?.items ?? []}
        getRowId={(r) => r._id}
        columns={columns}
        loading={isFetching}
        rowCount={data?.total ?? 0}
        paginationMode="server"
        paginationModel={paging}
        onPaginationModelChange={setPaging}
        pageSizeOptions={[10, 25, 50]}
        disableColumnSorting
        disableColumnFilter
        disableRowSelectionOnClick
        autoHeight
        slots={{ noRowsOverlay: NoTransfers }}
        sx={{ border: 0 }}
      />
    </Paper>
  );
}
