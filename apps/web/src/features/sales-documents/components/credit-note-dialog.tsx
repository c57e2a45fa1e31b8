import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { ResponsiveDialog } from "../../../components/responsive-dialog.tsx";
import {
  Alert,
  Box,
  Button,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from "@mui/material";
import { useState } from "react";
import { toast } from "react-toastify";
import { formatKES } from "@app/shared/money/money";
import { planCreditNote, refundDue, type SalesDocument } from "@app/shared/sales-documents/document";
import { MONEY_METHODS, type MoneyMethod } from "@app/shared/transactions/transaction";
import { describeError } from "../../../api/errors.ts";
import { newIdempotencyKey } from "../../../lib/idempotency-key.ts";
import { useCreateCreditNoteMutation } from "../documents-api.ts";

/**
 * A credit note against an invoice: units of its lines given back or not charged, never more
 * than are left (the shared planCreditNote, as the server checks); when the invoice was paid
 * beyond what is left owing, the refund's method.
 */
export function CreditNoteDialog({ invoice, onClose }: { invoice: SalesDocument; onClose: () => void }) {
  const [create, { isLoading }] = useCreateCreditNoteMutation();
  const [key] = useState(newIdempotencyKey);
  const [quantities, setQuantities] = useState<Record<number, string>>({});
  const [reason, setReason] = useState("");
  const [refundMethod, setRefundMethod] = useState<MoneyMethod | "">("");
  const [error, setError] = useState<string | null>(null);
  const wanted = invoice.lines.flatMap((l) => {
    const q = Number(quantities[l.lineNo] ?? 0);
    return q > 0 ? [{ lineNo: l.lineNo, quantity: q }] : [];
  });
  const money = {
    cancelled: false,
    total: invoice.total,
    credited: invoice.credited,
    paid: invoice.amountPaid,
    refunded: invoice.refunded,
  };
  const plan = wanted.length ? planCreditNote({ ...money, lines: invoice.lines }, wanted) : null;
  const refund = plan?.ok ? refundDue(money, plan.total) : 0;

  async function save() {
    if (!plan) return setError(t`Enter how many units of a line to credit.`);
    if (!plan.ok) return setError(plan.message);
    if (refund > 0 && !refundMethod) return setError(t`Choose how the refund is paid.`);
    try {
      const note = await create({
        invoiceId: invoice._id,
        body: { reason, lines: wanted, ...(refundMethod ? { refundMethod } : {}) },
        idempotencyKey: key,
      }).unwrap();
      toast.success(t`${note.number} issued for ${formatKES(note.total)}`);
      onClose();
    } catch (err) {
      const d = describeError(err);
      setError(d.fields.reason ?? d.fields.refundMethod ?? d.message);
    }
  }
  return (
    <ResponsiveDialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="credit-note-title">
      <DialogTitle id="credit-note-title">{t`Credit note for ${invoice.number}`}</DialogTitle>
      <DialogContent>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        <Box sx={{ overflowX: "auto" }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t`Line`}</TableCell>
                <TableCell align="right">{t`Left to credit`}</TableCell>
                <TableCell align="right">{t`Credit`}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {invoice.lines.map((l) => (
                <TableRow key={l.lineNo}>
                  <TableCell>
                    {l.description} · {formatKES(l.unitPrice)}
                  </TableCell>
                  <TableCell align="right">{l.quantity - l.creditedQuantity}</TableCell>
                  <TableCell align="right" sx={{ width: 110 }}>
                    <TextField
                      size="small"
                      value={quantities[l.lineNo] ?? ""}
                      onChange={(e) =>
                        /^\d*$/.test(e.target.value) && setQuantities({ ...quantities, [l.lineNo]: e.target.value })
                      }
                      slotProps={{
                        htmlInput: { inputMode: "numeric", "aria-label": t`Units of ${l.description} to credit` },
                      }}
                    />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
        <Stack spacing={2} sx={{ mt: 2 }}>
          <TextField
            size="small"
            label={t`Reason`}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            required
          />
          {plan?.ok && (
            <Typography>
              {t`Credit note total: ${formatKES(plan.total)}`}
              {refund > 0 ? ` · ${t`to refund: ${formatKES(refund)}`}` : ""}
            </Typography>
          )}
          {refund > 0 && (
            <TextField
              select
              size="small"
              label={t`Refund paid by`}
              value={refundMethod}
              onChange={(e) => setRefundMethod(e.target.value as MoneyMethod)}
            >
              {MONEY_METHODS.map((m) => (
                <MenuItem key={m} value={m}>
                  {m === "Bank Transfer" ? t`Bank Transfer` : m}
                </MenuItem>
              ))}
            </TextField>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>
          <Trans>Cancel</Trans>
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={isLoading}>
          <Trans>Issue credit note</Trans>
        </Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}
