import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  List,
  ListItem,
  ListItemText,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import { useEffect, useRef, useState } from "react";
import type { MpesaFailure, TillPayment } from "@app/shared/mpesa/mpesa";
import { formatKES } from "@app/shared/money/money";
import { compactPhone, localKenyanPhone, PHONE_TYPED_MAX } from "@app/shared/phone/phone-rules";
import { describeError, errorCodeOf } from "../../../api/errors.ts";
import {
  useGetMpesaSettingsQuery,
  useSendStkPushMutation,
  useTillPaymentQuery,
  useUnclaimedPaymentsQuery,
} from "../../mpesa/mpesa-api.ts";
import { newIdempotencyKey } from "../../../lib/idempotency-key.ts";

/** What the cashier is told when an STK push fails (Daraja's result codes). */
export function failureMessage(failure: MpesaFailure | null): string {
  switch (failure) {
    case "cancelled":
      return t`The customer cancelled the M-Pesa request on their phone. Send it again if they want to pay by M-Pesa.`;
    case "unreachable":
      return t`The customer's phone could not be reached. Check that it is on and has network, then send again.`;
    case "wrong_pin":
      return t`The customer entered a wrong M-Pesa PIN. Send the request again.`;
    case "duplicate":
      return t`M-Pesa blocks a second request for the same amount to the same phone within two minutes. Wait two minutes, or look for the payment below.`;
    case "insufficient":
      return t`The customer's M-Pesa balance is not enough for this amount.`;
    default:
      return t`M-Pesa did not complete the payment. Send the request again or take another method.`;
  }
}

const time = (iso: string) =>
  new Date(iso).toLocaleTimeString("en-KE", { hour: "2-digit", minute: "2-digit", timeZone: "Africa/Nairobi" });

type Props = {
  businessId: string;
  /** The M-Pesa row's amount, in cents (null while it cannot be read). */
  amount: number | null;
  /** The payment the row is attached to, if any. */
  attached: string | null;
  /** A confirmed payment to attach to the row (the sale claims it when recorded), or null to detach. */
  onAttach: (payment: TillPayment | null) => void;
};

/**
 * M-Pesa at the counter, under an M-Pesa payment row: send an STK push to the customer's phone and
 * wait for Daraja's confirmation, or pick a payment the customer made to the till or paybill
 * (unclaimed, of exactly the amount due). Only a confirmed payment is attached to the sale.
 */
export function MpesaTillPanel({ businessId, amount, attached, onAttach }: Props) {
  const settings = useGetMpesaSettingsQuery(businessId);
  if (settings.isLoading) return <CircularProgress size={20} aria-label={t`Loading`} />;
  // Staff cannot read the settings (owner only); the till then simply tries and says what it hears.
  if (settings.data && !settings.data.configured) return null;
  return <Panel businessId={businessId} amount={amount} attached={attached} onAttach={onAttach} />;
}

