import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { Alert, Button, Card, CardContent, Skeleton, Stack, Typography } from "@mui/material";
import { useState } from "react";
import type { BackupStatusView } from "@app/shared/backups/backup-status";
import { RestoreDialog } from "./restore-dialog.tsx";
import { describeError } from "../../api/errors.ts";
import { formatBackupTime, formatBytes, useGetBackupStatusQuery } from "./backups-api.ts";

type Place = NonNullable<BackupStatusView["lastSuccess"]>["places"][number];

function PlaceLine({ place }: { place: Place }) {
  const name = place.kind === "main" ? t`On this computer` : t`Second copy (USB disk or network share)`;
  return (
    <Typography variant="body2" data-testid={`backup-place-${place.kind}`}>
      {name}
      {place.path ? `: ${place.path}` : ""} —{" "}
      {place.ok ? (
        <Trans>saved and checked</Trans>
      ) : (
        <Typography component="span" variant="body2" color="error">
          <Trans>failed: {place.problem}</Trans>
        </Typography>
      )}
    </Typography>
  );
}

/** Settings: when the installation's last backup ran, where it is, its size, and what went wrong. */
export function BackupCard({ businessId }: { businessId: string }) {
  const [restoring, setRestoring] = useState(false);
  const { data, isLoading, isError, error, refetch } = useGetBackupStatusQuery(businessId, {
    refetchOnMountOrArgChange: true,
  });
  if (data && !data.enabled) return null;
  return (
    <Card variant="outlined" data-testid="backup-card">
      <CardContent>
        <Typography variant="h6" gutterBottom>
          <Trans>Backups</Trans>
        </Typography>
        {isLoading && <Skeleton variant="rectangular" height={72} aria-label={t`Loading`} />}
        {isError && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void refetch()}>
                <Trans>Retry</Trans>
              </Button>
            }
          >
            <Trans>The backup status could not be loaded. {describeError(error).message}</Trans>
          </Alert>
        )}
        {data && (
          <Stack spacing={1}>
            <Typography color="text.secondary">
              <Trans>
                The database and uploaded files are backed up every night at {data.time} ({data.timeZone}) and checked
                after writing; {data.retention.daily} daily, {data.retention.weekly} weekly and {data.retention.monthly}{" "}
                monthly backups are kept.
              </Trans>
            </Typography>
            {data.stale && (
              <Alert severity="warning" data-testid="backup-stale">
                <Trans>No backup has succeeded in the last 48 hours.</Trans>
              </Alert>
            )}
            {data.lastAttempt && !data.lastAttempt.ok && (
              <Alert severity="error" data-testid="backup-failed">
                <Trans>
                  The last backup, at {formatBackupTime(data.lastAttempt.at, data.timeZone)}, failed:{" "}
                  {data.lastAttempt.problem}
                </Trans>
              </Alert>
            )}
            {data.lastSuccess ? (
              <>
                <Typography data-testid="backup-last">
                  <Trans>
                    Last backup: {formatBackupTime(data.lastSuccess.at, data.timeZone)},{" "}
                    {formatBytes(data.lastSuccess.bytes)}
                  </Trans>
                </Typography>
                {data.lastSuccess.places.map((p) => (
                  <PlaceLine key={p.kind} place={p} />
                ))}
                <Typography variant="body2" color="text.secondary">
                  <Trans>Backups kept: {data.kept}</Trans>
                </Typography>
              </>
            ) : (
              <Typography data-testid="backup-none">
                <Trans>No backup has been made yet. The first one runs a few minutes after the server starts.</Trans>
              </Typography>
            )}
            {data.pointInTime && (
              <Typography variant="body2" color="text.secondary">
                <Trans>
                  Point-in-time recovery is on: after a damaged disk the data can be brought back to within about a
                  minute.
                </Trans>
              </Typography>
            )}
            {data.mayRestore ? (
              <div>
                <Button color="warning" variant="outlined" onClick={() => setRestoring(true)} disabled={!data.kept}>
                  <Trans>Restore a backup</Trans>
                </Button>
                <RestoreDialog
                  open={restoring}
                  onClose={() => setRestoring(false)}
                  businessId={businessId}
                  timeZone={data.timeZone}
                />
              </div>
            ) : (
              <Typography variant="body2" color="text.secondary">
                <Trans>
                  Other owners' businesses are on this installation, so a restore is not offered here: the person who
                  runs the server uses the restore command (see the operations guide), or ask support.
                </Trans>
              </Typography>
            )}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
