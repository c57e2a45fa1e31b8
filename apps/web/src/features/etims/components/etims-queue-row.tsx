import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { Box, Button, Chip, Paper, Stack, Typography } from "@mui/material";
import { toast } from "react-toastify";
import type { StockReason } from "@app/shared/inventory/stock";
import type { EtimsQueueItem, EtimsQueueStock } from "@app/shared/etims/queue";
import { describeError } from "../../../api/errors.ts";
import { formatDate } from "../../../lib/date-format.ts";
import { useRetryEtimsMutation } from "../etims-api.ts";

/** How long ago, in the largest whole unit: "5 min", "3 h", "2 days". */
function ageOf(iso: string): string {
  const minutes = Math.max(0, Math.floor((Date.now() - Date.parse(iso)) / 60_000));
  if (minutes < 60) return t`${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return t`${hours} h`;
  const days = Math.floor(hours / 24);
  return t`${days} days`;
}

/** Why a row waits or was refused, in words (KRA's own message follows in `error`). */
function reasonOf(item: EtimsQueueItem): string {
  if (item.state !== "failed")
    return item.errorCode === "network"
      ? t`KRA eTIMS cannot be reached; it is tried again automatically.`
      : t`Waiting its turn to be sent.`;
  switch (item.errorCode) {
    case "details":
      return t`A product has no eTIMS details yet: complete them below, then retry.`;
    case "original":
      return t`Its invoice is not signed by KRA, so KRA cannot take this credit note.`;
    case "994":
      return t`KRA already holds this invoice number, but its signature did not reach us.`;
    case "item":
      return t`KRA has not registered one of its products: fix the product's eTIMS details below, then retry.`;
    default:
      return t`KRA refused it.`;
  }
}

/** The stock ledger's reason in words, as the product's stock history names it. */
function movementKindOf(reason: StockReason): string {
  switch (reason) {
    case "sale":
      return t`Sale`;
    case "void":
      return t`Void`;
    case "restore":
      return t`Restore`;
    case "supply":
      return t`Supply`;
    case "transfer_in":
      return t`Transfer in`;
    case "transfer_out":
      return t`Transfer out`;
    case "adjustment":
      return t`Adjustment`;
    case "clear":
      return t`Cleared`;
    case "dispense":
      return t`Dispensed`;
    case "received":
      return t`Received (sold offline)`;
    case "loss":
      return t`Loss`;
  }
}

/** "Stock report for Soda (Adjustment −1, 3 May 2026)". */
function stockTitle(label: string, stock: EtimsQueueStock): string {
  const product = label || t`a product`;
  const kind = `${movementKindOf(stock.reason)} ${stock.delta > 0 ? "+" : "−"}${Math.abs(stock.delta)}`;
  const date = formatDate(stock.movedAt);
  return t`Stock report for ${product} (${kind}, ${date})`;
}

function titleOf(item: EtimsQueueItem): string {
  if (item.kind === "credit") return t`Credit note for ${item.label}`;
  if (item.kind === "resend") return t`${item.label} (changed)`;
  if (item.kind === "stock")
    return item.stock ? stockTitle(item.label, item.stock) : t`Stock report (its movement is gone)`;
  return item.label || t`Product`;
}

/** One row of "Not yet signed by KRA": what it is, how long it waited, why; Retry once KRA refused it. */
export function EtimsQueueRow({ item, businessId }: { item: EtimsQueueItem; businessId: string }) {
  const [retry, retrying] = useRetryEtimsMutation();
  const failed = item.state === "failed";
  const onRetry = async () => {
    try {
      await retry({ businessId, refId: item.refId }).unwrap();
      toast.success(t`Sent to KRA again.`);
    } catch (err) {
      toast.error(describeError(err).message);
    }
  };
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid="etims-queue-row">
      <Stack direction={{ xs: "column", sm: "row" }} spacing={1} sx={{ alignItems: { sm: "center" } }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap" }}>
            <Typography sx={{ fontWeight: 600 }}>{titleOf(item)}</Typography>
            <Chip
              size="small"
              color={failed ? "error" : "default"}
              label={failed ? t`Refused` : item.kind === "item" ? t`Registering` : t`Waiting`}
            />
            <Typography variant="body2" color="text.secondary">
              <Trans>Waiting {ageOf(item.queuedAt)}</Trans>
            </Typography>
          </Stack>
          <Typography variant="body2">{reasonOf(item)}</Typography>
          {item.error && (
            <Typography variant="caption" color="text.secondary" component="div" sx={{ overflowWrap: "anywhere" }}>
              {item.error}
            </Typography>
          )}
        </Box>
        {failed && (
          <Button variant="outlined" size="small" onClick={() => void onRetry()} disabled={retrying.isLoading}>
            <Trans>Retry</Trans>
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
