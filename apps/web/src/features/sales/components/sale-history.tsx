import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { Alert, Box, Button, LinearProgress, Stack, Typography } from "@mui/material";
import { formatKES } from "@app/shared/money/money";
import type { Sale } from "@app/shared/sales/sale";
import {
  saleChanges,
  type SaleChangeField,
  type SaleHistoryAction,
  type SaleHistoryEntry,
} from "@app/shared/sales/sale-history";
import { formatDateTime } from "../../../lib/date-format.ts";
import { useGetSaleHistoryQuery } from "../sales-api.ts";
import { paymentMethodLabel } from "../../../lib/i18n/payment-labels.ts";

function actionLabel(action: SaleHistoryAction): string {
  switch (action) {
    case "edited":
      return t`Edited`;
    case "voided":
      return t`Voided`;
    case "restored":
      return t`Restored`;
    case "void_reason":
      return t`Void reason corrected`;
    case "credit_payment":
      return t`Credit payment`;
    case "hidden":
      return t`Removed from the void sales`;
    case "discounted":
      return t`Sold with a discount`;
    case "shortfall_settled":
      return t`Stock shortfall settled`;
  }
}

function fieldLabel(field: SaleChangeField): string {
  switch (field) {
    case "status":
      return t`Status`;
    case "lines":
      return t`Products`;
    case "total":
      return t`Total`;
    case "payments":
      return t`Payments`;
    case "customer":
      return t`Customer`;
    case "balance":
      return t`Balance`;
    case "creditStatus":
      return t`Credit status`;
    case "voidReason":
      return t`Void reason`;
  }
}

function Entry({ entry, timeZone }: { entry: SaleHistoryEntry; timeZone: string | undefined }) {
  const changes = saleChanges(entry.before, entry.after);
  const who = entry.actorKind === "admin" ? t`${entry.actorName} (owner)` : entry.actorName;
  return (
    <Box
      component="li"
      data-testid="sale-history-entry"
      sx={{ py: 1, borderTop: 1, borderColor: "divider", listStyle: "none", overflowWrap: "anywhere" }}
    >
      <Typography variant="body2" component="div">
        <strong>{actionLabel(entry.action)}</strong>
        {" · "}
        {who}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="div">
        {formatDateTime(entry.at, timeZone)}
      </Typography>
      {entry.payment && (
        <Typography variant="body2" component="div">
          <Trans>
            {formatKES(entry.payment.amountPaid)} by {paymentMethodLabel(entry.payment.paymentMethod)}, received{" "}
            {formatDateTime(entry.payment.paymentDate, timeZone)}
          </Trans>
        </Typography>
      )}
      {entry.action === "discounted" && entry.note && (
        <Typography variant="body2" component="div" data-testid="discount-note">
          {entry.note}
        </Typography>
      )}
      {changes.map((c) => (
        <Typography key={c.field} variant="body2" component="div" data-testid={`change-${c.field}`}>
          <Box component="span" sx={{ color: "text.secondary" }}>
            {fieldLabel(c.field)}:
          </Box>{" "}
          <Box component="span" sx={{ textDecoration: "line-through", color: "text.secondary" }}>
            {c.before}
          </Box>
          {" → "}
          {c.after}
        </Typography>
      ))}
    </Box>
  );
}

/**
 * The audit trail in a sale's drawer (GET /sales/{id}/history): every edit, void, restore,
 * void-reason correction, credit payment and removal from the void sales, oldest first, with who
 * and when, and what each changed (the lines and payments as they were stay readable).
 */
export function SaleHistory({ sale, timeZone }: { sale: Pick<Sale, "_id" | "channel">; timeZone: string | undefined }) {
  const { data, isLoading, isError, refetch } = useGetSaleHistoryQuery({ channel: sale.channel, id: sale._id });
  return (
    <Box data-testid="sale-history" sx={{ mt: 2 }}>
      <Typography variant="subtitle1" gutterBottom>
        <Trans>History</Trans>
      </Typography>
      {isLoading ? (
        <LinearProgress aria-label={t`Loading the history`} />
      ) : isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void refetch()}>
              <Trans>Retry</Trans>
            </Button>
          }
        >
          <Trans>The history could not be loaded.</Trans>
        </Alert>
      ) : !data?.length ? (
        <Typography variant="body2" color="text.secondary">
          <Trans>No changes since it was made.</Trans>
        </Typography>
      ) : (
        <Stack component="ol" sx={{ p: 0, m: 0 }}>
          {data.map((entry) => (
            <Entry key={entry._id} entry={entry} timeZone={timeZone} />
          ))}
        </Stack>
      )}
    </Box>
  );
}
