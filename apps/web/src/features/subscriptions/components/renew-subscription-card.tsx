import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { Alert, Card, CardContent, CircularProgress, Typography } from "@mui/material";
import { useCallback } from "react";
import { useNavigate } from "react-router";
import { toast } from "react-toastify";
import { landingPath } from "@app/shared/permissions/menu";
import { awaitsPayment, formatPlanPrice } from "@app/shared/subscriptions/billing";
import { useAppDispatch, useAppSelector } from "../../../app/hooks.ts";
import { businessApi } from "../../businesses/business-api.ts";
import { businessesFetched } from "../../../lib/session/business-slice.ts";
import { useListSubscriptionsQuery } from "../subscriptions-api.ts";
import { PaymentPanel } from "./payment-panel.tsx";
import { formatDate, StatusChip } from "./status-chip.tsx";

/**
 * On the Account Inactive page, the owner pays the lapsed subscription; a successful payment
 * switches the account back on, and the full menu returns.
 */
export function RenewSubscriptionCard() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const user = useAppSelector((s) => s.session.user);
  const business = useAppSelector((s) => s.business.current);
  const { data, isLoading, isError } = useListSubscriptionsQuery(
    { businessId: business?._id, page: 0, pageSize: 10 },
    { skip: !business },
  );
  const due = data?.items.find((s) => awaitsPayment(s.status)) ?? null;

  const reactivated = useCallback(async () => {
    try {
      const list = await dispatch(
        businessApi.endpoints.listBusinesses.initiate(undefined, { forceRefetch: true }),
      ).unwrap();
      dispatch(businessesFetched(list));
      const now = list.find((b) => b._id === business?._id);
      if (user && now?.accountActive) {
        toast.success(t`Payment received: ${now.name} is active again`);
        navigate(landingPath(user, now), { replace: true });
      }
    } catch (err) {
      console.error("Could not reload the business after payment", err);
    }
  }, [dispatch, navigate, user, business?._id]);

  return (
    <Card variant="outlined" sx={{ textAlign: "left" }} data-testid="renew-subscription-card">
      <CardContent>
        <Typography variant="h6" gutterBottom>
          <Trans>Renew the subscription</Trans>
        </Typography>
        {isLoading && <CircularProgress size={24} />}
        {isError && (
          <Alert severity="error">
            <Trans>The subscription could not be loaded.</Trans>
          </Alert>
        )}
        {data && !due && (
          <Typography color="text.secondary">
            <Trans>There is no subscription to pay for this business. Send a request to support below.</Trans>
          </Typography>
        )}
        {due && (
          <>
            <Typography gutterBottom sx={{ display: "flex", gap: 1, alignItems: "center", flexWrap: "wrap" }}>
              {due.plan.name}, {formatPlanPrice(due.amountDue, due.currency, due.billingCycle)}{" "}
              <StatusChip status={due.status} />
              {due.status !== "pending" && (
                <span>
                  <Trans>· payment was due on {formatDate(due.nextBillingDate)}</Trans>
                </span>
              )}
            </Typography>
            <PaymentPanel subscription={due} onPaid={() => void reactivated()} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
