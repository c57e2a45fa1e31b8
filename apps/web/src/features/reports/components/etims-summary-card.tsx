import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { Skeleton, Typography } from "@mui/material";
import { pathTo } from "../../../lib/paths.ts";
import { useGetEtimsSummaryQuery } from "../../etims/etims-api.ts";
import { LinkCard } from "./link-card.tsx";

/** The owner's eTIMS card: connected, sales waiting for KRA, refused; a warning past KRA's 24 hours; suppliers' invoices to confirm. */
export function EtimsSummaryCard({ businessId }: { businessId: string }) {
  const { data, isLoading, isError } = useGetEtimsSummaryQuery(businessId, { pollingInterval: 60_000 });
  return (
    <LinkCard to={pathTo("/etims")} label={t`KRA eTIMS`} testId="dash-etims">
      {isLoading && <Skeleton width="60%" />}
      {isError && (
        <Typography variant="body2" color="error">
          <Trans>Could not be loaded.</Trans>
        </Typography>
      )}
      {data && !data.connected && (
        <Typography variant="body2" color="warning.main" data-testid="dash-etims-value">
          <Trans>Not connected</Trans>
        </Typography>
      )}
      {data && data.connected && (
        <>
          <Typography variant="h6" sx={{ fontWeight: 700 }} data-testid="dash-etims-value">
            <Trans>Connected</Trans>
          </Typography>
          <Typography variant="caption" component="div" color={data.pending ? "text.primary" : "text.secondary"}>
            <Trans>Waiting for KRA: {data.pending}</Trans>
          </Typography>
          <Typography variant="caption" component="div" color={data.failed ? "error" : "text.secondary"}>
            <Trans>Refused by KRA: {data.failed}</Trans>
          </Typography>
          {data.overdue > 0 && (
            <Typography variant="caption" component="div" color="error" data-testid="dash-etims-overdue">
              <Trans>{data.overdue} waited over 24 hours</Trans>
            </Typography>
          )}
          {data.purchasesToConfirm > 0 && (
            <Typography variant="caption" component="div" color="warning.main" data-testid="dash-etims-purchases">
              <Trans>Supplier invoices to confirm: {data.purchasesToConfirm}</Trans>
            </Typography>
          )}
        </>
      )}
    </LinkCard>
  );
}
