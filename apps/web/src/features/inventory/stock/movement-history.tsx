import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { Box, Typography } from "@mui/material";
import { DataGrid, type GridColDef, type GridPaginationModel } from "@mui/x-data-grid";
import { useState } from "react";
import { REASON_LABELS, type StockMovement } from "@app/shared/inventory/stock";
import { useListMovementsQuery } from "../api/stock-api.ts";
import { LoadError } from "../components/load-error.tsx";
import { formatDateTime } from "../../../lib/date-format.ts";

const columns = (): GridColDef<StockMovement>[] => [
  { field: "createdAt", headerName: t`When`, width: 180, valueFormatter: (v: string) => formatDateTime(v) },
  {
    field: "reason",
    headerName: t`Reason`,
    width: 130,
    valueFormatter: (v: StockMovement["reason"]) => REASON_LABELS[v],
  },
  {
    field: "delta",
    headerName: t`Change`,
    type: "number",
    width: 100,
    valueFormatter: (v: number) => (v > 0 ? `+${v}` : String(v)),
  },
  { field: "quantityAfter", headerName: t`Quantity after`, type: "number", width: 130 },
  { field: "actorName", headerName: t`Who`, width: 140 },
  { field: "note", headerName: t`Note`, flex: 1, minWidth: 160 },
];

function NoMovements() {
  return (
    <Box sx={{ display: "grid", placeItems: "center", height: "100%" }}>
      <Typography color="text.secondary">
        <Trans>No stock movements yet.</Trans>
      </Typography>
    </Box>
  );
}

/** A product's stock ledger, newest first, a server page at a time. */
export function MovementHistory({ productId }: { productId: string }) {
  const [paging, setPaging] = useState<GridPaginationModel>({ page: 0, pageSize: 10 });
  const { data, isFetching, isError, error, refetch } = useListMovementsQuery({ id: productId, ...paging });
  if (isError)
    return <LoadError error={error} what={t`The stock history could not be loaded.`} onRetry={() => void refetch()} />;
  return (
    <Box>
      <DataGrid
        aria-label={t`Stock movement history`}
        rows={data?.items ?? []}
        getRowId={(r) => r._id}
        columns={columns()}
        loading={isFetching}
        rowCount={data?.total ?? 0}
        paginationMode="server"
        paginationModel={paging}
        onPaginationModelChange={setPaging}
        pageSizeOptions={[10, 25, 50]}
        disableColumnSorting
        disableColumnFilter
        disableRowSelectionOnClick
        density="compact"
        autoHeight
        slots={{ noRowsOverlay: NoMovements }}
      />
    </Box>
  );
}
