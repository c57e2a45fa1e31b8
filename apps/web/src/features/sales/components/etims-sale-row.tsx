import { Trans } from "@lingui/react/macro";
import { Alert, Box, Typography } from "@mui/material";
import type { EtimsSaleCorrections } from "@app/shared/etims/queue";
import { kraDateTime, kraReceiptNumber } from "@app/shared/etims/receipt-proof";
import type { Sale } from "@app/shared/sales/sale";
import { useGetEtimsRefundReasonsQuery, useGetSaleEtimsCorrectionsQuery } from "../../etims/etims-receipt-api.ts";

/**
 * Where a sale stands with KRA eTIMS, in the sale's drawer: signed (KRA's receipt number and date:
 * the receipt reprints with KRA's QR code), awaiting KRA (the drawer reads the sale again until it
 * is signed), refused (KRA's reason), or the business not connected.
 */
export function EtimsSaleRow({ sale, connected }: { sale: Sale; connected: boolean }) {
  return (
    <>
      <EtimsSaleState sale={sale} connected={connected} />
      {connected && <EtimsSaleCorrectionRows sale={sale} />}
    </>
  );
}

function EtimsSaleState({ sale, connected }: { sale: Sale; connected: boolean }) {
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

type CorrectionItem = EtimsSaleCorrections["items"][number];

/**
 * What KRA was told after the sale changed: each credit note cancelling a receipt KRA signed
 * (after a void or an edit) and each new receipt (after an edit or a restore). Read again every
 * 15 s while one waits for KRA.
 */
function EtimsSaleCorrectionRows({ sale }: { sale: Sale }) {
  const args = { businessId: sale.businessId, saleId: sale._id };
  // Read anew each time the drawer opens: a void or an edit since adds one.
  const { data } = useGetSaleEtimsCorrectionsQuery(args, { refetchOnMountOrArgChange: true });
  const waiting = data?.items.some((c) => c.state === "queued" || c.state === "sending") ?? false;
  useGetSaleEtimsCorrectionsQuery(args, { pollingInterval: waiting ? 15_000 : 0, skipPollingIfUnfocused: true });
  const credits = data?.items.some((c) => c.refundReasonCd !== null) ?? false;
  const { data: reasons } = useGetEtimsRefundReasonsQuery(sale.businessId, { skip: !credits });
  if (!data?.items.length) return null;
  const reasonOf = (code: string) => {
    const name = reasons?.items.find((r) => r.code === code)?.name;
    return name ? `${code} ${name}` : code;
  };
  return (
    <Box sx={{ mt: 1 }} data-testid="sale-etims-corrections">
      {data.items.map((c, i) => (
        <Typography key={i} variant="body2" color={c.state === "failed" ? "error" : "text.secondary"}>
          {correctionText(c)}
          {c.refundReasonCd !== null && (
            <>
              {" "}
              <Trans>KRA refund code: {reasonOf(c.refundReasonCd)}</Trans>
            </>
          )}
        </Typography>
      ))}
    </Box>
  );
}

function correctionText(c: CorrectionItem) {
  const credit = c.kind === "credit";
  if (c.proof) {
    const no = kraReceiptNumber(c.proof);
    const at = kraDateTime(c.proof.sdcDateTime);
    return credit ? (
      <Trans>
        Credit note signed by KRA: receipt no. {no}, {at}
      </Trans>
    ) : (
      <Trans>
        Signed again by KRA after the change: receipt no. {no}, {at}
      </Trans>
    );
  }
  if (c.state === "failed") {
    const reason = c.error ?? "";
    return credit ? (
      <Trans>KRA refused the credit note: {reason}</Trans>
    ) : (
      <Trans>KRA refused the changed sale: {reason}</Trans>
    );
  }
  return credit ? (
    <Trans>Credit note awaiting KRA signature.</Trans>
  ) : (
    <Trans>Changed sale awaiting KRA signature.</Trans>
  );
}
