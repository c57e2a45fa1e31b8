import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { Box, Button, Chip, CircularProgress, Paper, Stack, Typography } from "@mui/material";
import { useState } from "react";
import { toast } from "react-toastify";
import { formatDateTime } from "../../../lib/date-format.ts";
import type { Promotion } from "@app/shared/pos/promotion-schema";
import { promotionStatus } from "@app/shared/pos/promotions";
import { describeError } from "../../../api/errors.ts";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { useDeletePromotionMutation, useListPromotionsQuery } from "../api/promotions-api.ts";
import { InventoryPage } from "../components/inventory-page.tsx";
import { LoadError } from "../components/load-error.tsx";
import { useInventoryAccess } from "../components/use-inventory-access.ts";
import { PromotionDialog } from "./promotion-dialog.tsx";
import { dayLabels, dealOf, statusLabel } from "./promotion-text.ts";

const STATUS_COLOR = { running: "success", scheduled: "info", ended: "default", off: "default" } as const;

/** When a promotion runs, in words: its period, days and daily hours (the business's time). */
function whenOf(p: Promotion, timeZone: string): string {
  const parts: string[] = [];
  if (p.startsAt) parts.push(t`from ${formatDateTime(p.startsAt, timeZone)}`);
  if (p.endsAt) parts.push(t`until ${formatDateTime(p.endsAt, timeZone)}`);
  parts.push(p.days.length ? p.days.map((d) => dayLabels()[d - 1]).join(", ") : t`every day`);
  if (p.dailyFrom && p.dailyTo) parts.push(`${p.dailyFrom}–${p.dailyTo}`);
  return parts.join(" · ");
}

/** /promotions: the owner's promotions with their status; add, change, delete (issue 31 item 2). */
export default function PromotionsPage() {
  const { business, businessId, canManage } = useInventoryAccess();
  const timeZone = business?.timeZone ?? "Africa/Nairobi";
  const { data, isLoading, isError, error, refetch } = useListPromotionsQuery(businessId, { skip: !businessId });
  const [editing, setEditing] = useState<Promotion | "new" | null>(null);
  const [deleting, setDeleting] = useState<Promotion | null>(null);
  const [remove, removing] = useDeletePromotionMutation();
  const now = new Date();
  async function confirmDelete() {
    try {
      await remove(deleting!._id).unwrap();
      toast.success(t`Promotion deleted`);
      setDeleting(null);
    } catch (err) {
      toast.error(describeError(err).message);
    }
  }
  return (
    <InventoryPage
      title={t`Promotions`}
      actions={
        canManage ? (
          <Button variant="contained" onClick={() => setEditing("new")}>
            <Trans>New promotion</Trans>
          </Button>
        ) : undefined
      }
    >
      {isLoading && (
        <Box sx={{ display: "grid", placeItems: "center", p: 4 }}>
          <CircularProgress aria-label={t`Loading promotions`} />
        </Box>
      )}
      {isError && (
        <LoadError error={error} what={t`The promotions could not be loaded.`} onRetry={() => void refetch()} />
      )}
      {data && data.length === 0 && (
        <Paper variant="outlined" sx={{ p: 4, textAlign: "center" }}>
          <Typography color="text.secondary">
            <Trans>
              No promotions yet. A promotion prices a product by itself at the till: a happy-hour price, buy 2 get 1, or
              3 for 100.
            </Trans>
          </Typography>
        </Paper>
      )}
      <Stack spacing={1} data-testid="promotions">
        {data?.map((p) => {
          const status = promotionStatus(p, now, timeZone);
          return (
            <Paper key={p._id} variant="outlined" sx={{ p: 2 }} data-testid="promotion">
              <Stack direction={{ xs: "column", sm: "row" }} spacing={1} sx={{ alignItems: { sm: "center" } }}>
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap" }}>
                    <Typography sx={{ fontWeight: 600 }}>{p.name}</Typography>
                    <Chip size="small" color={STATUS_COLOR[status]} label={statusLabel(status)} />
                  </Stack>
                  <Typography variant="body2">
                    {dealOf(p)} · {p.productNames.join(", ") || t`(products removed)`}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {whenOf(p, timeZone)}
                  </Typography>
                </Box>
                {canManage && (
                  <Stack direction="row" spacing={1}>
                    <Button size="small" onClick={() => setEditing(p)}>
                      <Trans>Change</Trans>
                    </Button>
                    <Button size="small" color="error" onClick={() => setDeleting(p)}>
                      <Trans>Delete</Trans>
                    </Button>
                  </Stack>
                )}
              </Stack>
            </Paper>
          );
        })}
      </Stack>
      {editing && (
        <PromotionDialog
          businessId={businessId}
          timeZone={timeZone}
          promotion={editing === "new" ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t`Delete promotion?`}
        text={t`"${deleting?.name ?? ""}" stops applying at the till. Sales made under it keep its name.`}
        confirmLabel={t`Delete`}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
        busy={removing.isLoading}
      />
    </InventoryPage>
  );
}
