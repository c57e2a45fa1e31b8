import { formatKenyanPhone } from "@app/shared/phone/phone-rules";
import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import CloseIcon from "@mui/icons-material/Close";
import {
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
import type { ReactNode } from "react";
import { Link } from "react-router";
import { toast } from "react-toastify";
import { formatKES } from "@app/shared/money/money";
import { mayUseArea } from "@app/shared/permissions/areas";
import { mayManageSales } from "@app/shared/permissions/sales";
import { COLUMNS_BY_WIDTH } from "@app/shared/printing/printer";
import { receiptLines } from "@app/shared/printing/receipt";
import { SendReceiptButton } from "../../../components/send-receipt-dialog.tsx";
import { useReceiptSending } from "../../messages/messages-api.ts";
import { lineName, type Sale } from "@app/shared/sales/sale";
import { describeError } from "../../../api/errors.ts";
import { useAppSelector } from "../../../app/hooks.ts";
import { formatDateTime } from "../../../lib/date-format.ts";
import { networkReceiptPrinter, receiptPaperWidth, useListPrintersQuery } from "../../printing/printers-api.ts";
import { printInBrowser } from "../../../lib/print-document.ts";
import { salesApi, useGetSaleQuery, useSendReceiptToPrinterMutation } from "../sales-api.ts";
import { useGetEtimsReceiptBranchQuery } from "../../etims/etims-receipt-api.ts";
import { EtimsSaleRow } from "./etims-sale-row.tsx";
import { KitchenTickets } from "./kitchen-tickets.tsx";
import { SaleHistory } from "./sale-history.tsx";
import { SaleStatus } from "./sales-table.tsx";
import { paymentMethodLabel } from "../../../lib/i18n/payment-labels.ts";
import { i18n } from "@lingui/core";
import { documentLanguageOf } from "@app/shared/printing/receipt-text";

const Row = ({ label, value }: { label: ReactNode; value: ReactNode }) => (
  <Box sx={{ display: "flex", justifyContent: "space-between", gap: 2, py: 0.25 }}>
    <Typography color="text.secondary" variant="body2" component="div">
      {label}
    </Typography>
    <Typography variant="body2" component="div" sx={{ textAlign: "right" }}>
      {value}
    </Typography>
  </Box>
);

/** The edit page of a sale or order. */
export const editPathOf = (sale: Pick<Sale, "_id" | "channel">) =>
  `/saleupdate/${sale._id}${sale.channel === "wholesale" ? "?channel=wholesale" : ""}`;

type Props = { sale: Sale | null; onClose: () => void; onVoid: (sale: Sale) => void };

/** One sale: its lines, payments and credit, its kitchen tickets and its history, with reprint, edit and void. */
export function SaleDetailDrawer({ sale: listed, onClose, onVoid }: Props) {
  const user = useAppSelector((s) => s.session.user);
  const business = useAppSelector((s) => s.business.current);
  const { data: printers } = useListPrintersQuery(business?._id ?? "", { skip: !business });
  const { data: etims = null } = useGetEtimsReceiptBranchQuery(business?._id ?? "", { skip: !business });
  // While KRA has not signed the sale, it is read again every 15 s: the receipt reprints signed,
  // with KRA's QR code, as soon as the eTIMS queue has signed it.
  const ref = { channel: listed?.channel ?? "retail", id: listed?._id ?? "" } as const;
  const { data: cached } = salesApi.endpoints.getSale.useQueryState(ref, { skip: !listed });
  const latest = listed && cached?._id === listed._id && cached.updatedAt >= listed.updatedAt ? cached : listed;
  const awaitingKra = Boolean(latest && etims && !latest.etimsProof && latest.etimsState !== "not_required");
  const startedAwaiting = Boolean(listed && etims && !listed.etimsProof && listed.etimsState !== "not_required");
  useGetSaleQuery(ref, {
    skip: !startedAwaiting,
    pollingInterval: awaitingKra ? 15_000 : 0,
    skipPollingIfUnfocused: true,
  });
  const sale = latest;
  const receiptSending = useReceiptSending(business?._id ?? "", sale && business ? sale : null);
  const [sendToPrinter, { isLoading: sending }] = useSendReceiptToPrinterMutation();
  const canManage = user ? mayManageSales(user) : false;
  // Kitchen tickets are read at the tills (POS, Pharmacy, Wholesale), as the server allows.
  const atTill = Boolean(
    user && (["pos", "pharmacy", "wholesale"] as const).some((area) => mayUseArea(area, user, business)),
  );
  const wholesale = sale?.channel === "wholesale";
  const tz = business?.timeZone;

  function reprint(s: Sale) {
    if (!business) return;
    const paper = receiptPaperWidth(printers);
    printInBrowser(
      receiptLines(s, { ...business, etims }, COLUMNS_BY_WIDTH[paper], { language: documentLanguageOf(i18n.locale) }),
      paper,
    );
  }
  async function send(s: Sale) {
    try {
      const outcome = await sendToPrinter({ channel: s.channel, id: s._id }).unwrap();
      if (outcome.printStatus === "sent") toast.success(t`Receipt sent to the printer`);
      else if (outcome.printStatus === "failed")
        toast.error(t`The printer did not print: ${outcome.printerError ?? "unknown error"}`);
      else toast.info(t`No network receipt printer: use Reprint receipt`);
    } catch (err) {
      toast.error(describeError(err).message);
    }
  }

  return (
    <Drawer
      anchor="right"
      open={sale !== null}
      onClose={onClose}
      sx={{ zIndex: (t) => t.zIndex.modal }}
      slotProps={{ paper: { sx: { width: { xs: "100%", sm: 440 } } } }}
    >
      {sale && (
        <Box sx={{ p: 2.5 }} data-testid="sale-detail">
          <Box sx={{ display: "flex", alignItems: "center", mb: 1 }}>
            <Typography variant="h6" sx={{ flex: 1 }}>
              {wholesale ? t`Order #${sale.saleNumber}` : t`Sale #${sale.saleNumber}`}
            </Typography>
            <SaleStatus sale={sale} />
            <IconButton aria-label={t`Close`} onClick={onClose} sx={{ ml: 1 }}>
              <CloseIcon />
            </IconButton>
          </Box>
          <Row label={t`Time`} value={formatDateTime(sale.createdAt, tz)} />
          <Row label={t`Served by`} value={sale.servedBy} />
          {sale.customerName && (
            <Row label={t`Customer`} value={`${sale.customerName} ${formatKenyanPhone(sale.customerPhone)}`} />
          )}
          {sale.tableName && <Row label={t`Table`} value={`${sale.sectionName ?? ""} ${sale.tableName}`} />}
          <Divider sx={{ my: 1.5 }} />
          <Table size="small" aria-label={t`Lines`}>
            <TableHead>
              <TableRow>
                <TableCell>
                  <Trans>Product</Trans>
                </TableCell>
                <TableCell align="right">
                  <Trans>Qty</Trans>
                </TableCell>
                <TableCell align="right">
                  <Trans>Price</Trans>
                </TableCell>
                <TableCell align="right">
                  <Trans>Total</Trans>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {sale.products.map((l) => (
                <TableRow key={l.productId}>
                  <TableCell>{lineName(l)}</TableCell>
                  <TableCell align="right">{l.productQuantity}</TableCell>
                  <TableCell align="right">{formatKES(l.productPrice)}</TableCell>
                  <TableCell align="right">{formatKES(l.totalPrice)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <Box sx={{ mt: 1.5 }}>
            <Row
              label={
                <strong>
                  <Trans>Total</Trans>
                </strong>
              }
              value={<strong>{formatKES(sale.amount)}</strong>}
            />
            {sale.payments.map((p, i) => (
              <Box key={i}>
                <Row
                  label={
                    p.reference ? `${paymentMethodLabel(p.method)} (${p.reference})` : paymentMethodLabel(p.method)
                  }
                  value={formatKES(p.amount)}
                />
                {p.tendered !== null && p.tendered > p.amount && (
                  <Row label={t`Cash tendered`} value={formatKES(p.tendered)} />
                )}
              </Box>
            ))}
            {sale.change > 0 && <Row label={t`Change`} value={formatKES(sale.change)} />}
            {sale.creditStatus && (
              <>
                <Row label={t`Paid on credit`} value={formatKES(sale.amountPaid)} />
                <Row label={t`Balance`} value={formatKES(sale.balance)} />
              </>
            )}
            {sale.status === "voided" && (
              <Row label={t`Voided`} value={`${formatDateTime(sale.deletedAt, tz)} by ${sale.deletedBy ?? ""}`} />
            )}
          </Box>
          <EtimsSaleRow sale={sale} connected={Boolean(etims)} />
          {/* Only a sale rung up from a ticket (ticketId) can have kitchen tickets. */}
          {business && sale.ticketId && atTill && (
            <KitchenTickets
              businessId={business._id}
              saleId={sale._id}
              timeZone={business.timeZone}
              paper={printers?.find((p) => p.role === "kitchen")?.paperWidth ?? 80}
            />
          )}
          <SaleHistory sale={sale} timeZone={tz} />
          <Divider sx={{ my: 2 }} />
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }}>
            <Button variant="outlined" onClick={() => reprint(sale)}>
              <Trans>Reprint receipt</Trans>
            </Button>
            {networkReceiptPrinter(printers) && (
              <Button variant="outlined" onClick={() => void send(sale)} disabled={sending}>
                <Trans>Send to printer</Trans>
              </Button>
            )}
            {business && sale.status === "completed" && (
              <SendReceiptButton
                variant="outlined"
                sending={receiptSending}
                summary={{ businessName: business.name, number: `#${sale.saleNumber}`, total: formatKES(sale.amount) }}
                defaultPhone={sale.customerPhone}
              />
            )}
            {canManage && sale.status === "completed" && (
              <>
                <Button variant="outlined" component={Link} to={editPathOf(sale)}>
                  <Trans>Edit</Trans>
                </Button>
                <Button variant="contained" color="error" onClick={() => onVoid(sale)}>
                  <Trans>Void</Trans>
                </Button>
              </>
            )}
          </Stack>
        </Box>
      )}
    </Drawer>
  );
}
