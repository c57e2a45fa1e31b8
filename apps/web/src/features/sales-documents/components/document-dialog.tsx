import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import AddIcon from "@mui/icons-material/Add";
import { ResponsiveDialog } from "../../../components/responsive-dialog.tsx";
import {
  Alert,
  Box,
  Button,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from "@mui/material";
import { useState } from "react";
import { toast } from "react-toastify";
import { DEFAULT_TIME_ZONE } from "@app/shared/businesses/business";
import { todayIn } from "@app/shared/inventory/daily-stock";
import { formatKES } from "@app/shared/money/money";
import type { SalesDocument } from "@app/shared/sales-documents/document";
import { describeError } from "../../../api/errors.ts";
import { useAppSelector } from "../../../app/hooks.ts";
import { DatePicker } from "../../../components/date-picker.tsx";
import { newIdempotencyKey } from "../../../lib/idempotency-key.ts";
import {
  documentToForm,
  emptyDocumentForm,
  newLine,
  previewOf,
  readDocumentForm,
  type DocumentForm,
} from "../document-form.ts";
import { useCreateDocumentMutation, useUpdateDocumentMutation } from "../documents-api.ts";
import { LineEditor } from "./line-editor.tsx";
import { PartyPicker } from "./party-picker.tsx";
import { VatTable } from "./vat-table.tsx";

/** "2026-03-01" plus n days. */
export const plusDays = (day: string, n: number) => {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
};

type Props = {
  type: "invoice" | "quotation";
  doc?: SalesDocument;
  onClose: () => void;
  onSaved?: (d: SalesDocument) => void;
};

/** A new invoice or quotation, or an edit: who it is for, its lines, the due (or valid-until) date, notes; VAT previewed per band. */
export function DocumentDialog({ type, doc, onClose, onSaved }: Props) {
  const fullScreen = useMediaQuery(useTheme().breakpoints.down("md"));
  const business = useAppSelector((s) => s.business.current);
  const timeZone = business?.timeZone ?? DEFAULT_TIME_ZONE;
  const [create, { isLoading: creating }] = useCreateDocumentMutation();
  const [update, { isLoading: updating }] = useUpdateDocumentMutation();
  const [key] = useState(newIdempotencyKey);
  const [form, setForm] = useState<DocumentForm>(() =>
    doc ? documentToForm(doc) : emptyDocumentForm(plusDays(todayIn(timeZone), type === "invoice" ? 14 : 30)),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const preview = previewOf(form, business?.vatRegistered ?? false);

  async function save() {
    const read = readDocumentForm(form, type);
    if (!read.ok) return setErrors(read.errors);
    setErrors({});
    try {
      const saved = doc
        ? await update({ type, id: doc._id, body: read.input }).unwrap()
        : await create({ type, body: { ...read.input, businessId: business!._id }, idempotencyKey: key }).unwrap();
      toast.success(doc ? t`${saved.number} saved` : t`${saved.number} created`);
      onSaved?.(saved);
      onClose();
    } catch (err) {
      const d = describeError(err);
      setErrors({ ...d.fields, form: d.message });
    }
  }

  return (
    <ResponsiveDialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="md"
      fullScreen={fullScreen}
      aria-labelledby="document-title"
    >
      <DialogTitle id="document-title">
        {doc ? t`Edit ${doc.number}` : type === "invoice" ? t`New invoice` : t`New quotation`}
      </DialogTitle>
      <DialogContent>
        {errors.form && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {errors.form}
          </Alert>
        )}
        <Stack spacing={2} sx={{ pt: 1 }}>
          {business && (
            <PartyPicker
              businessId={business._id}
              clientId={form.clientId}
              customerName={form.customerName}
              error={errors.clientId ?? errors.customerName}
              onChange={(p) => setForm({ ...form, ...p })}
            />
          )}
          <Divider />
          <Typography variant="subtitle2">
            <Trans>Lines (prices include VAT)</Trans>
          </Typography>
          {form.lines.map((line, i) => (
            <LineEditor
              key={line.key}
              businessId={business?._id ?? ""}
              index={i}
              line={line}
              errors={errors}
              onChange={(l) => setForm({ ...form, lines: form.lines.map((x) => (x.key === l.key ? l : x)) })}
              onRemove={
                form.lines.length > 1
                  ? () => setForm({ ...form, lines: form.lines.filter((x) => x.key !== line.key) })
                  : undefined
              }
            />
          ))}
          <Box>
            <Button startIcon={<AddIcon />} onClick={() => setForm({ ...form, lines: [...form.lines, newLine()] })}>
              <Trans>Add a line</Trans>
            </Button>
          </Box>
          <VatTable bands={preview.bands} />
          <Typography sx={{ fontWeight: 700, textAlign: "right" }} data-testid="document-total">
            {t`Total ${formatKES(preview.total)} (VAT ${formatKES(preview.tax)})`}
          </Typography>
          <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
            <DatePicker
              label={type === "invoice" ? t`Due date` : t`Valid until`}
              day={form.day}
              onChange={(day) => setForm({ ...form, day })}
            />
            <TextField
              size="small"
              label={t`Notes`}
              value={form.notes}
              onChange={(e) => setForm({ ...form, notes: e.target.value })}
              fullWidth
              multiline
            />
          </Stack>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>
          <Trans>Cancel</Trans>
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={creating || updating || !business}>
          {doc ? t`Save` : type === "invoice" ? t`Create invoice` : t`Create quotation`}
        </Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}