function Panel({ businessId, amount, attached, onAttach }: Props) {
  const [phone, setPhone] = useState("");
  const [pending, setPending] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [send, sending] = useSendStkPushMutation();
  const key = useRef<string | null>(null);
  const poll = useTillPaymentQuery(pending ?? "", { skip: !pending, pollingInterval: 2000 });
  const whole = amount !== null && amount >= 100 && amount % 100 === 0;
  const unclaimed = useUnclaimedPaymentsQuery(
    { businessId, ...(amount !== null ? { amount } : {}) },
    { skip: amount === null, pollingInterval: 5000 },
  );

  const polled = poll.data;
  useEffect(() => {
    if (!polled || polled._id !== pending) return;
    if (polled.status === "confirmed") {
      setPending(null);
      onAttach(polled);
    } else if (polled.status === "failed") {
      setPending(null);
      setProblem(failureMessage(polled.failure));
    }
  }, [polled, pending, onAttach]);

  async function push() {
    const local = localKenyanPhone(phone);
    if (!whole || !local) return;
    setProblem(null);
    key.current ??= newIdempotencyKey();
    try {
      const payment = await send({
        businessId,
        phone: local,
        amount: amount!,
        idempotencyKey: key.current,
      }).unwrap();
      key.current = null;
      setPending(payment._id);
    } catch (err) {
      key.current = null;
      setProblem(
        errorCodeOf(err) === "NOT_CONFIGURED"
          ? t`M-Pesa is not set up for this business: the owner sets it up in Settings.`
          : describeError(err).message,
      );
    }
  }

  if (attached)
    return (
      <Alert
        severity="success"
        data-testid="mpesa-attached"
        action={<Button onClick={() => onAttach(null)}>{t`Undo`}</Button>}
      >
        <Trans>M-Pesa payment confirmed: it is recorded with this sale.</Trans>
      </Alert>
    );

  const list = unclaimed.data ?? [];
  return (
    <Box sx={{ border: 1, borderColor: "divider", borderRadius: 1, p: 1.5, mb: 1.5 }} data-testid="mpesa-panel">
      <Stack direction="row" spacing={1} sx={{ alignItems: "flex-start" }}>
        <TextField
          size="small"
          label={t`Customer's M-Pesa phone`}
          placeholder="0712 345 678"
          value={phone}
          onChange={(e) => setPhone(e.target.value.slice(0, PHONE_TYPED_MAX))}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.stopPropagation();
              e.preventDefault();
              void push();
            }
          }}
          error={compactPhone(phone).length >= 10 && !localKenyanPhone(phone)}
          helperText={
            !whole && amount !== null ? t`M-Pesa takes whole shillings` : t`A Kenyan mobile number, e.g. 0712 345 678`
          }
          slotProps={{ htmlInput: { inputMode: "tel", "data-testid": "mpesa-phone" } }}
          sx={{ minWidth: 240 }}
          disabled={Boolean(pending)}
        />
        <Button
          variant="outlined"
          onClick={() => void push()}
          disabled={!whole || !localKenyanPhone(phone) || Boolean(pending) || sending.isLoading}
        >
          <Trans>Send M-Pesa request</Trans>
        </Button>
      </Stack>
      {pending && (
        <Alert severity="info" icon={<CircularProgress size={18} />} sx={{ mt: 1 }} data-testid="mpesa-waiting">
          <Trans>Waiting for the customer to enter their M-Pesa PIN…</Trans>
        </Alert>
      )}
      {problem && (
        <Alert severity="warning" sx={{ mt: 1 }} data-testid="mpesa-problem">
          {problem}
        </Alert>
      )}
      <Typography variant="subtitle2" sx={{ mt: 1.5 }}>
        <Trans>Unclaimed M-Pesa payments</Trans>
        {amount !== null ? ` · ${formatKES(amount)}` : ""}
      </Typography>
      {unclaimed.isLoading && <CircularProgress size={18} aria-label={t`Loading`} />}
      {unclaimed.isError && (
        <Typography color="error" variant="body2">
          <Trans>Customers' payments could not be loaded.</Trans>
        </Typography>
      )}
      {unclaimed.data && list.length === 0 && (
        <Typography color="text.secondary" variant="body2" data-testid="mpesa-unclaimed-empty">
          <Trans>No unclaimed payment of this amount.</Trans>
        </Typography>
      )}
      {list.length > 0 && (
        <List dense disablePadding data-testid="mpesa-unclaimed">
          {list.map((p) => (
            <ListItem
              key={p._id}
              disableGutters
              secondaryAction={
                <Button size="small" variant="contained" onClick={() => onAttach(p)}>
                  <Trans>Use</Trans>
                </Button>
              }
            >
              <ListItemText
                primary={`${p.receipt ?? "—"} · ${formatKES(p.amount)} · ${time(p.paidAt)}`}
                secondary={[p.firstName, p.maskedPhone, p.matched?.label].filter(Boolean).join(" · ")}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}
