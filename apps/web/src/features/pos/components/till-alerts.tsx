import { Trans } from "@lingui/react/macro";
import { Alert, Button } from "@mui/material";
import type { OfflineReadiness } from "../use-offline-readiness.ts";

type Props = {
  online: boolean;
  readiness: OfflineReadiness;
  catalogError: string | null | undefined;
  onRetryCatalog: () => void;
};

/** What stands in the way of a sale: no network, a checkout not yet on the device, a catalog that did not load. */
export function TillAlerts({ online, readiness, catalogError, onRetryCatalog }: Props) {
  return (
    <>
      {!online && (
        <Alert severity="warning" sx={{ mb: 1 }} data-testid="till-offline">
          <Trans>Offline: sales are kept on this device and sent when the network is back.</Trans>
        </Alert>
      )}
      {!online && readiness === "needs-network" && (
        <Alert severity="error" sx={{ mb: 1 }} data-testid="till-not-ready-offline">
          <Trans>
            This till opened just before the network went, and its checkout is not on this device yet. Keep the ticket;
            connect once to sell.
          </Trans>
        </Alert>
      )}
      {catalogError && (
        <Alert
          severity="error"
          action={
            <Button onClick={onRetryCatalog}>
              <Trans>Retry</Trans>
            </Button>
          }
          sx={{ mb: 1 }}
        >
          {catalogError}
        </Alert>
      )}
    </>
  );
}
