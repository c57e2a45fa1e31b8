import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import AddIcon from "@mui/icons-material/Add";
import DeleteIcon from "@mui/icons-material/Delete";
import PaymentsIcon from "@mui/icons-material/Payments";
import SwapHorizIcon from "@mui/icons-material/SwapHoriz";
import { Box, Button, IconButton, Switch, Tooltip, Typography } from "@mui/material";
import type { GridColDef } from "@mui/x-data-grid";
import { useState } from "react";
import { toast } from "react-toastify";
import { awaitsPayment, formatPlanPrice } from "@app/shared/subscriptions/billing";
import type { Subscription } from "@app/shared/subscriptions/subscription";
import { describeError } from "../../../api/errors.ts";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import {
  useDeleteSubscriptionMutation,
  useListSubscriptionsQuery,
  useSetAutoRenewMutation,
} from "../subscriptions-api.ts";
import { SUBSCRIPTION_PAGE_SIZE } from "@app/shared/subscriptions/constants";
import { LIVE_LIST, PagedGrid, useSearchPaging } from "../../../components/paged-grid.tsx";
import { PayDialog, PaymentMethodDialog } from "./pay-dialog.tsx";
import { formatDate, METHOD_LABELS, StatusChip } from "./status-chip.tsx";
import { SubscribeDialog } from "./subscribe-dialog.tsx";

/** The Subscriptions tab: every business's for support, the owner's own otherwise. */
export function SubscriptionsTab({ support }: { support: boolean }) {
  const paging = useSearchPaging(SUBSCRIPTION_PAGE_SIZE);
  const { data, isFetching, isError } = useListSubscriptionsQuery(paging.query, support ? LIVE_LIST : {});
  const [setAutoRenew] = useSetAutoRenewMutation();
  const [remove, removing] = useDeleteSubscriptionMutation();
  const [subscribing, setSubscribing] = useState(false);
  const [paying, setPaying] = useState<Subscription | null>(null);
  const [changing, setChanging] = useState<Subscription | null>(null);
  const [deleting, setDeleting] = useState<Subscription | null>(null);

  async function toggle(s: Subscription, autoRenew: boolean) {
    try {
      await setAutoRenew({ id: s._id, autoRenew }).unwrap();
      toast.success(t`Auto-renew ${autoRenew ? "ON" : "OFF"} for ${s.business.businessName}`);
    } catch (err) {
      toast.error(describeError(err).message);
    }
  }
  async function confirmDelete() {
    if (!deleting) return;
    try {
      const res = await remove(deleting._id).unwrap();
      toast.success(
        res.deleted
          ? t`Subscription deleted`
          : t`The subscription has payments, so it was cancelled and kept with them`,
      );
    } catch (err) {
      toast.error(describeError(err).message);
    }
    setDeleting(null);
  }

  const columns: GridColDef<Subscription>[] = [
    {
      field: "business",
      headerName: t`Business and plan`,
      flex: 1,
      minWidth: 210,
      valueGetter: (_v, row) => row.business.businessName,
      renderCell: ({ row }) => (
        <Box>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {row.business.businessName}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {row.plan.name} · {formatPlanPrice(row.amountDue, row.currency, row.billingCycle)}
          </Typography>
        </Box>
      ),
    },
    {
      field: "status",
      headerName: t`Status`,
      width: 125,
      renderCell: ({ row }) => (
        <Box>
          <StatusChip status={row.status} />
          <Typography variant="caption" color="text.secondary" component="div">
            {row.latestPayment ? t`last payment ${row.latestPayment.status}` : t`no payment yet`}
          </Typography>
        </Box>
      ),
    },
    {
      field: "paymentMethod",
      headerName: t`Method`,
      width: 80,
      valueGetter: (_v, row) => METHOD_LABELS[row.paymentMethod],
    },
    { field: "startDate", headerName: t`Start`, width: 105, valueFormatter: (v: string) => formatDate(v) },
    { field: "nextBillingDate", headerName: t`Next billing`, width: 110, valueFormatter: (v: string) => formatDate(v) },
    {
      field: "autoRenew",
      headerName: t`Auto-renew`,
      width: 95,
      renderCell: ({ row }) => (
        <Tooltip title={t`Auto-renew ${row.autoRenew ? "ON" : "OFF"}`}>
          <Switch
            checked={row.autoRenew}
            disabled={row.status === "cancelled"}
            onChange={(_, on) => void toggle(row, on)}
            slotProps={{ input: { "aria-label": `Auto-renew for ${row.business.businessName}` } }}
          />
        </Tooltip>
      ),
    },
    {
      field: "actions",
      headerName: "",
      width: 160,
      sortable: false,
      renderCell: ({ row }) => (
        <Box sx={{ display: "flex", alignItems: "center" }}>
          {awaitsPayment(row.status) && (
            <Button
              size="small"
              variant="outlined"
              startIcon={<PaymentsIcon />}
              onClick={() => setPaying(row)}
              aria-label={t`Pay for ${row.business.businessName}`}
            >
              <Trans>Pay</Trans>
            </Button>
          )}
          <Tooltip title={t`Payment method`}>
            <span>
              <IconButton
                aria-label={t`Payment method of ${row.business.businessName}`}
                onClick={() => setChanging(row)}
                disabled={row.status === "cancelled"}
              >
                <SwapHorizIcon fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
          {support && (
            <Tooltip title={t`Delete`}>
              <IconButton
                aria-label={t`Delete subscription of ${row.business.businessName}`}
                onClick={() => setDeleting(row)}
              >
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
        </Box>
      ),
    },
  ];

  return (
    <>
      <PagedGrid
        label="subscriptions"
        testId="subscriptions-grid"
        paging={paging}
        rows={data?.items ?? []}
        total={data?.total ?? 0}
        columns={columns}
        loading={isFetching}
        error={isError}
        empty={t`No subscriptions yet.`}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setSubscribing(true)}>
            <Trans>Subscribe Business</Trans>
          </Button>
        }
      />
      {subscribing && <SubscribeDialog onClose={() => setSubscribing(false)} />}
      {paying && <PayDialog subscription={paying} onClose={() => setPaying(null)} />}
      {changing && <PaymentMethodDialog subscription={changing} onClose={() => setChanging(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        title={t`Delete the subscription of ${deleting?.business.businessName ?? ""}?`}
        text={
          deleting?.latestPayment
            ? t`It has payments, so it will be cancelled and kept with its payment records; auto-renew stops.`
            : t`It has no payments and will be removed for good.`
        }
        confirmLabel={t`Delete`}
        busy={removing.isLoading}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
