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
          Subscription
        </Typography>
        {isError && <Typography color="error">The subscription could not be loaded.</Typography>}
        {data && !current && <Typography color="text.secondary">{business?.name} has no subscription yet.</Typography>}
        {current && (
          <Stack spacing={0.5} sx={{ mb: 1 }}>
            <Typography sx={{ display: "flex", gap: 1, alignItems: "center" }}>
              <strong>{current.plan.name}</strong>{" "}
              {formatPlanPrice(current.amountDue, current.currency, current.billingCycle)}{" "}
              <StatusChip status={current.status} />
            </Typography>
            <Typography color="text.secondary">
              Next billing {formatDate(current.nextBillingDate)} · {METHOD_LABELS[current.paymentMethod]} · auto-renew{" "}
              {current.autoRenew ? "ON" : "OFF"}
            </Typography>
          </Stack>
        )}
        <Button component={Link} to={pathTo("/subscription")} variant="outlined" sx={{ mt: 1 }}>
          {current ? "Manage subscription" : "Subscribe"}
        </Button>
      </CardContent>
    </Card>
  );
}
