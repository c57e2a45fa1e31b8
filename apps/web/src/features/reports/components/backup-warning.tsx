import { Trans } from "@lingui/react/macro";
import { Alert, Button } from "@mui/material";
import { Link } from "react-router";
import { pathTo } from "../../../lib/paths.ts";
import { useGetBackupStatusQuery } from "../../backups/backups-api.ts";

/** The dashboard's warning to the owner when no backup succeeded in 48 hours (nothing otherwise). */
export function BackupWarning({ businessId }: { businessId: string }) {
  const { data } = useGetBackupStatusQuery(businessId);
  if (!data?.enabled || !data.stale) return null;
  return (
    <Alert
      severity="warning"
      data-testid="dashboard-backup-warning"
      action={
        <Button color="inherit" size="small" component={Link} to={pathTo("/settings")}>
          <Trans>Details</Trans>
        </Button>
      }
    >
      <Trans>No backup has succeeded in the last 48 hours. Your data may not be safe if this computer fails.</Trans>
    </Alert>
  );
}
