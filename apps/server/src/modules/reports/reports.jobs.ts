import type { Db } from "../../db/client.ts";
import type { Jobs, JobLog } from "../../platform/jobs.ts";
import { businessesToRebuild, businessesWithDirtyDays, rebuildDirtyDays, timeZoneOf } from "./rollups.ts";

/** Rebuilds one business's dirty days (data: { businessId }); at most one queued per business. */
export const REBUILD_JOB = "reports-rebuild";
/** Queues a rebuild for every business with dirty days every 10 minutes: a catch-up beside the watch (WATCH_MS). */
export const SWEEP_JOB = "reports-sweep";

/**
 * After a sale, the rebuild waits this long: the sales of a busy till meanwhile join it (one
 * rebuild of the day, not one per sale; a rebuild reads the whole day).
 */
export const REBUILD_GATHER_SECONDS = 2;

/** Queues one business's rebuild; while one is already queued, nothing more (a burst of sales queues one). */
export function queueRebuild(jobs: Jobs, businessId: string, afterSeconds = 0): Promise<string | null> {
  return jobs.send(
    REBUILD_JOB,
    { businessId },
    { singletonKey: businessId, ...(afterSeconds > 0 ? { startAfterSeconds: afterSeconds } : {}) },
  );
}

/** How often a job-running process looks for days to rebuild (one query on the markers). */
export const WATCH_MS = 1_000;

/**
 * The reports' jobs. A sale (void, edit, credit payment) marks its day dirty in its transaction
 * (a marker row, migration 0041); a job-running process sees the marker within WATCH_MS and
 * queues that business's rebuild. Reads never rebuild: they show what the rollups have, and say
 * "updating" while days are dirty. After an upgrade the warm-up rebuilds every business a month
 * at a time, its progress in report_rebuilds.
 */
export function registerReportJobs(jobs: Jobs, db: Db, log: JobLog): void {
  jobs.define<{ businessId: string }>(
    REBUILD_JOB,
    async ({ businessId }) => {
      const timeZone = await timeZoneOf(db, businessId);
      if (timeZone) await rebuildDirtyDays(db, businessId, timeZone);
    },
    // Two of one business may run at once (one queued while another ran): the rebuild's advisory
    // lock takes them a month at a time in turn. A dead worker's is retried after 10 minutes.
    { policy: "short", retries: 5, retryDelaySeconds: 5, concurrency: 2, expireInSeconds: 600 },
  );
  const sweep = async () => {
    const due = await businessesToRebuild(db);
    for (const b of due) await queueRebuild(jobs, b.id);
    if (due.length) log.info({ businesses: due.length }, "report rebuilds queued");
    return { queued: due.length };
  };
  jobs.every(SWEEP_JOB, "*/10 * * * *", sweep);
  // Each job-running process looks every WATCH_MS for businesses with dirty days (also the
  // warm-up at start: every business with dirty days, after an upgrade too).
  jobs.watch(
    "report-dirty-days",
    WATCH_MS,
    () => businessesWithDirtyDays(db),
    (businessId) =>
      void queueRebuild(jobs, businessId, REBUILD_GATHER_SECONDS).catch((err: unknown) =>
        log.error({ err, businessId }, "could not queue a report rebuild"),
      ),
  );
}
