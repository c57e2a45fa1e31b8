import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { ResponsiveDialog } from "../../../components/responsive-dialog.tsx";
import { Alert, Button, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from "@mui/material";
import { useState } from "react";
import { toast } from "react-toastify";
import { formatKES } from "@app/shared/money/money";
import type { Sale } from "@app/shared/sales/sale";
import { describeError } from "../../../api/errors.ts";
import { useAppSelector } from "../../../app/hooks.ts";
import { useVoidSaleMutation } from "../sales-api.ts";
import { RefundReasonField } from "./refund-reason-field.tsx";

/** Asks why before a sale is voided: it moves to the void sales and its stock returns. */
export function VoidSaleDialog({
  sale,
  onClose,
  onVoided,
}: {
  sale: Sale | null;
  onClose: () => void;
  onVoided: () => void;
}) {
  const username = useAppSelector((s) => s.session.user?.details.username ?? "");
  const [voidSale, { isLoading }] = useVoidSaleMutation();
  const [reason, setReason] = useState("");
  /** KRA's refund reason, when one is chosen (eTIMS only). */
  const [refundReason, setRefundReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const wholesale = sale?.channel === "wholesale";
  function close() {
    setReason("");
    setRefundReason("");
    setError(null);
    onClose();
  }
  async function confirm() {
    if (!sale) return;
    if (!reason.trim()) return setError(t`Say why the sale is voided`);
    try {
      await voidSale({
        channel: sale.channel,
        id: sale._id,
        deletedBy: username,
        paymentStatus: sale.paymentStatus,
        reason,
        ...(refundReason ? { etimsRefundReason: refundReason } : {}),
      }).unwrap();
      const n = sale.saleNumber;
      toast.success(wholesale ? t`Order #${n} voided; its stock is back` : t`Sale #${n} voided; its stock is back`);
      setReason("");
      setRefundReason("");
      setError(null);
      onVoided();
    } catch (err) {
      setError(describeError(err).message);
    }
  }
  const amount = sale ? formatKES(sale.amount) : "";
  return (
    <ResponsiveDialog open={sale !== null} onClose={close} fullWidth maxWidth="xs">
      <DialogTitle>
        {wholesale ? t`Void order #${sale?.saleNumber ?? ""}?` : t`Void sale #${sale?.saleNumber ?? ""}?`}
      </DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {wholesale
            ? t`The order of ${amount} moves to the void orders and its products go back into stock. It can be restored later.`
            : t`The sale of ${amount} moves to the void sales and its products go back into stock. It can be restored later.`}
        </DialogContentText>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        <TextField
          label={t`Reason`}
          fullWidth
          multiline
          minRows={2}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          autoFocus
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />
        {sale && <RefundReasonField sale={sale} value={refundReason} onChange={setRefundReason} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>
          <Trans>Cancel</Trans>
        </Button>
        <Button color="error" variant="contained" onClick={() => void confirm()} disabled={isLoading}>
          {wholesale ? t`Void order` : t`Void sale`}
        </Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}
