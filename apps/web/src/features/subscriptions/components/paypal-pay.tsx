import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { Alert, Box, CircularProgress, Typography } from "@mui/material";
import { useEffect, useRef, useState } from "react";
import { toast } from "react-toastify";
import { formatCentsPlain } from "@app/shared/money/money";
import { formatPlanAmount } from "@app/shared/subscriptions/billing";
import { SUBSCRIPTION_MESSAGES } from "@app/shared/subscriptions/constants";
import type { PaymentProviders, Subscription } from "@app/shared/subscriptions/subscription";
import { ERROR_CODES } from "@app/shared/errors/errors";
import { describeError, errorCodeOf } from "../../../api/errors.ts";
import { usePayMutation } from "../subscriptions-api.ts";
import { useLatest } from "./use-latest.ts";
import { usePaypalSdk } from "./use-paypal-sdk.ts";
import { newIdempotencyKey } from "../../../lib/idempotency-key.ts";

/**
 * The card/wallet provider button (spec section 2, step 3): PayPal creates the order for the
 * amount due with the subscription as custom_id, the buyer approves, the order is captured,
 * and the capture id goes to the server as transactionId with status "success" (section 4),
 * with the order id. The server reads that order from PayPal and checks the capture in it
 * before it records anything.
 */
export function PaypalPay({
  subscription,
  providers,
  onPaid,
}: {
  subscription: Subscription;
  providers: PaymentProviders["paypal"];
  onPaid: (s: Subscription) => void;
}) {
  const sdk = usePaypalSdk(providers.sdkUrl, providers.clientId);
  const container = useRef<HTMLDivElement>(null);
  const [pay] = usePayMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const [recording, setRecording] = useState(false);
  const [receipt, setReceipt] = useState<string | null>(null);
  const paid = useLatest(onPaid);

  useEffect(() => {
    if (sdk !== "ready" || !window.paypal || !container.current) return;
    const buttons = window.paypal.Buttons({
      style: { layout: "vertical", label: "pay" },
      createOrder: (_data, actions) =>
        actions.order.create({
          intent: "CAPTURE",
          purchase_units: [
            {
              amount: { currency_code: "USD", value: formatCentsPlain(subscription.amountDue) },
              custom_id: subscription._id,
              description: `${subscription.plan.name} for ${subscription.business.businessName}`,
            },
          ],
        }),
      onApprove: async (data, actions) => {
        let captureId: string | undefined;
        try {
          const order = await actions.order.capture();
          captureId = order.purchase_units?.[0]?.payments?.captures?.[0]?.id;
          if (!captureId) throw new Error("PayPal returned no capture id");
        } catch (err) {
          console.error("PayPal capture failed", err);
          toast.error(SUBSCRIPTION_MESSAGES.captureFailed);
          setProblem(SUBSCRIPTION_MESSAGES.captureFailed);
          return;
        }
        setRecording(true);
        try {
          const key = newIdempotencyKey();
          const done = await pay({
            id: subscription._id,
            key,
            body: {
              amount: subscription.amountDue,
              paymentMethod: "paypal",
              transactionId: captureId,
              providerOrderId: data.orderID,
              currency: "USD",
              status: "success",
            },
          }).unwrap();
          setProblem(null);
          if (done.latestPayment?.status === "success") setReceipt(captureId);
          else
            setProblem(
              t`PayPal is still processing this payment. It shows under Payments, and the subscription becomes active when PayPal completes it.`,
            );
          paid.current(done);
        } catch (err) {
          if (errorCodeOf(err) === ERROR_CODES.PAYMENT_FLAGGED_FOR_REFUND) {
            // PayPal took the money, but the subscription was cancelled: recorded for support to return.
            toast.warning(describeError(err).message);
            setProblem(describeError(err).message);
            return;
          }
          console.error("Recording the PayPal payment failed", err);
          toast.error(SUBSCRIPTION_MESSAGES.paymentFailed);
          setProblem(`${SUBSCRIPTION_MESSAGES.paymentFailed} ${describeError(err).message}`);
        } finally {
          setRecording(false);
        }
      },
      onError: (err) => {
        console.error("PayPal checkout error", err);
        toast.error(SUBSCRIPTION_MESSAGES.captureFailed);
        setProblem(SUBSCRIPTION_MESSAGES.captureFailed);
      },
    });
    const target = container.current;
    void buttons.render(target).catch((err: unknown) => console.error("PayPal buttons could not be shown", err));
    return () => {
      void buttons.close?.().catch(() => undefined);
      target.replaceChildren();
    };
  }, [
    sdk,
    subscription._id,
    subscription.amountDue,
    subscription.plan.name,
    subscription.business.businessName,
    pay,
    paid,
  ]);

  if (receipt) {
    return (
      <Alert severity="success" data-testid="paypal-status">
        <Trans>
          Payment of {formatPlanAmount(subscription.amountDue, subscription.currency)} received (PayPal capture{" "}
          {receipt}
          ). The subscription is active.
        </Trans>
      </Alert>
    );
  }
  return (
    <Box>
      <Typography gutterBottom>
        <Trans>Pay</Trans> <strong>{formatPlanAmount(subscription.amountDue, subscription.currency)}</strong>{" "}
        <Trans>with PayPal or a card.</Trans>
      </Typography>
      {sdk === "loading" && (
        <Box sx={{ display: "flex", gap: 1, alignItems: "center", my: 2 }}>
          <CircularProgress size={20} />{" "}
          <Typography color="text.secondary">
            <Trans>Loading PayPal…</Trans>
          </Typography>
        </Box>
      )}
      {sdk === "failed" && (
        <Alert severity="error">
          <Trans>
            PayPal could not be loaded, so no payment was taken. Check the internet connection and try again, or pay
            with M-Pesa.
          </Trans>
        </Alert>
      )}
      {recording && (
        <Alert severity="info">
          <Trans>Recording the payment…</Trans>
        </Alert>
      )}
      {problem && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {problem}
        </Alert>
      )}
      <Box ref={container} data-testid="paypal-buttons" sx={{ maxWidth: 400, mt: 1 }} />
    </Box>
  );
}
