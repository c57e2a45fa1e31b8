import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { Button, Card, CardContent, Stack, Typography } from "@mui/material";
import { Link } from "react-router";
import { formatPlanPrice } from "@app/shared/subscriptions/billing";
import { useAppSelector } from "../../../app/hooks.ts";
import { useListSubscriptionsQuery } from "../subscriptions-api.ts";
import { formatDate, METHOD_LABELS, StatusChip } from "./status-chip.tsx";
import { pathTo } from "../../../lib/paths.ts";

/** The owner's Settings card: this business's subscription at a glance, and the way to the subscription page. */
export function SubscriptionCard() {
  const business = useAppSelector((s) => s.business.current);
  const { data, isError } = useListSubscriptionsQuery(
    { businessId: business?._id, page: 0, pageSize: 1 },
    { skip: !business },
  );
  const current = data?.items[0];
  return (
    <Card variant="outlined" data-testid="subscription-card">
      <CardContent>
        <Typography variant="h6" gutterBottom>
          <Trans>Subscription</Trans>
        </Typography>
        {isError && (
          <Typography color="error">
            <Trans>The subscription could not be loaded.</Trans>
          </Typography>
        )}
        {data && !current && (
          <Typography color="text.secondary">
            <Trans>{business?.name} has no subscription yet.</Trans>
          </Typography>
        )}
        {current && (
          <Stack spacing={0.5} sx={{ mb: 1 }}>
            <Typography sx={{ display: "flex", gap: 1, alignItems: "center" }}>
              <strong>{current.plan.name}</strong>{" "}
              {formatPlanPrice(current.amountDue, current.currency, current.billingCycle)}{" "}
              <StatusChip status={current.status} />
            </Typography>
            <Typography color="text.secondary">
              <Trans>Next billing</Trans> {formatDate(current.nextBillingDate)} · {METHOD_LABELS[current.paymentMethod]}{" "}
              <Trans>· auto-renew</Trans> {current.autoRenew ? "ON" : "OFF"}
            </Typography>
          </Stack>
        )}
        <Button component={Link} to={pathTo("/subscription")} variant="outlined" sx={{ mt: 1 }}>
          {current ? t`Manage subscription` : t`Subscribe`}
        </Button>
      </CardContent>
    </Card>
  );
}
