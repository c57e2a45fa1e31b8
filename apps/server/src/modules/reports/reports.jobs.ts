import type { Db } from "../../db/client.ts";
import type { Jobs, JobLog } from "../../platform/jobs.ts";
import { businessesToRebuild, rebuildDirtyDays, timeZoneOf } from "./rollups.ts";

/** Rebuilds one business's dirty days (data: { businessId }); at most one queued per business. */
export const REBUILD_JOB = "reports-rebuild";
/** Queues a rebuild for every business with dirty days: the warm-up at start, and a catch-up every 10 minutes. */
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

/**
 * The reports' jobs. A sale (void, edit, credit payment) marks its day dirty in its transaction;
 * at commit the database notifies `report_dirty_days` (migration 0028) and a job-running process
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
  jobs.onNotify(
    "report_dirty_days",
    (businessId) =>
      void queueRebuild(jobs, businessId, REBUILD_GATHER_SECONDS).catch((err: unknown) =>
        log.error({ err, businessId }, "could not queue a report rebuild"),
      ),
    // The warm-up (at start, and after a lost connection): every business with dirty days.
    () => jobs.send(SWEEP_JOB),
  );
}
