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
  ToggleButton,
  ToggleButtonGroup,
  TextField,
  Typography,
  useMediaQuery,
} from "@mui/material";
import { PIN_PATTERN } from "@app/shared/accounts/pin";
import { amountDue, roundCash } from "@app/shared/pos/discounts";
import { useAppSelector } from "../../../app/hooks.ts";
import { useEffect, useMemo, useState } from "react";
import type { Customer } from "@app/shared/customers/customer";
import { formatKES } from "@app/shared/money/money";
import { ticketDiscounts, type Channel, type Ticket } from "@app/shared/pos/cart";
import { PAYMENT_METHODS, settlePayments, type PaymentMethod } from "@app/shared/sales/payment-rules";
import type { Sale } from "@app/shared/sales/sale";
import { CreditCustomerPicker, CreditLimitOverride } from "./credit-customer.tsx";
import { ChargeToRoom } from "./charge-to-room.tsx";
import { PaymentRow } from "./payment-row.tsx";
import { paymentsOf, rowFor, type PaymentRow as Row } from "./payment-rows.ts";
import { useRecordSale } from "./use-record-sale.ts";

type Props = {
  open: boolean;
  channel: Channel;
  businessId: string | undefined;
  ticket: Ticket;
  /** The known customer the cashier picked for the ticket, if any: the credit customer to start with, and the sale's customer. */
  ticketCustomer?: Customer | null;
  onClose: () => void;
  /** The sale is recorded: by the server, or (offline) in this device's outbox until it syncs. */
  onSold: (sale: Sale, offline?: boolean) => void;
  /** 409: stock or prices changed under the ticket (the code says which). */
  onRefused: (code: string | null) => void;
};

/**
 * Checkout: Cash (tendered and change), M-Pesa (confirmation code), Bank Transfer, Credit
 * (customer name and phone), or a split across them. The shared settlePayments rule decides
 * what may be submitted; Enter completes the sale. The dialog records the sale itself
 * (use-record-sale.ts: one Idempotency-Key per ticket content, the outbox when the server cannot
 * be reached).
 */
