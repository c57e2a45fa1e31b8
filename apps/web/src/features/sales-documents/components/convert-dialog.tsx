import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { ResponsiveDialog } from "../../../components/responsive-dialog.tsx";
import { Alert, Button, DialogActions, DialogContent, DialogTitle, Typography } from "@mui/material";
import { useState } from "react";
import { toast } from "react-toastify";
import { DEFAULT_TIME_ZONE } from "@app/shared/businesses/business";
import { todayIn } from "@app/shared/inventory/daily-stock";
import type { SalesDocument } from "@app/shared/sales-documents/document";
import { describeError } from "../../../api/errors.ts";
import { useAppSelector } from "../../../app/hooks.ts";
import { DatePicker } from "../../../components/date-picker.tsx";
import { newIdempotencyKey } from "../../../lib/idempotency-key.ts";
import { useConvertQuotationMutation } from "../documents-api.ts";
import { plusDays } from "./document-dialog.tsx";

/** Turns a quotation into an invoice, once, with the invoice's due date. */
export function ConvertDialog({
  quotation,
  onClose,
  onConverted,
}: {
  quotation: SalesDocument;
  onClose: () => void;
  onConverted: (invoice: SalesDocument) => void;
}) {
  const timeZone = useAppSelector((s) => s.business.current?.timeZone) ?? DEFAULT_TIME_ZONE;
  const [convert, { isLoading }] = useConvertQuotationMutation();
  const [key] = useState(newIdempotencyKey);
  const [dueDate, setDueDate] = useState(() => plusDays(todayIn(timeZone), 14));
  const [error, setError] = useState<string | null>(null);
  async function save() {
    try {
      const invoice = await convert({ id: quotation._id, dueDate, idempotencyKey: key }).unwrap();
      toast.success(t`${quotation.number} is now invoice ${invoice.number}`);
      onConverted(invoice);
    } catch (err) {
      setError(describeError(err).message);
    }
  }
  return (
    <ResponsiveDialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="convert-title">
      <DialogTitle id="convert-title">{t`Convert ${quotation.number} to an invoice`}</DialogTitle>
      <DialogContent>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        <Typography sx={{ mb: 2 }}>
          <Trans>The invoice gets the quotation's client and lines. A quotation is converted only once.</Trans>
        </Typography>
        <DatePicker label={t`Due date`} day={dueDate} onChange={setDueDate} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>
          <Trans>Cancel</Trans>
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={isLoading}>
          <Trans>Convert to invoice</Trans>
        </Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}
