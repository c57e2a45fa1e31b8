import { Trans } from "@lingui/react/macro";
import { Alert, CircularProgress } from "@mui/material";
import { useEffect } from "react";
import { SUBSCRIPTION_MESSAGES } from "@app/shared/subscriptions/constants";
import type { Subscription, SubscriptionPayment } from "@app/shared/subscriptions/subscription";
import { useGetProvidersQuery } from "../subscriptions-api.ts";
import { MpesaPay } from "./mpesa-pay.tsx";
import { PaypalPay } from "./paypal-pay.tsx";

/**
 * Completing payment (step 3 of Subscribe Business, and Pay later): the provider of the
 * subscription's method, or a plain statement that it is not configured. Nothing pretends to pay.
 */
export function PaymentPanel({
  subscription,
  onPaid,
}: {
  subscription: Subscription | null;
  onPaid: (s: Subscription | SubscriptionPayment) => void;
}) {
  const { data: providers, isLoading, isError } = useGetProvidersQuery();
  useEffect(() => {
    if (!subscription) console.error(SUBSCRIPTION_MESSAGES.referenceMissing);
  }, [subscription]);
  if (!subscription) {
    return <Alert severity="error">{SUBSCRIPTION_MESSAGES.referenceMissing}</Alert>;
  }
  if (subscription.amountDue === 0)
    return (
      <Alert severity="success">
        <Trans>{subscription.plan.name} is free: there is nothing to pay, and the subscription is active.</Trans>
      </Alert>
    );
  if (isLoading) return <CircularProgress size={24} />;
  if (isError || !providers)
    return (
      <Alert severity="error">
        <Trans>The payment settings could not be loaded. Check the connection and try again.</Trans>
      </Alert>
    );
  if (subscription.paymentMethod === "paypal") {
    if (!providers.paypal.configured)
      return (
        <Alert severity="warning">
          <Trans>
            PayPal is not configured on this server, so no PayPal payment can be taken. Ask the provider to set it up,
            or choose M-Pesa.
          </Trans>
        </Alert>
      );
    return <PaypalPay subscription={subscription} providers={providers.paypal} onPaid={onPaid} />;
  }
  if (!providers.mpesa.configured)
    return (
      <Alert severity="warning">
        <Trans>
          M-Pesa is not configured on this server, so no M-Pesa payment can be taken. Ask the provider to set it up, or
          choose PayPal.
        </Trans>
      </Alert>
    );
  return <MpesaPay subscription={subscription} onPaid={onPaid} />;
}
