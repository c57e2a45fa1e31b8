import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import CloseIcon from "@mui/icons-material/Close";
import {
  Alert,
  Box,
  Button,
  Divider,
  Drawer,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import { useState } from "react";
import { toast } from "react-toastify";
import { DEFAULT_TIME_ZONE } from "@app/shared/businesses/business";
import { formatKES } from "@app/shared/money/money";
import type { DocumentType, SalesDocument } from "@app/shared/sales-documents/document";
import { describeError } from "../../../api/errors.ts";
import { useAppSelector } from "../../../app/hooks.ts";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { formatDate, formatDateTime } from "../../../lib/date-format.ts";
import { savePdf } from "../../../lib/pdf-files.ts";
import { documentNoun } from "../document-texts.ts";
import { documentPdfUrl, useCancelDocumentMutation, useGetDocumentQuery } from "../documents-api.ts";
import { ConvertDialog } from "./convert-dialog.tsx";
import { CreditNoteDialog } from "./credit-note-dialog.tsx";
import { DocumentChips } from "./document-chips.tsx";
import { DocumentDialog } from "./document-dialog.tsx";
import { InvoicePaymentDialog } from "./invoice-payment-dialog.tsx";
import { VatTable } from "./vat-table.tsx";
import { paymentMethodLabel } from "../../../lib/i18n/payment-labels.ts";

export type DocRef = { type: DocumentType; id: string };
type Action = "pay" | "credit" | "edit" | "cancel" | "convert" | null;

const day = (d: string | null) => (d ? formatDate(`${d}T12:00:00Z`, "UTC") : "-");

function Sum({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Box sx={{ display: "flex", justifyContent: "space-between" }}>
      <Typography sx={{ fontWeight: strong ? 700 : 400 }}>{label}</Typography>
      <Typography sx={{ fontWeight: strong ? 700 : 500 }}>{value}</Typography>
    </Box>
  );
}

/** One invoice, quotation or credit note: who for, lines, VAT per band, money, and what can be done with it now. */
export function DocumentDrawer({
  docRef,
  onClose,
  onOpen,
}: {
  docRef: DocRef | null;
  onClose: () => void;
  onOpen: (r: DocRef) => void;
}) {
  const timeZone = useAppSelector((s) => s.business.current?.timeZone) ?? DEFAULT_TIME_ZONE;
  const token = useAppSelector((s) => s.session.user?.token);
  const { data: d, isError } = useGetDocumentQuery(docRef ?? { type: "invoice", id: "" }, { skip: !docRef });
  const [cancel, { isLoading: cancelling }] = useCancelDocumentMutation();
  const [action, setAction] = useState<Action>(null);
  const doc = d && docRef && d._id === docRef.id ? d : null;
  const can = doc ? abilities(doc) : null;
  const download = () =>
    doc && void savePdf(documentPdfUrl(doc), token, `${doc.number}.pdf`).catch((e: Error) => toast.error(e.message));
  return (
    <Drawer
      anchor="right"
      open={Boolean(docRef)}
      onClose={onClose}
      // Above the app bar (which sits above the menu drawer), like the sale detail drawer.
      sx={{ zIndex: (theme) => theme.zIndex.modal }}
      slotProps={{ paper: { sx: { width: { xs: "100%", sm: 560 }, maxWidth: "100vw" } } }}
    >
      <Box sx={{ p: 2 }} data-testid="document-drawer">
        <Stack direction="row" sx={{ alignItems: "center", mb: 1 }}>
          <Typography variant="h6" sx={{ flex: 1 }}>
            {doc ? `${documentNoun(doc.type)} ${doc.number}` : t`Loading…`}
          </Typography>
          <IconButton aria-label={t`Close`} onClick={onClose}>
            <CloseIcon />
          </IconButton>
        </Stack>
        {isError && <Alert severity="error">{t`This document could not be loaded.`}</Alert>}
        {doc && can && (
          <Stack spacing={2}>
            <DocumentChips doc={doc} />
            <Box>
              <Typography sx={{ fontWeight: 600 }}>{doc.party.name}</Typography>
              <Typography variant="body2" color="text.secondary">
                {t`KRA PIN: ${doc.party.kraPin ?? "-"}`}
                {doc.party.contact ? ` · ${doc.party.contact}` : ""}
              </Typography>
              {doc.party.address && (
                <Typography variant="body2" color="text.secondary">
                  {doc.party.address}
                </Typography>
              )}
              <Typography variant="body2" sx={{ mt: 1 }}>
                {t`Issued ${formatDateTime(doc.issuedAt, timeZone)}`}
                {doc.dueDate ? ` · ${t`due ${day(doc.dueDate)}`}` : ""}
                {doc.validUntil ? ` · ${t`valid until ${day(doc.validUntil)}`}` : ""}
              </Typography>
              {doc.related && (
                <Button
                  size="small"
                  sx={{ px: 0 }}
                  onClick={() => onOpen({ type: doc.related!.type, id: doc.related!._id })}
                >
                  {doc.type === "credit_note"
                    ? t`For invoice ${doc.related.number}`
                    : doc.type === "invoice"
                      ? t`From quotation ${doc.related.number}`
                      : t`Became invoice ${doc.related.number}`}
                </Button>
              )}
              {doc.reason && <Typography variant="body2">{t`Reason: ${doc.reason}`}</Typography>}
            </Box>
            <Box sx={{ overflowX: "auto" }}>
              <Table size="small">
                <TableHead>
                  <TableRow>
                    <TableCell>{t`Item`}</TableCell>
                    <TableCell align="right">{t`Qty`}</TableCell>
                    <TableCell align="right">{t`Price`}</TableCell>
                    <TableCell align="right">{t`Amount`}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {doc.lines.map((l) => (
                    <TableRow key={l.lineNo}>
                      <TableCell>
                        {l.description}{" "}
                        <Typography component="span" variant="caption" color="text.secondary">
                          ({l.taxType})
                        </Typography>
                      </TableCell>
                      <TableCell align="right">{l.quantity}</TableCell>
                      <TableCell align="right">{formatKES(l.unitPrice)}</TableCell>
                      <TableCell align="right">{formatKES(l.total)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
            <VatTable bands={doc.vatBands} />
            <Box data-testid="document-sums">
              <Sum label={t`Total (VAT ${formatKES(doc.tax)})`} value={formatKES(doc.total)} strong />
              {doc.type === "invoice" && (
                <>
                  {doc.credited > 0 && <Sum label={t`Credited`} value={formatKES(-doc.credited)} />}
                  <Sum label={t`Paid`} value={formatKES(doc.amountPaid - doc.refunded)} />
                  <Sum label={t`Balance`} value={formatKES(doc.balance)} strong />
                </>
              )}
            </Box>
            {doc.payments.length > 0 && (
              <Box>
                <Typography variant="subtitle2">{t`Payments`}</Typography>
                {doc.payments.map((p) => (
                  <Typography key={p._id} variant="body2">
                    {formatDateTime(p.paidAt, timeZone)} · {p.refund ? t`Refund` : paymentMethodLabel(p.method)}
                    {p.reference ? ` ${p.reference}` : ""} · {formatKES(p.refund ? -p.amount : p.amount)}
                  </Typography>
                ))}
              </Box>
            )}
            {doc.creditNotes.length > 0 && (
              <Box>
                <Typography variant="subtitle2">{t`Credit notes`}</Typography>
                {doc.creditNotes.map((c) => (
                  <Button key={c._id} size="small" onClick={() => onOpen({ type: "credit_note", id: c._id })}>
                    {c.number} · {formatKES(c.total)}
                  </Button>
                ))}
              </Box>
            )}
            {doc.notes && <Typography variant="body2">{doc.notes}</Typography>}
            <Divider />
            <Stack direction="row" sx={{ flexWrap: "wrap", gap: 1 }}>
              {can.pay && (
                <Button variant="contained" onClick={() => setAction("pay")}>
                  <Trans>Record payment</Trans>
                </Button>
              )}
              {can.convert && (
                <Button variant="contained" onClick={() => setAction("convert")}>
                  <Trans>Convert to invoice</Trans>
                </Button>
              )}
              <Button variant="outlined" onClick={download}>
                <Trans>Download PDF</Trans>
              </Button>
              {can.edit && (
                <Button variant="outlined" onClick={() => setAction("edit")}>
                  <Trans>Edit</Trans>
                </Button>
              )}
              {can.credit && (
                <Button variant="outlined" onClick={() => setAction("credit")}>
                  <Trans>Credit note</Trans>
                </Button>
              )}
              {can.cancel && (
                <Button color="error" onClick={() => setAction("cancel")}>
                  <Trans>Cancel</Trans>
                </Button>
              )}
            </Stack>
            {doc.type === "invoice" && doc.status === "Paid" && (
              <Typography variant="caption" color="text.secondary">
                <Trans>A paid invoice cannot be edited: issue a credit note instead.</Trans>
              </Typography>
            )}
          </Stack>
        )}
      </Box>
      {doc && action === "pay" && <InvoicePaymentDialog invoice={doc} onClose={() => setAction(null)} />}
      {doc && action === "credit" && <CreditNoteDialog invoice={doc} onClose={() => setAction(null)} />}
      {doc && action === "edit" && doc.type !== "credit_note" && (
        <DocumentDialog type={doc.type} doc={doc} onClose={() => setAction(null)} />
      )}
      {doc && action === "convert" && (
        <ConvertDialog
          quotation={doc}
          onClose={() => setAction(null)}
          onConverted={(inv) => (setAction(null), onOpen({ type: "invoice", id: inv._id }))}
        />
      )}
      <ConfirmDialog
        open={action === "cancel"}
        title={t`Cancel ${doc?.number ?? ""}?`}
        text={t`It stays in the list as cancelled and its number is not used again.`}
        confirmLabel={t`Cancel it`}
        busy={cancelling}
        onClose={() => setAction(null)}
        onConfirm={() =>
          doc &&
          doc.type !== "credit_note" &&
          void cancel({ type: doc.type, id: doc._id })
            .unwrap()
            .then(() => (toast.success(t`${doc.number} cancelled`), setAction(null)))
            .catch((err: unknown) => toast.error(describeError(err).message))
        }
      />
    </Drawer>
  );
}

/** What the state machine allows now (the server refuses the rest). */
function abilities(d: SalesDocument) {
  const owing = d.type === "invoice" && (d.status === "Pending" || d.status === "Partial");
  return {
    pay: owing,
    edit: (owing && d.credited === 0) || (d.type === "quotation" && d.status === "Open"),
    credit: d.type === "invoice" && d.status !== "Cancelled" && d.status !== "Credited",
    cancel:
      (d.type === "invoice" && d.status === "Pending" && d.credited === 0) ||
      (d.type === "quotation" && d.status === "Open"),
    convert: d.type === "quotation" && d.status === "Open",
  };
}
