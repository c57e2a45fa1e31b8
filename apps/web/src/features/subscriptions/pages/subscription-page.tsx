import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import { Alert, Box, Button, Paper, Tab, Tabs } from "@mui/material";
import { useState } from "react";
import { Link } from "react-router";
import { useAppSelector } from "../../../app/hooks.ts";
import { PageHeader } from "../../../components/page-header.tsx";
import { PaymentsTab } from "../components/payments-tab.tsx";
import { PlansTab } from "../components/plans-tab.tsx";
import { SubscriptionsTab } from "../components/subscriptions-tab.tsx";
import { pathTo } from "../../../lib/paths.ts";

const TABS = ["Subscriptions", "Plans", "Payments"] as const;

/**
 * /subscription (spec section 2): three tabs, each searched and paged by 10. Provider support
 * manages plans and sees every business; an owner sees and pays their own businesses'
 * subscriptions; staff are told who manages them.
 */
export default function SubscriptionPage() {
  const user = useAppSelector((s) => s.session.user);
  const [tab, setTab] = useState(0);
  const support = user?.details.isSupportUser ?? false;
  const goBack = (
    <Button component={Link} to={pathTo("/dashboard")} startIcon={<ArrowBackIcon />}>
      <Trans>Go Back</Trans>
    </Button>
  );
  if (!user?.isAdmin) {
    return (
      <>
        <PageHeader title={t`Subscription Management`} actions={goBack} />
        <Alert severity="info">
          <Trans>Subscriptions are managed by the business owner and the provider's support team.</Trans>
        </Alert>
      </>
    );
  }
  return (
    <>
      <PageHeader
        title={t`Subscription Management`}
        subtitle={
          support
            ? t`Plans, subscriptions and payments of every business`
            : t`The subscriptions and payments of your businesses`
        }
        actions={goBack}
      />
      <Paper variant="outlined">
        <Tabs
          value={tab}
          onChange={(_, v: number) => setTab(v)}
          aria-label={t`Subscription sections`}
          sx={{ borderBottom: 1, borderColor: "divider", px: 2 }}
        >
          {TABS.map((label) => (
            <Tab
              key={label}
              label={label}
              id={`subscription-tab-${label}`}
              aria-controls={`subscription-panel-${label}`}
            />
          ))}
        </Tabs>
        <Box
          role="tabpanel"
          id={`subscription-panel-${TABS[tab]}`}
          aria-labelledby={`subscription-tab-${TABS[tab]}`}
          sx={{ p: 2 }}
        >
          {tab === 0 && <SubscriptionsTab support={support} />}
          {tab === 1 && <PlansTab manage={support} />}
          {tab === 2 && <PaymentsTab support={support} />}
        </Box>
      </Paper>
    </>
  );
}