export function CheckoutDialog({
  open,
  channel,
  businessId,
  ticket,
  ticketCustomer = null,
  onClose,
  onSold,
  onRefused,
}: Props) {
  const total = ticket.total;
  // Cash rounding (issue 31): a sale paid wholly in cash rounds to the business's step.
  const step = useAppSelector((s) => s.business.current?.cashRounding ?? 0);
  const cashDue = roundCash(total, step).due;
  const [rows, setRows] = useState<Row[]>([rowFor("Cash", cashDue)]);
  const [customer, setCustomer] = useState<Customer | null>(null);
  const [ownerPin, setOwnerPin] = useState("");
  const payments = paymentsOf(rows);
  const { due, rounding } = amountDue(total, payments ?? [], step);
  const settled = useMemo(
    () =>
      payments ? settlePayments(due, payments, { customerName: customer?.name, customerPhone: customer?.phone }) : null,
    [payments, due, customer],
  );
  // A discount beyond the cashier's limit needs the owner's PIN (the server checks it again).
  const user = useAppSelector((s) => s.session.user);
  const limit = user?.isAdmin ? 100 : (user?.details.maxDiscountPercent ?? 0);
  const largest = ticketDiscounts(ticket)?.largestPercent ?? 0;
  const needsOwner = largest > limit;
  const pinReady = !needsOwner || PIN_PATTERN.test(ownerPin);
  const { record, busy, serverError, setServerError, overLimit } = useRecordSale({
    channel,
    businessId,
    ticket,
    settled,
    onSold,
    onRefused,
  });
  useEffect(() => {
    if (open) setRows([rowFor("Cash", cashDue)]);
    if (open) setServerError(null);
    // A new ticket: the last credit customer is not carried over; the ticket's own customer is.
    if (open) setCustomer(ticketCustomer);
    if (open) setOwnerPin("");
  }, [open, cashDue, setServerError, ticketCustomer]);

  const paid = payments?.reduce((n, p) => n + p.amount, 0) ?? 0;
  const hasCredit = rows.some((r) => r.method === "Credit");
  const problem = !payments ? "Enter amounts like 1500 or 1500.50" : settled && !settled.ok ? settled.message : null;

  const update = (i: number, patch: Partial<Row>) => setRows(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const single = (method: PaymentMethod) => setRows([rowFor(method, method === "Cash" ? cashDue : total)]);
  const submit = () => {
    if (!payments || !settled?.ok || busy || !pinReady) return;
    // Credit is for the customer picked here; any other sale is linked to the ticket's customer.
    const saleCustomer = hasCredit ? customer : ticketCustomer;
    void record({
      payments,
      ...(saleCustomer ? { customerId: saleCustomer._id } : {}),
      ...(needsOwner ? { approval: { pin: ownerPin } } : {}),
    });
  };

  // The keys' names only where a keyboard is likely (a mouse for a pointer).
  const keyboard = useMediaQuery("(hover: hover) and (pointer: fine)", { noSsr: true });
  return (
    <ResponsiveDialog open={open} onClose={busy ? undefined : onClose} maxWidth="sm" fullWidth>
      <DialogTitle>
        <Trans>Charge {formatKES(total)}</Trans>
      </DialogTitle>
      <DialogContent
        onKeyDown={(e) => {
          if (e.key === "Enter" && !(e.target instanceof HTMLElement && e.target.getAttribute("role") === "option")) {
            e.preventDefault();
            submit();
          }
        }}
      >
        <ToggleButtonGroup
          exclusive
          size="small"
          sx={{ mb: 2, mt: 1 }}
          value={rows.length === 1 ? rows[0]!.method : null}
          onChange={(_e, m: PaymentMethod | null) => m && single(m)}
        >
          {PAYMENT_METHODS.map((m) => (
            <ToggleButton key={m} value={m}>
              {m}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        {rows.map((r, i) => (
          <PaymentRow
            key={i}
            row={r}
            businessId={businessId}
            last={i === rows.length - 1}
            removable={rows.length > 1}
            onChange={(patch) => update(i, patch)}
            onRemove={() => setRows(rows.filter((_r, j) => j !== i))}
          />
        ))}
        <Button
          startIcon={<AddIcon />}
          size="small"
          disabled={paid >= due}
          onClick={() =>
            setRows([
              ...rows,
              rowFor(rows.some((x) => x.method === "M-Pesa") ? "Cash" : "M-Pesa", Math.max(total - paid, 0)),
            ])
          }
        >
          <Trans>Split: add a payment</Trans>
        </Button>
        {hasCredit && <CreditCustomerPicker businessId={businessId} value={customer} onChange={setCustomer} />}
        {rounding !== 0 && (
          <Typography data-testid="cash-rounding" color="text.secondary" sx={{ mt: 1 }}>
            <Trans>
              Cash rounding {rounding > 0 ? "+" : "-"}
              {formatKES(Math.abs(rounding))}: cash to pay {formatKES(due)}
            </Trans>
          </Typography>
        )}
        {needsOwner && (
          <TextField
            label={t`Owner's PIN`}
            type="password"
            size="small"
            autoComplete="off"
            value={ownerPin}
            onChange={(e) => setOwnerPin(e.target.value.replace(/\D/g, "").slice(0, 6))}
            slotProps={{ htmlInput: { inputMode: "numeric", "data-testid": "owner-pin" } }}
            helperText={t`This ticket gives ${largest}% off; your limit is ${limit}%. The owner types their PIN to allow it.`}
            sx={{ mt: 2, maxWidth: 360 }}
            fullWidth
          />
        )}
        <Box sx={{ display: "flex", justifyContent: "space-between", mt: 2 }}>
          <Typography color="text.secondary">
            <Trans>Paid</Trans> {formatKES(paid)}
            {paid < due ? t` · ${formatKES(due - paid)} to go` : ""}
          </Typography>
          {settled?.ok && settled.change > 0 && (
            <Typography data-testid="change-due" sx={{ fontWeight: 700, fontSize: 18 }}>
              <Trans>Change {formatKES(settled.change)}</Trans>
            </Typography>
          )}
          {settled?.ok && settled.creditAmount > 0 && (
            <Typography sx={{ fontWeight: 700 }}>
              <Trans>On credit {formatKES(settled.creditAmount)}</Trans>
            </Typography>
          )}
        </Box>
        {problem && (
          <Alert severity="info" sx={{ mt: 2 }}>
            {problem}
          </Alert>
        )}
        {serverError && (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="checkout-error">
            {serverError}
            {overLimit && <CreditLimitOverride busy={busy} onOverride={() => void record(overLimit)} />}
          </Alert>
        )}
        <ChargeToRoom channel={channel} businessId={businessId} ticket={ticket} onSold={onSold} onRefused={onRefused} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy} sx={{ minHeight: 44 }}>
          {keyboard ? <Trans>Cancel (Esc)</Trans> : <Trans>Cancel</Trans>}
        </Button>
        <Button
          variant="contained"
          size="large"
          onClick={submit}
          disabled={!settled?.ok || busy || !pinReady}
          sx={{ minHeight: 44 }}
        >
          {busy ? t`Recording…` : keyboard ? t`Complete sale (Enter)` : t`Complete sale`}
        </Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}
