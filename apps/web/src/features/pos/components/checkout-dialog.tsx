import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import AddIcon from "@mui/icons-material/Add";
import DeleteIcon from "@mui/icons-material/DeleteOutlined";
import { ResponsiveDialog } from "../../../components/responsive-dialog.tsx";
import {
  Alert,
  Box,
  Button,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  MenuItem,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
  useMediaQuery,
} from "@mui/material";
import { useEffect, useMemo, useRef, useState } from "react";
import type { Customer } from "@app/shared/customers/customer";
import { ERROR_CODES } from "@app/shared/errors/errors";
import { formatCentsPlain, formatKES, parseKES } from "@app/shared/money/money";
import type { Channel, Ticket } from "@app/shared/pos/cart";
import {
  PAYMENT_METHODS,
  settlePayments,
  type PaymentInput,
  type PaymentMethod,
} from "@app/shared/sales/payment-rules";
import type { CreateSaleInput, Sale } from "@app/shared/sales/sale";
import { describeError, errorCodeOf } from "../../../api/errors.ts";
import { useAppSelector } from "../../../app/hooks.ts";
import { offlineReceiptOf, offlineSaleOf } from "../offline/offline-sale.ts";
import { addToOutbox } from "../../../lib/offline/outbox.ts";
import { useCheckoutMutation } from "../pos-api.ts";
import { CreditCustomerPicker, CreditLimitOverride } from "./credit-customer.tsx";
import { MpesaTillPanel } from "./mpesa-till-panel.tsx";
import { ChargeToRoom } from "./charge-to-room.tsx";
import { newIdempotencyKey } from "../../../lib/idempotency-key.ts";

/** Amount and cash tendered: half a phone's row each, a fixed width from a tablet up. */
const FIELD_WIDTH = { xs: "calc(50% - 4px)", sm: 130 };

/** The request never reached the server, or its proxy says the server is gone: the till works offline. */
function unreachable(err: unknown): boolean {
  const status = (err as { status?: unknown }).status;
  return status === "FETCH_ERROR" || status === "TIMEOUT_ERROR" || status === 502 || status === 503 || status === 504;
}

type Row = {
  method: PaymentMethod;
  amount: string;
  tendered: string;
  reference: string;
  /** A confirmed till M-Pesa payment (STK push or a customer's payment) the sale claims. */
  mpesaPaymentId?: string;
};
type CheckoutValues = { payments: PaymentInput[]; customerId?: string; overrideCreditLimit?: boolean };

const linesKey = (t: Ticket) => `${t.ticketId}|${t.products.map((l) => `${l.productId}x${l.quantity}`).join(",")}`;

const rowFor = (method: PaymentMethod, cents: number): Row => ({
  method,
  amount: formatCentsPlain(cents),
  tendered: "",
  reference: "",
});

/** The rows as the API takes them; null when an amount cannot be read. */
function paymentsOf(rows: Row[]): PaymentInput[] | null {
  const out: PaymentInput[] = [];
  for (const r of rows) {
    const amount = parseKES(r.amount);
    const tendered = r.tendered.trim() ? parseKES(r.tendered) : undefined;
    if (amount === null || tendered === null) return null;
    out.push({
      method: r.method,
      amount,
      ...(tendered !== undefined ? { tendered } : {}),
      ...(r.reference.trim() ? { reference: r.reference.trim().toUpperCase() } : {}),
      ...(r.method === "M-Pesa" && r.mpesaPaymentId ? { mpesaPaymentId: r.mpesaPaymentId } : {}),
    });
  }
  return out;
}

type Props = {
  open: boolean;
  channel: Channel;
  businessId: string | undefined;
  ticket: Ticket;
  onClose: () => void;
  /** The sale is recorded: by the server, or (offline) in this device's outbox until it syncs. */
  onSold: (sale: Sale, offline?: boolean) => void;
  /** 409: stock or prices changed under the ticket (the code says which). */
  onRefused: (code: string | null) => void;
};

