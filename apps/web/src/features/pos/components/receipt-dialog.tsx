import { useState } from "react";
import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { ResponsiveDialog } from "../../../components/responsive-dialog.tsx";
import { Button, DialogActions, DialogContent, DialogTitle } from "@mui/material";
import { toast } from "react-toastify";
import { formatKES } from "@app/shared/money/money";
import { receiptLines, type ReceiptBusiness } from "@app/shared/printing/receipt";
import type { Sale } from "@app/shared/sales/sale";
import { describeError } from "../../../api/errors.ts";
import { PrintPreview } from "../../../components/print-preview.tsx";
import { printInBrowser } from "../../../lib/print-document.ts";
import { usePrintReceiptMutation } from "../pos-api.ts";
import { i18n } from "@lingui/core";
import { documentLanguageOf } from "@app/shared/printing/receipt-text";
import { SendReceiptButton } from "../../../components/send-receipt-dialog.tsx";
import { useReceiptSending } from "../../messages/messages-api.ts";

type Props = {
  sale: Sale | null;
  businessId: string;
  /** The business's name and, for tax, its KRA PIN and VAT registration (printed when set). */
  business: ReceiptBusiness;
  networkPrinter: boolean;
  /** Kept on this device until it syncs: no number yet, and the receipt says so. */
  offline?: boolean;
  onClose: () => void;
};

/** After checkout: the receipt (80 mm), printed here or on the network receipt printer. */
export function ReceiptDialog({ sale, businessId, business, networkPrinter, offline = false, onClose }: Props) {
  const [printOnNetwork, { isLoading }] = usePrintReceiptMutation();
  const [drawerOpened, setDrawerOpened] = useState(false);
  // A sale kept on this device has no receipt on the server yet: it is sent once it syncs (from Sales).
  const sending = useReceiptSending(businessId, offline ? null : sale);
  if (!sale) return null;
  const lines = receiptLines(sale, business, 48, { notSynced: offline, language: documentLanguageOf(i18n.locale) });
  async function sendToPrinter() {
    try {
      // The first print of a cash sale's receipt opens the cash drawer (ESC/POS pulse, issue 31).
      const openDrawer = !offline && !drawerOpened && sale!.payments.some((p) => p.method === "Cash");
      const outcome = await printOnNetwork({ channel: sale!.channel, saleId: sale!._id, openDrawer }).unwrap();
      if (openDrawer) setDrawerOpened(true);
      if (outcome.printStatus === "sent") toast.success(t`Receipt sent to the printer`);
      else toast.error(outcome.printerError ?? "The receipt printer did not take it");
    } catch (err) {
      toast.error(describeError(err).message);
    }
  }
  return (
    <ResponsiveDialog open onClose={onClose} maxWidth="sm">
      <DialogTitle>
        {offline ? (
          <span data-testid="receipt-offline">
            <Trans>Sale kept on this device · not yet synced</Trans>
          </span>
        ) : (
          <>
            {sale.channel === "retail" ? t`Sale` : t`Order`} #{sale.saleNumber} <Trans>recorded</Trans>
          </>
        )}
        {sale.change > 0 ? t` · change due ${formatKES(sale.change)}` : ""}
      </DialogTitle>
      <DialogContent onKeyDown={(e) => e.key === "Enter" && onClose()}>
        <PrintPreview lines={lines} testId="receipt-preview" />
      </DialogContent>
      <DialogActions>
        <Button onClick={() => printInBrowser(lines)}>
          <Trans>Print receipt</Trans>
        </Button>
        {networkPrinter && !offline && (
          <Button onClick={() => void sendToPrinter()} disabled={isLoading}>
            <Trans>Send to receipt printer</Trans>
          </Button>
        )}
        {!offline && (
          <SendReceiptButton
            sending={sending}
            summary={{ businessName: business.name, number: `#${sale.saleNumber}`, total: formatKES(sale.amount) }}
            defaultPhone={sale.customerPhone}
          />
        )}
        <Button variant="contained" onClick={onClose} autoFocus>
          <Trans>New sale (Enter)</Trans>
        </Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}
