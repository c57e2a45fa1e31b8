import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { Alert, Button, Skeleton, Stack, ToggleButton, ToggleButtonGroup, Typography } from "@mui/material";
import { useState } from "react";
import { toast } from "react-toastify";
import type { EtimsPurchase, EtimsPurchaseState } from "@app/shared/etims/purchases";
import { describeError } from "../../../api/errors.ts";
import { useAppSelector } from "../../../app/hooks.ts";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { formatDateTime } from "../../../lib/date-format.ts";
import { ConfirmExpenseDialog } from "../components/confirm-expense-dialog.tsx";
import { ConfirmSupplyDialog } from "../components/confirm-supply-dialog.tsx";
import { PurchaseCard, type PurchaseAction } from "../components/purchase-card.tsx";
import {
  useFetchEtimsPurchasesMutation,
  useListEtimsPurchasesQuery,
  useRejectEtimsPurchaseMutation,
} from "../etims-api.ts";

type Filter = EtimsPurchaseState | "all";

/**
 * /etims/purchases (owner): the invoices suppliers issued to the business that KRA holds, fetched
 * nightly or with "Fetch from KRA"; each confirmed as a supply or an expense, or rejected, and KRA told.
 */
export default function EtimsPurchasesPage() {
  const businessId = useAppSelector((s) => s.business.current?._id) ?? "";
  const [filter, setFilter] = useState<Filter>("new");
  const { data, isLoading, isFetching, isError, error, refetch } = useListEtimsPurchasesQuery(
    { businessId, ...(filter === "all" ? {} : { state: filter }) },
    { skip: !businessId },
  );
  const [fetchFromKra, fetching] = useFetchEtimsPurchasesMutation();
  const [reject, rejecting] = useRejectEtimsPurchaseMutation();
  const [open, setOpen] = useState<{ action: PurchaseAction; purchase: EtimsPurchase } | null>(null);

  const onFetch = async () => {
    try {
      const res = await fetchFromKra(businessId).unwrap();
      toast.success(res.added ? t`${res.added} new invoices from KRA.` : t`KRA has no new invoices for you.`);
    } catch (err) {
      toast.error(describeError(err).message);
    }
  };
  const onReject = async (p: EtimsPurchase) => {
    try {
      await reject({ id: p._id, businessId }).unwrap();
      toast.success(t`Rejected; KRA has been told.`);
      setOpen(null);
    } catch (err) {
      toast.error(describeError(err).message);
    }
  };

  return (
    <>
      <PageHeader
        title={t`Purchases from KRA`}
        subtitle={t`Invoices your suppliers issued to you through KRA eTIMS`}
        actions={
          data?.connected !== false && (
            <Button
              variant="contained"
              onClick={() => void onFetch()}
              disabled={!businessId || fetching.isLoading}
              data-testid="etims-purchases-fetch"
            >
              {fetching.isLoading ? t`Asking KRA…` : t`Fetch from KRA`}
            </Button>
          )
        }
      />
      <Stack spacing={2}>
        <Typography variant="body2" color="text.secondary">
          <Trans>
            Confirm each invoice as a supply (its products go into stock) or as an expense (it counts as having an eTIMS
            invoice), or reject one that is not yours. KRA is told either way.
          </Trans>
        </Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={filter}
          onChange={(_e, v: Filter | null) => v && setFilter(v)}
          aria-label={t`Show`}
        >
          <ToggleButton value="new">
            <Trans>Waiting ({data?.waiting ?? 0})</Trans>
          </ToggleButton>
          <ToggleButton value="confirmed">
            <Trans>Confirmed</Trans>
          </ToggleButton>
          <ToggleButton value="rejected">
            <Trans>Rejected</Trans>
          </ToggleButton>
          <ToggleButton value="all">
            <Trans>All</Trans>
          </ToggleButton>
        </ToggleButtonGroup>
        {data?.fetchedAt && (
          <Typography variant="caption" color="text.secondary">
            <Trans>Last fetched from KRA: {formatDateTime(data.fetchedAt)}</Trans>
          </Typography>
        )}
        {isLoading && <Skeleton variant="rectangular" height={120} aria-label={t`Loading`} />}
        {isError && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void refetch()}>
                <Trans>Retry</Trans>
              </Button>
            }
          >
            <Trans>The invoices could not be loaded. {describeError(error).message}</Trans>
          </Alert>
        )}
        {data && !data.connected && (
          <Alert severity="info">
            <Trans>eTIMS is not connected: connect it in Settings, KRA eTIMS.</Trans>
          </Alert>
        )}
        {data?.connected && data.items.length === 0 && !isFetching && (
          <Alert severity="success" data-testid="etims-purchases-empty">
            {filter === "new" ? (
              <Trans>No supplier invoice waits for you. Press "Fetch from KRA" to look for new ones.</Trans>
            ) : (
              <Trans>No invoices here.</Trans>
            )}
          </Alert>
        )}
        {data?.items.map((p) => (
          <PurchaseCard key={p._id} purchase={p} onAction={(action) => setOpen({ action, purchase: p })} />
        ))}
      </Stack>
      {open?.action === "supply" && (
        <ConfirmSupplyDialog businessId={businessId} purchase={open.purchase} onClose={() => setOpen(null)} />
      )}
      {open?.action === "expense" && (
        <ConfirmExpenseDialog businessId={businessId} purchase={open.purchase} onClose={() => setOpen(null)} />
      )}
      <ConfirmDialog
        open={open?.action === "reject"}
        title={t`Reject this invoice?`}
        text={
          open
            ? t`KRA will be told that you did not buy invoice ${open.purchase.supplierInvoiceNo} from ${open.purchase.supplierName}. This cannot be undone.`
            : ""
        }
        confirmLabel={t`Reject`}
        busy={rejecting.isLoading}
        onConfirm={() => open && void onReject(open.purchase)}
        onClose={() => setOpen(null)}
      />
    </>
  );
}
