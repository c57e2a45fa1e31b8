import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Skeleton,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import { useState } from "react";
import { toast } from "react-toastify";
import type { Channel } from "@app/shared/pos/cart";
import type { OpenShortfall, ShortfallSettlement } from "@app/shared/sales/shortfall";
import { useAppSelector } from "../../../app/hooks.ts";
import { describeError } from "../../../api/errors.ts";
import { newIdempotencyKey } from "../../../lib/idempotency-key.ts";
import { useSettleShortfallMutation, useStockShortfallsQuery } from "../shortfalls-api.ts";

/** "Sale #12" or "Order #12". */
export const shortfallSaleLabel = (s: Pick<OpenShortfall, "channel" | "saleNumber">) =>
  s.channel === "retail" ? t`Sale #${s.saleNumber}` : t`Order #${s.saleNumber}`;

function SettleDialog({
  item,
  settlement,
  onClose,
}: {
  item: OpenShortfall;
  settlement: ShortfallSettlement;
  onClose: () => void;
}) {
  const [reason, setReason] = useState("");
  const [tried, setTried] = useState(false);
  // One key per dialog: a retry after a lost answer is the same settle, never a second one.
  const [key] = useState(newIdempotencyKey);
  const [settle, { isLoading, error }] = useSettleShortfallMutation();
  const needsReason = settlement === "loss" && !reason.trim();
  const label = shortfallSaleLabel(item);
  const submit = async () => {
    setTried(true);
    if (needsReason) return;
    const res = await settle({
      channel: item.channel,
      saleId: item.saleId,
      productId: item.productId,
      settlement,
      reason: reason.trim() || undefined,
      key,
    });
    if ("data" in res) {
      toast.success(
        settlement === "receive"
          ? t`${item.missing} × ${item.name} recorded as received for ${label}`
          : t`Loss of ${item.missing} × ${item.name} recorded`,
      );
      onClose();
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{settlement === "receive" ? t`Stock received` : t`Accept the loss`}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2">
            {settlement === "receive" ? (
              <Trans>
                {label} sold {item.missing} × {item.name} that the stock did not have. Record these units as received
                (they arrived, or were on the shelf uncounted): the stock ledger shows them received and taken by the
                sale, and the quantity on the shelf stays as it is.
              </Trans>
            ) : (
              <Trans>
                {label} sold {item.missing} × {item.name} that the stock did not have. Accept them as a loss: the stock
                ledger records the loss with your reason, and the quantity on the shelf stays as it is.
              </Trans>
            )}
          </Typography>
          <TextField
            label={settlement === "loss" ? t`Reason for the loss` : t`Note (optional)`}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            required={settlement === "loss"}
            error={tried && needsReason}
            helperText={tried && needsReason ? t`Say why the stock was lost` : " "}
            slotProps={{ htmlInput: { maxLength: 500 } }}
            autoFocus
          />
          {error && <Alert severity="error">{describeError(error).message}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>
          <Trans>Cancel</Trans>
        </Button>
        <Button variant="contained" onClick={() => void submit()} disabled={isLoading}>
          {settlement === "receive" ? <Trans>Record as received</Trans> : <Trans>Record the loss</Trans>}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * "Stock to review" (issue 33, item 9): each product an offline sale sold without stock, with the
 * units missing, and the two ways to settle it. Shown only while there is something to settle.
 */
export function StockShortfalls({ channel }: { channel?: Channel }) {
  const businessId = useAppSelector((s) => s.business.current?._id) ?? "";
  const { data, isLoading, isError, error, refetch } = useStockShortfallsQuery(businessId, { skip: !businessId });
  const [settling, setSettling] = useState<{ item: OpenShortfall; settlement: ShortfallSettlement } | null>(null);
  const items = (data ?? []).filter((s) => !channel || s.channel === channel);
  if (isLoading) return <Skeleton variant="rectangular" height={64} sx={{ mb: 2 }} />;
  if (isError)
    return (
      <Alert
        severity="error"
        sx={{ mb: 2 }}
        action={
          <Button color="inherit" size="small" onClick={() => void refetch()}>
            <Trans>Retry</Trans>
          </Button>
        }
      >
        <Trans>The stock to review could not be loaded. {describeError(error).message}</Trans>
      </Alert>
    );
  if (!items.length) return null;
  return (
    <Card variant="outlined" sx={{ mb: 2, borderColor: "warning.main" }} data-testid="stock-shortfalls">
      <CardContent>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
          <Trans>Stock to review</Trans>
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          <Trans>Sold offline while the stock did not have these units. Settle each one.</Trans>
        </Typography>
        <Stack divider={<Box sx={{ borderTop: 1, borderColor: "divider" }} />}>
          {items.map((s) => (
            <Box
              key={`${s.saleId}:${s.productId}`}
              data-testid="stock-shortfall"
              sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 1, py: 1 }}
            >
              <Typography sx={{ flex: "1 1 220px", minWidth: 0, overflowWrap: "anywhere" }}>
                <Trans>
                  {shortfallSaleLabel(s)}: <b>{s.missing}</b> × {s.name}
                </Trans>
              </Typography>
              <Button size="small" variant="outlined" onClick={() => setSettling({ item: s, settlement: "receive" })}>
                <Trans>Stock received</Trans>
              </Button>
              <Button
                size="small"
                variant="outlined"
                color="warning"
                onClick={() => setSettling({ item: s, settlement: "loss" })}
              >
                <Trans>Accept loss</Trans>
              </Button>
            </Box>
          ))}
        </Stack>
      </CardContent>
      {settling && (
        <SettleDialog item={settling.item} settlement={settling.settlement} onClose={() => setSettling(null)} />
      )}
    </Card>
  );
}
