import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { Box, Button, Chip, Paper, Stack, Typography } from "@mui/material";
import type { EtimsPurchase } from "@app/shared/etims/purchases";
import { formatKES } from "@app/shared/money/money";
import { formatDate, formatDateTime } from "../../../lib/date-format.ts";

export type PurchaseAction = "supply" | "expense" | "reject";

/** The state of a supplier's invoice, in words: waiting for the owner, confirmed (as what), rejected. */
function stateLabel(p: EtimsPurchase): string {
  if (p.state === "rejected") return t`Rejected`;
  if (p.state === "confirmed")
    return p.confirmedAs === "supply" ? t`Confirmed as supply ${p.supplyNumber ?? ""}` : t`Confirmed as an expense`;
  return t`Waiting for you`;
}

/** One supplier's invoice KRA holds: who, when, its lines, totals and VAT; the owner's answers while it waits. */
export function PurchaseCard({
  purchase: p,
  onAction,
}: {
  purchase: EtimsPurchase;
  onAction: (a: PurchaseAction) => void;
}) {
  const waiting = p.state === "new";
  const creditNote = p.receiptType !== "S";
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid="etims-purchase">
      <Stack spacing={1}>
        <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap" }}>
          <Typography sx={{ fontWeight: 600 }}>{p.supplierName}</Typography>
          <Typography variant="body2" color="text.secondary">
            <Trans>PIN {p.supplierPin}</Trans>
          </Typography>
          <Chip
            size="small"
            color={waiting ? "warning" : p.state === "confirmed" ? "success" : "default"}
            label={stateLabel(p)}
            data-testid="etims-purchase-state"
          />
          {creditNote && <Chip size="small" variant="outlined" label={t`Credit note`} />}
        </Stack>
        <Typography variant="body2">
          <Trans>
            Invoice {p.supplierInvoiceNo} of {p.saleDate ? formatDate(`${p.saleDate}T12:00:00+03:00`) : "—"}: total{" "}
            {formatKES(p.total)}, VAT {formatKES(p.totalTax)}
          </Trans>
        </Typography>
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {p.lines.map((l) => (
            <Typography component="li" variant="body2" key={l.seq}>
              {l.name}: {l.quantity} {l.quantityUnit ?? ""} × {formatKES(l.unitPrice)} = {formatKES(l.total)} (
              {l.taxType})
            </Typography>
          ))}
        </Box>
        {!waiting && p.decidedAt && (
          <Typography variant="caption" color="text.secondary">
            <Trans>
              By {p.decidedBy}, {formatDateTime(p.decidedAt)}
            </Trans>
          </Typography>
        )}
        {waiting && (
          <Stack direction="row" spacing={1} sx={{ flexWrap: "wrap" }}>
            {!creditNote && (
              <>
                <Button size="small" variant="contained" onClick={() => onAction("supply")}>
                  <Trans>Confirm as supply</Trans>
                </Button>
                <Button size="small" variant="outlined" onClick={() => onAction("expense")}>
                  <Trans>Confirm as expense</Trans>
                </Button>
              </>
            )}
            <Button size="small" color="error" onClick={() => onAction("reject")}>
              <Trans>Reject</Trans>
            </Button>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
