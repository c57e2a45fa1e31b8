import { t } from "@lingui/core/macro";
import DeleteIcon from "@mui/icons-material/Delete";
import RefreshIcon from "@mui/icons-material/Refresh";
import UndoIcon from "@mui/icons-material/Undo";
import { Box, FormControlLabel, IconButton, Switch, Tooltip, Typography } from "@mui/material";
import type { GridColDef } from "@mui/x-data-grid";
import { useState } from "react";
import { toast } from "react-toastify";
import { formatPlanAmount } from "@app/shared/subscriptions/billing";
import type { SubscriptionPayment } from "@app/shared/subscriptions/subscription";
import { describeError } from "../../../api/errors.ts";
import { useAppDispatch } from "../../../app/hooks.ts";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import {
  subscriptionsApi,
  useDeletePaymentMutation,
  useListPaymentsQuery,
  useQueryPaymentMutation,
} from "../subscriptions-api.ts";
import { SUBSCRIPTION_PAGE_SIZE } from "@app/shared/subscriptions/constants";
import { LIVE_LIST, PagedGrid, useSearchPaging } from "../../../components/paged-grid.tsx";
import { RefundDialog } from "./refund-dialog.tsx";
import { cycleLabel, formatDateTime, METHOD_LABELS, RefundChip, StatusChip } from "./status-chip.tsx";

/**
 * The Payments tab: every attempt as the provider settled it, each with the plan, cycle and
 * amount it was asked for (a pending subscription's plan may have changed since). Money that was
 * not applied shows "refund due"; support can list only those and mark each refunded.
 */
export function PaymentsTab({ support }: { support: boolean }) {
  const dispatch = useAppDispatch();
  const paging = useSearchPaging(SUBSCRIPTION_PAGE_SIZE);
  const [refundsDue, setRefundsDue] = useState(false);
  const { data, isFetching, isError } = useListPaymentsQuery(
    {
      ...paging.query,
      ...(refundsDue ? { refund: "due" as const } : {}),
    },
    support ? LIVE_LIST : {},
  );
  const [refunding, setRefunding] = useState<SubscriptionPayment | null>(null);
  const [query] = useQueryPaymentMutation();
  const [remove, removing] = useDeletePaymentMutation();
  const [deleting, setDeleting] = useState<SubscriptionPayment | null>(null);

  async function check(p: SubscriptionPayment) {
    try {
      const now = await query(p._id).unwrap();
      dispatch(subscriptionsApi.util.invalidateTags(["SubscriptionPayment", "Subscription"]));
      toast.info(
        now.status === "pending"
          ? t`Still pending: the customer has not finished on the phone`
          : t`Payment ${now.status}`,
      );
    } catch (err) {
      toast.error(describeError(err).message);
    }
  }
  async function confirmDelete() {
    if (!deleting) return;
    try {
      await remove(deleting._id).unwrap();
      toast.success(t`Failed attempt deleted`);
    } catch (err) {
      toast.error(describeError(err).message);
    }
    setDeleting(null);
  }

  const columns: GridColDef<SubscriptionPayment>[] = [
    { field: "createdAt", headerName: t`Date`, width: 150, valueFormatter: (v: string) => formatDateTime(v) },
    {
      field: "business",
      headerName: t`Business and plan`,
      flex: 1,
      minWidth: 170,
      valueGetter: (_v, row) => row.subscription.business.businessName,
      // The plan this payment was for, which may not be the subscription's plan now.
      renderCell: ({ row }) => (
        <Box>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {row.subscription.business.businessName}
          </Typography>
          <Typography variant="caption" color="text.secondary" data-testid="payment-plan">
            {row.plan.name} · {cycleLabel(row.billingCycle)}
          </Typography>
        </Box>
      ),
    },
    {
      field: "amount",
      headerName: t`Amount`,
      width: 115,
      valueGetter: (_v, row) => formatPlanAmount(row.amount, row.currency),
    },
    {
      field: "paymentMethod",
      headerName: t`Method`,
      width: 80,
      valueGetter: (_v, row) => METHOD_LABELS[row.paymentMethod],
    },
    {
      field: "status",
      headerName: t`Status`,
      width: 120,
      renderCell: ({ row }) => (
        <Box sx={{ display: "flex", flexDirection: "column", gap: 0.5, alignItems: "flex-start" }}>
          <StatusChip status={row.status} />
          {row.refund && <RefundChip refund={row.refund} />}
        </Box>
      ),
    },
    {
      field: "transactionId",
      headerName: t`Transaction`,
      width: 120,
      valueGetter: (_v, row) => row.transactionId ?? "",
    },
    {
      field: "resultDesc",
      headerName: t`Details`,
      flex: 1,
      minWidth: 160,
      renderCell: ({ row }) => (
        <Typography variant="body2" color={row.status === "failed" ? "error" : "text.secondary"}>
          {[row.phone, row.resultDesc, row.createdBy === "auto-renew" ? "auto-renewal" : null]
            .filter(Boolean)
            .join(" · ")}
        </Typography>
      ),
    },
    {
      field: "actions",
      headerName: "",
      width: 90,
      sortable: false,
      renderCell: ({ row }) => (
        <>
          {row.status === "pending" && (
            <Tooltip title={t`Ask the provider how it ended`}>
              <IconButton aria-label={t`Check payment status`} onClick={() => void check(row)}>
                <RefreshIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
          {support && row.refund && !row.refund.refundedAt && (
            <Tooltip title={t`Record that the money was given back`}>
              <IconButton aria-label={t`Mark refunded`} onClick={() => setRefunding(row)}>
                <UndoIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
          {support && row.status === "failed" && (
            <Tooltip title={t`Delete this failed attempt`}>
              <IconButton aria-label={t`Delete payment`} onClick={() => setDeleting(row)}>
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
        </>
      ),
    },
  ];

  return (
    <>
      <PagedGrid
        label="payments"
        testId="payments-grid"
        paging={paging}
        rows={data?.items ?? []}
        total={data?.total ?? 0}
        columns={columns}
        loading={isFetching}
        error={isError}
        empty={refundsDue ? t`No payment is due a refund.` : t`No payments yet.`}
        actions={
          support && (
            <FormControlLabel
              control={
                <Switch
                  checked={refundsDue}
                  onChange={(_, on) => {
                    setRefundsDue(on);
                    paging.setPage(0);
                  }}
                />
              }
              label={t`Refunds due only`}
            />
          )
        }
      />
      {refunding && <RefundDialog payment={refunding} onClose={() => setRefunding(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        title={t`Delete this failed payment attempt?`}
        text={t`Only failed attempts can be deleted; no money moved in them. Successful and pending payments stay in the records.`}
        confirmLabel={t`Delete`}
        busy={removing.isLoading}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
