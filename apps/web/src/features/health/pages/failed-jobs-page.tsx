import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import RefreshIcon from "@mui/icons-material/Refresh";
import { Alert, Box, Button, Card, CardContent, Chip, Skeleton, Stack, Typography } from "@mui/material";
import type { FailedJob } from "@app/shared/health/jobs";
import { describeError } from "../../../api/errors.ts";
import { PageHeader } from "../../../components/page-header.tsx";
import { formatDateTime } from "../../../lib/date-format.ts";
import { showToast } from "../../../lib/toasts.ts";
import { useListFailedJobsQuery, useRetryFailedJobMutation } from "../health-api.ts";

/** What each job of the runner does, in words support reads (its technical name is shown beside it). */
function jobTitle(name: string): string {
  switch (name) {
    case "reports-rebuild":
      return t`Reports: rebuilding a business's figures`;
    case "reports-sweep":
      return t`Reports: catching up on figures to rebuild`;
    case "subscriptions-billing":
      return t`Subscriptions: renewals and lapses`;
    case "backups-due":
      return t`Nightly backup`;
    case "business-erasure":
      return t`Erasing deleted businesses`;
    case "etims-code-lists":
      return t`KRA eTIMS code lists`;
    default:
      return name;
  }
}

function FailedJobCard({ job }: { job: FailedJob }) {
  const [retry, { isLoading }] = useRetryFailedJobMutation();
  const onRetry = async () => {
    try {
      await retry(job.id).unwrap();
      showToast("success", t`The job is queued to run again.`);
    } catch (err) {
      showToast("error", describeError(err).message);
    }
  };
  return (
    <Card variant="outlined" data-testid="failed-job">
      <CardContent sx={{ display: "flex", gap: 2, flexWrap: "wrap", alignItems: "flex-start" }}>
        <Box sx={{ flex: "1 1 320px", minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600 }}>{jobTitle(job.name)}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ fontFamily: "monospace" }}>
            {job.name}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ my: 1, flexWrap: "wrap", rowGap: 1 }}>
            <Chip size="small" label={t`Failed ${formatDateTime(job.failedAt)}`} />
            <Chip size="small" label={t`Tries: ${job.attempts}`} />
          </Stack>
          <Typography
            variant="body2"
            color="error"
            data-testid="failed-job-error"
            sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}
          >
            {job.error}
          </Typography>
        </Box>
        {job.retryable ? (
          <Button
            variant="contained"
            startIcon={<RefreshIcon />}
            disabled={isLoading}
            onClick={() => void onRetry()}
            aria-label={t`Run ${job.name} again`}
          >
            {isLoading ? t`Queuing…` : t`Run again`}
          </Button>
        ) : (
          <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 220 }}>
            <Trans>Archived: it can no longer be run again.</Trans>
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * /failed-jobs (provider support): the job runner's dead-letter list, the jobs that failed after
 * their last try, newest first; name, when, tries and the last error (never the job's data, and
 * the server masks phone numbers and e-mail addresses in the error). Each can be run once more.
 */
export default function FailedJobsPage() {
  const { data, isLoading, isFetching, isError, error, refetch } = useListFailedJobsQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  return (
    <>
      <PageHeader
        title={t`Failed Jobs`}
        subtitle={t`Background jobs that failed after their last try, kept for 14 days`}
        actions={
          <Button startIcon={<RefreshIcon />} onClick={() => void refetch()} disabled={isFetching}>
            <Trans>Refresh</Trans>
          </Button>
        }
      />
      {isLoading && (
        <Stack spacing={2} aria-label={t`Loading`} data-testid="failed-jobs-loading">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rectangular" height={96} />
          ))}
        </Stack>
      )}
      {isError && (
        <Alert
          severity="error"
          data-testid="failed-jobs-error"
          action={
            <Button color="inherit" size="small" onClick={() => void refetch()}>
              <Trans>Retry</Trans>
            </Button>
          }
        >
          <Trans>The failed jobs could not be loaded. {describeError(error).message}</Trans>
        </Alert>
      )}
      {data && !isError && data.jobs.length === 0 && (
        <Alert severity="success" data-testid="failed-jobs-empty">
          <Trans>No failed jobs. Every background job has run or is still trying.</Trans>
        </Alert>
      )}
      {data && !isError && data.jobs.length > 0 && (
        <Stack spacing={2} data-testid="failed-jobs">
          {data.jobs.map((job) => (
            <FailedJobCard key={job.id} job={job} />
          ))}
        </Stack>
      )}
    </>
  );
}
