import { Trans } from "@lingui/react/macro";
import { Alert, Box, Typography } from "@mui/material";
import { kraDateTime, kraReceiptNumber } from "@app/shared/etims/receipt-proof";
import type { Sale } from "@app/shared/sales/sale";

/**
 * Where a sale stands with KRA eTIMS, in the sale's drawer: signed (KRA's receipt number and date:
 * the receipt reprints with KRA's QR code), awaiting KRA (the drawer reads the sale again until it
 * is signed), refused (KRA's reason), or the business not connected.
 */
export function EtimsSaleRow({ sale, connected }: { sale: Sale; connected: boolean }) {
  const proof = sale.etimsProof;
  if (proof)
    return (
      <Alert severity="success" sx={{ mt: 1.5 }} data-testid="sale-etims">
        <Typography variant="body2" component="div">
          <Trans>
            Signed by KRA: receipt no. {kraReceiptNumber(proof)}, {kraDateTime(proof.sdcDateTime)}
          </Trans>
        </Typography>
        <Box component="span" sx={{ fontFamily: "monospace", fontSize: 12, wordBreak: "break-all" }}>
          {proof.rcptSign}
        </Box>
      </Alert>
    );
  if (!connected || sale.etimsState === "not_required")
    return (
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }} data-testid="sale-etims">
        <Trans>eTIMS: not connected</Trans>
      </Typography>
    );
  if (sale.etimsState === "failed")
    return (
      <Alert severity="error" sx={{ mt: 1.5 }} data-testid="sale-etims">
        <Trans>KRA refused this sale: {sale.etimsError ?? ""}</Trans>
      </Alert>
    );
  return (
    <Alert severity="info" sx={{ mt: 1.5 }} data-testid="sale-etims">
      <Trans>Awaiting KRA signature. Reprint the receipt once KRA has signed it to print KRA&apos;s QR code.</Trans>
    </Alert>
  );
}
