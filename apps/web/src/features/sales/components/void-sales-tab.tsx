import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { ResponsiveDialog } from "../../../components/responsive-dialog.tsx";
import { Alert, Box, Button, DialogActions, DialogContent, DialogTitle, Stack, TextField } from "@mui/material";
import { DataGrid, type GridColDef } from "@mui/x-data-grid";
import { useState } from "react";
import { toast } from "react-toastify";
import { formatKES } from "@app/shared/money/money";
import type { Channel } from "@app/shared/pos/cart";
import type { Sale } from "@app/shared/sales/sale";
import { describeError } from "../../../api/errors.ts";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { formatDateTime } from "../../../lib/date-format.ts";
import {
  useHideVoidSaleMutation,
  useListVoidSalesQuery,
  useRestoreSaleMutation,
  useUpdateVoidSaleMutation,
} from "../sales-api.ts";
import { itemCount } from "./sales-table.tsx";
import { gridText } from "../../../lib/i18n/mui-locale.ts";

type Props = {
  channel: Channel;
  businessId: string | undefined;
  timeZone: string | undefined;
  /** Opens the voided sale's drawer (its lines, history, and what KRA was told). */
  onOpen: (sale: Sale) => void;
};

/**
 * The voided sales (or orders): restore, correct the reason, or take one off the list. Money and
 * stock records are never erased: a sale taken off the list is kept with its payments, stock
 * movements and history (GET /sales/{id} and its drawer still show it).
 */
export function VoidSalesTab({ channel, businessId, timeZone, onOpen }: Props) {
  const retail = channel === "retail";
  const {
    data = [],
    isFetching,
    isError,
    error,
    refetch,
  } = useListVoidSalesQuery({ channel, businessId }, { refetchOnMountOrArgChange: true });
  const [restore, { isLoading: restoring }] = useRestoreSaleMutation();
  const [updateReason, { isLoading: saving }] = useUpdateVoidSaleMutation();
  const [remove, { isLoading: removing }] = useHideVoidSaleMutation();
  const [editing, setEditing] = useState<{ sale: Sale; reason: string } | null>(null);
  const [deleting, setDeleting] = useState<Sale | null>(null);
  const [restoreError, setRestoreError] = useState<string | null>(null);

  async function restoreSale(sale: Sale) {
    setRestoreError(null);
    try {
      await restore({ channel, id: sale._id }).unwrap();
      toast.success(t`#${sale.saleNumber} restored; its stock was taken again`);
    } catch (err) {
      const message = describeError(err).message;
      setRestoreError(`#${sale.saleNumber} could not be restored: ${message}`);
      toast.error(message);
    }
  }
  async function saveReason() {
    if (!editing || !editing.reason.trim()) return;
    try {
      await updateReason({ channel, id: editing.sale._id, reason: editing.reason.trim() }).unwrap();
      toast.success(t`Reason saved`);
      setEditing(null);
    } catch (err) {
      toast.error(describeError(err).message);
    }
  }
  async function removeFromList(sale: Sale) {
    try {
      await remove({ channel, id: sale._id }).unwrap();
      toast.success(t`#${sale.saleNumber} removed from the list; its record is kept`);
    } catch (err) {
      toast.error(describeError(err).message);
    }
    setDeleting(null);
  }

  const columns: GridColDef<Sale>[] = [
    { field: "saleNumber", headerName: t`No.`, width: 70, valueFormatter: (v: number) => `#${v}` },
    {
      field: "deletedAt",
      headerName: t`Voided`,
      width: 150,
      valueFormatter: (v: string) => formatDateTime(v, timeZone),
    },
    { field: "deletedBy", headerName: t`Voided by`, width: 110 },
    { field: "voidReason", headerName: t`Reason`, flex: 1, minWidth: 140 },
    { field: "items", headerName: t`Items`, width: 65, type: "number", valueGetter: (_v, row) => itemCount(row) },
    { field: "amount", headerName: t`Total`, width: 120, type: "number", valueFormatter: (v: number) => formatKES(v) },
    {
      field: "actions",
      headerName: t`Actions`,
      width: 280,
      sortable: false,
      renderCell: ({ row }) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: "center", height: "100%" }}>
          <Button size="small" variant="contained" onClick={() => void restoreSale(row)} disabled={restoring}>
            <Trans>Restore</Trans>
          </Button>
          <Button size="small" onClick={() => setEditing({ sale: row, reason: row.voidReason ?? "" })}>
            <Trans>Edit reason</Trans>
          </Button>
          <Button size="small" color="error" onClick={() => setDeleting(row)}>
            <Trans>Remove</Trans>
          </Button>
        </Stack>
      ),
    },
  ];
  return (
    <Stack spacing={2}>
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
            ? t`The void sales could not be loaded. ${describeError(error).message}`
            : t`The void orders could not be loaded. ${describeError(error).message}`}
        </Alert>
      )}
      {restoreError && (
        <Alert severity="warning" onClose={() => setRestoreError(null)}>
          {restoreError}
        </Alert>
      )}
      <Box data-testid={`${channel}-void-grid`}>
        <DataGrid
          rows={data}
          getRowId={(r) => r._id}
          columns={columns}
          loading={isFetching}
          autoHeight
          rowHeight={48}
          disableRowSelectionOnClick
          // A click on the row opens the sale; its buttons (restore, reason, remove) do only their own work.
          onRowClick={({ row }, event) => {
            if (!(event.target as HTMLElement).closest("button")) onOpen(row);
          }}
          initialState={{ pagination: { paginationModel: { pageSize: 25 } } }}
          pageSizeOptions={[25, 50, 100]}
          localeText={gridText({ noRowsLabel: retail ? t`No void sales` : t`No void orders` })}
          sx={{ bgcolor: "background.paper" }}
        />
      </Box>
      <ResponsiveDialog open={editing !== null} onClose={() => setEditing(null)} fullWidth maxWidth="xs">
        <DialogTitle>
          <Trans>Reason for voiding #{editing?.sale.saleNumber}</Trans>
        </DialogTitle>
        <DialogContent>
          <TextField
            label={t`Reason`}
            fullWidth
            multiline
            minRows={2}
            sx={{ mt: 1 }}
            value={editing?.reason ?? ""}
            onChange={(e) => editing && setEditing({ ...editing, reason: e.target.value })}
            error={editing !== null && !editing.reason.trim()}
            helperText={editing && !editing.reason.trim() ? t`Say why` : " "}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setEditing(null)}>
            <Trans>Cancel</Trans>
          </Button>
          <Button variant="contained" onClick={() => void saveReason()} disabled={saving || !editing?.reason.trim()}>
            <Trans>Save</Trans>
          </Button>
        </DialogActions>
      </ResponsiveDialog>
      <ConfirmDialog
        open={deleting !== null}
        title={
          retail
            ? t`Remove #${deleting?.saleNumber ?? ""} from the void sales?`
            : t`Remove #${deleting?.saleNumber ?? ""} from the void orders?`
        }
        text={t`It leaves this list and can no longer be restored. Its record, payments, stock movements and history are kept for the audit trail. Its stock went back when it was voided.`}
        confirmLabel={t`Remove from the list`}
        busy={removing}
        onConfirm={() => deleting && void removeFromList(deleting)}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
