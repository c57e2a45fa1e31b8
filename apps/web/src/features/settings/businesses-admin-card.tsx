import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { Card, CardContent, Chip, Switch, Tooltip, Typography } from "@mui/material";
import type { GridColDef } from "@mui/x-data-grid";
import { useState } from "react";
import { toast } from "react-toastify";
import { BUSINESS_PAGE_SIZE, type Business } from "@app/shared/businesses/business";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { describeError } from "../../api/errors.ts";
import { useAppDispatch } from "../../app/hooks.ts";
import { useListBusinessPageQuery, useUpdateBusinessMutation } from "../businesses/business-api.ts";
import { LIVE_LIST, PagedGrid, useSearchPaging } from "../../components/paged-grid.tsx";
import { businessUpdated } from "../../lib/session/business-slice.ts";
import { dateLocale } from "../../lib/date-format.ts";

/** Active, or why not: lapsed (its subscription ran out; a payment lifts it) or suspended by support. */
function AccountChip({ business }: { business: Business }) {
  if (business.accountActive) return <Chip size="small" color="success" label={t`Active`} />;
  if (business.inactiveReason === "lapsed")
    return (
      <Tooltip title={t`The subscription ran out. A payment switches the account back on.`}>
        <Chip size="small" color="warning" label={t`Lapsed`} />
      </Tooltip>
    );
  return (
    <Tooltip title={t`Switched off by support. Only support switches it back on; a payment does not.`}>
      <Chip size="small" color="error" label={t`Suspended`} />
    </Tooltip>
  );
}

/**
 * Provider support: every business, newest first, searched by name and paged by the server
 * (support may see thousands), whether its account is active (or lapsed, or suspended), and the
 * switch. It refreshes on focus and every 15 s (LIVE_LIST), so a business registered
 * meanwhile appears without a reload.
 */
export function BusinessesAdminCard() {
  const dispatch = useAppDispatch();
  const paging = useSearchPaging(BUSINESS_PAGE_SIZE);
  const { data, isFetching, isError } = useListBusinessPageQuery(paging.query, LIVE_LIST);
  const [update, { isLoading }] = useUpdateBusinessMutation();
  const [deactivating, setDeactivating] = useState<Business | null>(null);
  async function setActive(b: Business, accountActive: boolean) {
    try {
      dispatch(businessUpdated(await update({ id: b._id, accountActive }).unwrap()));
      toast.success(accountActive ? t`${b.name} is now active` : t`${b.name} is now suspended`);
    } catch (err) {
      toast.error(describeError(err).message);
    }
    setDeactivating(null);
  }
  const columns: GridColDef<Business>[] = [
    { field: "name", headerName: t`Business`, flex: 1, minWidth: 180 },
    { field: "businessType", headerName: t`Type`, width: 120 },
    {
      field: "createdAt",
      headerName: t`Registered`,
      width: 140,
      valueFormatter: (v: string) => new Date(v).toLocaleDateString(dateLocale()),
    },
    {
      field: "inactiveReason",
      headerName: t`Account`,
      width: 120,
      valueGetter: (_v, row) => (row.accountActive ? "active" : (row.inactiveReason ?? "suspended")),
      renderCell: ({ row }) => <AccountChip business={row} />,
    },
    {
      field: "accountActive",
      headerName: t`On`,
      width: 80,
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
        <PagedGrid
          label={t`businesses`}
          testId="businesses-grid"
          paging={paging}
          rows={data?.items ?? []}
          total={data?.total ?? 0}
          columns={columns}
          loading={isFetching && !data}
          error={isError}
          empty={t`No businesses yet.`}
        />
      </CardContent>
      <ConfirmDialog
        open={deactivating !== null}
        title={t`Suspend ${deactivating?.name ?? ""}?`}
        text={t`Its owner and staff will only see Account Inactive until support switches the account back on. Paying the subscription does not lift a suspension. No data is deleted.`}
        confirmLabel={t`Suspend`}
        busy={isLoading}
        onConfirm={() => deactivating && void setActive(deactivating, false)}
        onClose={() => setDeactivating(null)}
      />
    </Card>
  );
}
