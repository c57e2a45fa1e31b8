import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { Card, CardContent, Switch, Typography } from "@mui/material";
import { DataGrid, type GridColDef } from "@mui/x-data-grid";
import { useState } from "react";
import { toast } from "react-toastify";
import type { Business } from "@app/shared/businesses/business";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { describeError } from "../../api/errors.ts";
import { useAppDispatch } from "../../app/hooks.ts";
import { useListBusinessesQuery, useUpdateBusinessMutation } from "../businesses/business-api.ts";
import { businessUpdated } from "../../lib/session/business-slice.ts";

/** Provider support: every business, with its account switched on or off. */
export function BusinessesAdminCard() {
  const dispatch = useAppDispatch();
  const { data = [], isFetching, isError } = useListBusinessesQuery();
  const [update, { isLoading }] = useUpdateBusinessMutation();
  const [deactivating, setDeactivating] = useState<Business | null>(null);
  async function setActive(b: Business, accountActive: boolean) {
    try {
      dispatch(businessUpdated(await update({ id: b._id, accountActive }).unwrap()));
      toast.success(t`${b.name} is now ${accountActive ? "active" : "inactive"}`);
    } catch (err) {
      toast.error(describeError(err).message);
    }
    setDeactivating(null);
  }
  const columns: GridColDef<Business>[] = [
    { field: "name", headerName: "Business", flex: 1, minWidth: 180 },
    { field: "businessType", headerName: "Type", width: 120 },
    {
      field: "createdAt",
      headerName: "Registered",
      width: 140,
      valueFormatter: (v: string) => new Date(v).toLocaleDateString("en-KE"),
    },
    {
      field: "accountActive",
      headerName: "Active",
      width: 110,
      renderCell: ({ row }) => (
        <Switch
          checked={row.accountActive}
          slotProps={{ input: { "aria-label": `${row.name} active` } }}
          onChange={(_, on) => (on ? void setActive(row, true) : setDeactivating(row))}
        />
      ),
    },
  ];
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" gutterBottom>
          <Trans>Businesses</Trans>
        </Typography>
        {isError && (
          <Typography color="error">
            <Trans>The businesses could not be loaded.</Trans>
          </Typography>
        )}
        <div data-testid="businesses-grid">
          <DataGrid
            rows={data}
            getRowId={(r) => r._id}
            columns={columns}
            loading={isFetching}
            autoHeight
            rowHeight={44}
            initialState={{ pagination: { paginationModel: { pageSize: 10 } } }}
            pageSizeOptions={[10, 25, 50]}
          />
        </div>
      </CardContent>
      <ConfirmDialog
        open={deactivating !== null}
        title={t`Deactivate ${deactivating?.name ?? ""}?`}
        text={t`Its owner and staff will only see Account Inactive until the account is switched back on. No data is deleted.`}
        confirmLabel={t`Deactivate`}
        busy={isLoading}
        onConfirm={() => deactivating && void setActive(deactivating, false)}
        onClose={() => setDeactivating(null)}
      />
    </Card>
  );
}