/**
 * Checkout: Cash (tendered and change), M-Pesa (confirmation code), Bank Transfer, Credit
 * (customer name and phone), or a split across them. The shared settlePayments rule decides
 * what may be submitted; Enter completes the sale. The dialog records the sale itself (POST
 * /api/sales or /api/orders) with one Idempotency-Key per ticket content: a retry after a lost
 * answer (timeout, dropped Wi-Fi) sends the same key, so the sale is recorded once; a changed
 * ticket gets a new key.
 * When the server cannot be reached (no network, the server down or its proxy answering 502-504),
 * the sale goes to the outbox on this device with that same key (so a sale whose answer was lost
 * is still recorded once) and the device's time; the sync worker sends it later.
 */
export function CheckoutDialog({ open, channel, businessId, ticket, onClose, onSold, onRefused }: Props) {
  const total = ticket.total;
  const [charge, { isLoading: charging }] = useCheckoutMutation();
  const [serverError, setServerError] = useState<string | null>(null);
  const attempt = useRef<{ lines: string; key: string } | null>(null);
  const [rows, setRows] = useState<Row[]>([rowFor("Cash", total)]);
  const [customer, setCustomer] = useState<Customer | null>(null);
  const [overLimit, setOverLimit] = useState<CheckoutValues | null>(null);
  const [keeping, setKeeping] = useState(false);
  const servedBy = useAppSelector((s) => s.session.user?.details.username ?? "");
  useEffect(() => {
    if (open) setRows([rowFor("Cash", total)]);
    if (open) setServerError(null);
    if (open) setCustomer(null); // a new ticket: the last credit customer is not carried over
  }, [open, total]);

  async function record(values: CheckoutValues) {
    if (!businessId) return;
    const lines = linesKey(ticket);
    if (attempt.current?.lines !== lines) attempt.current = { lines, key: newIdempotencyKey() };
    const key = attempt.current.key;
    setServerError(null);
    setOverLimit(null);
    const input: CreateSaleInput = {
      businessId,
      products: ticket.products.map((l) => ({ productId: l.productId, quantity: l.quantity })),
      payments: values.payments,
      customerId: values.customerId,
      overrideCreditLimit: values.overrideCreditLimit,
      expectedTotal: ticket.total,
      ticketId: ticket.ticketId,
      ...(ticket.section ? { sectionId: ticket.section } : {}),
      ...(ticket.table ? { tableId: ticket.table } : {}),
    };
    if (typeof navigator !== "undefined" && navigator.onLine === false) return keepOnDevice(input, key);
    try {
      const sale = await charge({ channel, idempotencyKey: key, input }).unwrap();
      attempt.current = null;
      onSold(sale);
    } catch (err) {
      if (unreachable(err)) return keepOnDevice(input, key);
      const { message } = describeError(err);
      const status = (err as { status?: unknown }).status;
      const reused = errorCodeOf(err) === ERROR_CODES.IDEMPOTENCY_KEY_REUSED;
      if (reused) attempt.current = null; // that key already recorded another request
      setServerError(
        reused
          ? t`${message}. This ticket may already be charged: check the latest sales before charging again.`
          : message,
      );
      if (status === 409) onRefused(errorCodeOf(err));
      if (errorCodeOf(err) === ERROR_CODES.CREDIT_LIMIT_EXCEEDED)
        setOverLimit({ ...values, overrideCreditLimit: true });
    }
  }

  /** No server: the sale goes to the outbox and the receipt says it is not yet synced. */
  async function keepOnDevice(input: CreateSaleInput, idempotencyKey: string) {
    if (!settled?.ok) return;
    if (settled.creditAmount > 0)
      return setServerError(t`Credit sales need the server: take another payment method while offline.`);
    setKeeping(true);
    try {
      const offline = { ...offlineSaleOf(channel, input, ticket, servedBy), idempotencyKey };
      await addToOutbox(offline);
      attempt.current = null;
      onSold(offlineReceiptOf(offline, ticket, settled, servedBy), true);
    } catch (err) {
      console.error("The sale could not be kept on this device", err);
      setServerError(
        t`The server cannot be reached and this device could not keep the sale. Do not hand over goods yet; try again.`,
      );
    } finally {
      setKeeping(false);
    }
  }

  const payments = paymentsOf(rows);
  const settled = useMemo(
    () =>
      payments
        ? settlePayments(total, payments, { customerName: customer?.name, customerPhone: customer?.phone })
        : null,
    [payments, total, customer],
  );
  const paid = payments?.reduce((n, p) => n + p.amount, 0) ?? 0;
  const hasCredit = rows.some((r) => r.method === "Credit");
  const busy = charging || keeping;
  const problem = !payments ? "Enter amounts like 1500 or 1500.50" : settled && !settled.ok ? settled.message : null;

  const update = (i: number, patch: Partial<Row>) => setRows(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const single = (method: PaymentMethod) => setRows([rowFor(method, total)]);
  const submit = () => {
    if (!payments || !settled?.ok || busy) return;
    void record({
      payments,
      ...(hasCredit && customer ? { customerId: customer._id } : {}),
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
          <Box key={i}>
            <Box
              sx={{
                display: "flex",
                flexWrap: { xs: "wrap", sm: "nowrap" },
                gap: 1,
                mb: 1.5,
                alignItems: "flex-start",
              }}
              data-testid="payment-row"
            >
              <TextField
                select
                size="small"
                label={t`Method`}
                value={r.method}
                onChange={(e) => update(i, { method: e.target.value as PaymentMethod, mpesaPaymentId: undefined })}
                sx={{ width: { xs: "100%", sm: 150 } }}
              >
                {PAYMENT_METHODS.map((m) => (
                  <MenuItem key={m} value={m}>
                    {m}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                size="small"
                label={t`Amount (KES)`}
                value={r.amount}
                onChange={(e) => update(i, { amount: e.target.value, mpesaPaymentId: undefined })}
                sx={{ width: FIELD_WIDTH }}
                slotProps={{ htmlInput: { inputMode: "decimal" } }}
                autoFocus={i === rows.length - 1}
              />
              {r.method === "Cash" && (
                <TextField
                  size="small"
                  label={t`Cash tendered`}
                  value={r.tendered}
                  onChange={(e) => update(i, { tendered: e.target.value })}
                  sx={{ width: FIELD_WIDTH }}
                  slotProps={{ htmlInput: { inputMode: "decimal" } }}
                />
              )}
              {(r.method === "M-Pesa" || r.method === "Bank Transfer") && (
                <TextField
                  size="small"
                  label={r.method === "M-Pesa" ? t`M-Pesa code` : t`Bank reference`}
                  value={r.mpesaPaymentId && !r.reference ? t`To follow` : r.reference}
                  onChange={(e) => update(i, { reference: e.target.value.toUpperCase() })}
                  sx={{ width: { xs: "calc(50% - 4px)", sm: 150 } }}
                  disabled={Boolean(r.mpesaPaymentId)}
                />
              )}
              {rows.length > 1 && (
                <IconButton
                  aria-label={t`Remove this payment`}
                  onClick={() => setRows(rows.filter((_r, j) => j !== i))}
                >
                  <DeleteIcon />
                </IconButton>
              )}
            </Box>
            {r.method === "M-Pesa" && businessId && (
              <MpesaTillPanel
                businessId={businessId}
                amount={parseKES(r.amount)}
                attached={r.mpesaPaymentId ?? null}
                onAttach={(p) => update(i, { mpesaPaymentId: p?._id, reference: p?.receipt ?? "" })}
              />
            )}
          </Box>
        ))}
        <Button
          startIcon={<AddIcon />}
          size="small"
          disabled={paid >= total}
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
        <Box sx={{ display: "flex", justifyContent: "space-between", mt: 2 }}>
          <Typography color="text.secondary">
            <Trans>Paid</Trans> {formatKES(paid)}
            {paid < total ? t` · ${formatKES(total - paid)} to go` : ""}
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
          disabled={!settled?.ok || busy}
          sx={{ minHeight: 44 }}
        >
          {busy ? t`Recording…` : keyboard ? t`Complete sale (Enter)` : t`Complete sale`}
        </Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}
