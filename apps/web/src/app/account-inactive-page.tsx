import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import BlockIcon from "@mui/icons-material/Block";
import { Paper, Stack, Typography } from "@mui/material";
import { SupportRequestsCard } from "../features/requests/support-requests-card.tsx";
import { RenewSubscriptionCard } from "../features/subscriptions/components/renew-subscription-card.tsx";
import { useAppSelector } from "./hooks.ts";

/** /error: what an inactive account shows (spec section 4); its owner can pay a lapsed subscription here and ask support. */
export default function AccountInactivePage() {
  const business = useAppSelector((s) => s.business.current);
  const user = useAppSelector((s) => s.session.user);
  const inactive = business?.accountActive === false;
  const owner = inactive && user?.isAdmin && !user.details.isSupportUser;
  // A suspension is lifted by support only; a payment lifts a lapse.
  const suspended = inactive && business.inactiveReason === "suspended";
  return (
    <Stack spacing={3} sx={{ maxWidth: 720, mx: "auto", mt: 4 }}>
      <Paper variant="outlined" sx={{ p: 4, textAlign: "center" }}>
        <BlockIcon color={inactive ? "error" : "disabled"} sx={{ fontSize: 48 }} />
        <Typography variant="h5" component="h1" gutterBottom>
          {inactive ? t`Account Inactive` : t`Nothing to see here`}
        </Typography>
        <Typography color="text.secondary">
          {!inactive
            ? t`This page is only used when a business account is inactive.`
            : suspended
              ? t`Support has suspended the account of ${business.name}. Please contact support to switch it back on; paying the subscription does not. Your data is kept.`
              : t`The account of ${business.name} is inactive. Please contact support to switch it back on. Your data is kept.`}
        </Typography>
        {owner && !suspended && (
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            <Trans>If the subscription lapsed, pay it below and the account switches back on at once.</Trans>
          </Typography>
        )}
      </Paper>
      {owner && !suspended && <RenewSubscriptionCard />}
      {owner && <SupportRequestsCard />}
    </Stack>
  );
}
