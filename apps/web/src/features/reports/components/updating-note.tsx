import { Trans } from "@lingui/react/macro";
import { Alert, CircularProgress } from "@mui/material";
import type { ReportUpdating } from "@app/shared/reports/reports";

/** How often a page asks again while its figures are being brought up to date. */
export const UPDATING_POLL_MS = 2_000;

/**
 * The figures are being brought up to date by the server (just after a sale, or for a while
 * after an upgrade): what is shown is what it has so far, and the page asks again by itself.
 */
export function UpdatingNote({ updating }: { updating: ReportUpdating }) {
  if (!updating) return null;
  const { done, total } = updating;
  return (
    <Alert severity="info" icon={<CircularProgress size={18} />} data-testid="reports-updating" role="status">
      <Trans>
        Updating… days brought up to date: {done} of {total}. The figures below may not show the latest sales yet.
      </Trans>
    </Alert>
  );
}
