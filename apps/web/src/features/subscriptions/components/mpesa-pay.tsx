import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { Alert, Box, Button, LinearProgress, Stack, TextField, Typography } from "@mui/material";
import { useEffect, useState } from "react";
import { toast } from "react-toastify";
import { kenyanPhoneSchema, localKenyanPhone, PHONE_TYPED_MAX } from "@app/shared/phone/phone";
import { formatPlanAmount } from "@app/shared/subscriptions/billing";
import { SUBSCRIPTION_MESSAGES } from "@app/shared/subscriptions/constants";
import type { Subscription, SubscriptionPayment } from "@app/shared/subscriptions/subscription";
import { describeError } from "../../../api/errors.ts";
import { useAppDispatch } from "../../../app/hooks.ts";
import { subscriptionsApi, useGetPaymentQuery, usePayMutation, useQueryPaymentMutation } from "../subscriptions-api.ts";
import { refundReasonText, StatusChip } from "./status-chip.tsx";
import { useLatest } from "./use-latest.ts";
import { newIdempotencyKey } from "../../../lib/idempotency-key.ts";

/** While a payment is pending: read it every 3 s; after 20 s also ask Daraja (stkpushquery) every 10 s. */
const POLL_MS = 3_000;
const QUERY_AFTER_MS = 20_000;
const QUERY_EVERY_MS = 10_000;

/**
 * M-Pesa (spec section 2, step 3): a 10-digit phone, then an STK push. The payment stays
 * pending until Daraja's callback (or the query fallback) says how it ended.
 */
export function MpesaPay({
  subscription,
  onPaid,
}: {
  subscription: Subscription;
  onPaid: (payment: SubscriptionPayment) => void;
}) {
  const dispatch = useAppDispatch();
  const [phone, setPhone] = useState(subscription.mpesaPhone ?? "");
  const [error, setError] = useState("");
  const [paymentId, setPaymentId] = useState<string | null>(null);
  const [pay, paying] = usePayMutation();
  const [query] = useQueryPaymentMutation();
  const [settled, setSettled] = useState<SubscriptionPayment | null>(null);
  const done = settled !== null && settled._id === paymentId;
  const { data: polled } = useGetPaymentQuery(paymentId ?? "", { skip: !paymentId || done, pollingInterval: POLL_MS });
  // Only the payment of the latest attempt counts (a retry starts a new one).
  const payment = done ? settled : polled?._id === paymentId ? polled : undefined;
  const paid = useLatest(onPaid);

  useEffect(() => {
    if (!paymentId || done) return;
    const started = Date.now();
    const timer = setInterval(() => {
      if (Date.now() - started < QUERY_AFTER_MS) return;
      query(paymentId)
        .unwrap()
        .then((p) => p.status !== "pending" && setSettled(p))
        .catch((err: unknown) => console.warn("M-Pesa status query failed; still waiting for the callback", err));
    }, QUERY_EVERY_MS);
    return () => clearInterval(timer);
  }, [paymentId, done, query]);

  useEffect(() => {
    if (polled && polled._id === paymentId && polled.status !== "pending" && !done) setSettled(polled);
  }, [polled, paymentId, done]);

  useEffect(() => {
    if (!done || !settled) return;
    dispatch(subscriptionsApi.util.invalidateTags(["Subscription", "SubscriptionPayment"]));
    // Money that was not applied (flagged for refund) did not pay the subscription.
    if (settled.status === "success" && !settled.refund) paid.current(settled);
  }, [done, settled, dispatch, paid]);

  async function submit() {
    const parsed = kenyanPhoneSchema.safeParse(phone);
    if (!parsed.success) return setError(t`Enter a Kenyan mobile number, e.g. 0712 345 678`);
    setError("");
    setPaymentId(null);
    try {
      const key = newIdempotencyKey();
      const res = await pay({
        id: subscription._id,
        key,
        body: { amount: subscription.amountDue, paymentMethod: "mpesa", status: "pending", phone: parsed.data },
      }).unwrap();
      setPaymentId(res.latestPayment?._id ?? null);
    } catch (err) {
      const { message, fields } = describeError(err);
      toast.error(SUBSCRIPTION_MESSAGES.paymentFailed);
      setError(fields.phone ?? message);
    }
  }

  const amount = formatPlanAmount(subscription.amountDue, subscription.currency);
  const waiting = payment?.status === "pending";
  if (payment?.status === "success" && payment.refund) {
    return (
      <Alert severity="warning" data-testid="mpesa-status">
        <Trans>Payment of</Trans> {amount} <Trans>received</Trans>
        {payment.transactionId ? t` (M-Pesa receipt ${payment.transactionId})` : ""}.{" "}
        {refundReasonText(payment.refund.reason)} <Trans>It is recorded for support to return.</Trans>
      </Alert>
    );
  }
  if (payment?.status === "success") {
    return (
      <Alert severity="success" data-testid="mpesa-status">
        <Trans>Payment of</Trans> {amount} <Trans>received</Trans>
        {payment.transactionId ? t` (M-Pesa receipt ${payment.transactionId})` : ""}
        <Trans>. The subscription is active.</Trans>
      </Alert>
    );
  }
  return (
    <Box>
      <Typography gutterBottom>
        <Trans>Pay</Trans> <strong>{amount}</strong>{" "}
        <Trans>with M-Pesa. Enter the phone number that will pay; a prompt for the M-Pesa PIN appears on it.</Trans>
      </Typography>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ alignItems: "flex-start", my: 1 }}>
        <TextField
          label={t`M-Pesa phone number`}
          required
          value={phone}
          onChange={(e) => setPhone(e.target.value.slice(0, PHONE_TYPED_MAX))}
          error={Boolean(error)}
          helperText={error || t`A Kenyan mobile number, e.g. 0712 345 678`}
          disabled={waiting}
          slotProps={{ htmlInput: { inputMode: "tel" } }}
        />
        <Button
          variant="contained"
          color="success"
          onClick={() => void submit()}
          disabled={paying.isLoading || waiting || !localKenyanPhone(phone)}
          sx={{ mt: { sm: 1 } }}
        >
          {payment?.status === "failed" ? t`Try again` : t`Pay ${amount}`}
        </Button>
      </Stack>
      {waiting && (
        <Alert severity="info" icon={false} data-testid="mpesa-status">
          <Box sx={{ display: "flex", gap: 1, alignItems: "center", mb: 0.5 }}>
            <Trans>Payment</Trans> <StatusChip status="pending" />
          </Box>
          <Trans>A request for</Trans> {amount} <Trans>was sent to</Trans> {payment.phone}
          <Trans>. Enter your M-Pesa PIN on the phone to complete it.</Trans>
          <LinearProgress sx={{ mt: 1.5, borderRadius: 1 }} aria-label={t`Waiting for M-Pesa`} />
        </Alert>
      )}
      {payment?.status === "failed" && (
        <Alert severity="error" data-testid="mpesa-status">
          <Trans>
            The payment did not go through: {(payment.resultDesc ?? "M-Pesa gave no reason").replace(/\.+$/, "")}.
          </Trans>
        </Alert>
      )}
    </Box>
  );
}
