import type { Db } from "../db/client.ts";
import { runBackupApart } from "../db/backups/apart.ts";
import { runDueBackup, type BackupSettings } from "../db/backups/runner.ts";
import { eraseDueBusinesses } from "../db/business-data/erase.ts";
import type { FileStorage } from "../platform/files.ts";
import { now } from "../platform/clock.ts";
import type { Jobs } from "../platform/jobs.ts";
import { registerReportJobs } from "../modules/reports/reports.public.ts";
import { registerBillingJob, type BillingDeps } from "../modules/subscriptions/subscriptions.public.ts";
import { fetchAllEtimsPurchases, refreshAllEtimsCodeLists, type EtimsDeps } from "../modules/etims/etims.public.ts";
import { registerEtimsQueue } from "./etims-queue.ts";
import { registerMessageJobs, type MessagingDeps } from "../modules/messages/messages.public.ts";

/** KRA's code lists and item classifications are fetched again every night at 03:30 Nairobi time. */
export const ETIMS_CODE_LISTS_CRON = "30 3 * * *";
/** The invoices suppliers issued to each business are fetched from KRA every night at 03:45 Nairobi time. */
export const ETIMS_PURCHASES_CRON = "45 3 * * *";

/**
 * Every area's jobs, registered on the one job runner (platform/jobs.ts) before it starts. A new
 * scheduled job is one line in its module, e.g. `jobs.every("backups-due", "0 * * * *", () =>
 * runDueBackup(new Date()))`, called from here.
 */
/** Deleted businesses past their 30 days are erased for good at 17 past every hour. */
export const ERASURE_CRON = "17 * * * *";

/** The backup check's cron from BACKUP_CHECK_INTERVAL_MINUTES: every N minutes (N < 60), else hourly. */
export const backupCheckCron = (minutes: number) =>
  minutes >= 1 && minutes < 60 ? `*/${Math.floor(minutes)} * * * *` : "0 * * * *";

export type JobDeps = {
  db: Db;
  billing: BillingDeps;
  billingCron: string | null;
  etims: EtimsDeps;
  /**
   * The eTIMS queue's first wait after KRA was down (ms; doubled each retry), a sender's lease
   * (ms), and how it yields to the tills' requests in this process (platform/request-gauge.ts).
   */
  etimsQueue: { retryBaseMs: number; leaseMs: number; yieldToRequests?: () => Promise<void> };
  files: FileStorage;
  /** Nightly backups and how often to check whether one is due (minutes; 0: never); null: off. */
  backups: { settings: BackupSettings; checkMinutes: number } | null;
  /** Receipts (and statements) by SMS and e-mail: the send job and its providers. */
  messaging: MessagingDeps;
};

export function registerJobs(jobs: Jobs, deps: JobDeps): void {
  const log = deps.billing.log;
  registerBillingJob(jobs, deps.billing, deps.billingCron);
  registerReportJobs(jobs, deps.db, deps.billing.log);
  // One business's refusal or KRA being down is logged; the others are refreshed all the same.
  jobs.every("etims-code-lists", ETIMS_CODE_LISTS_CRON, async () => {
    const results = await refreshAllEtimsCodeLists(deps.etims);
    for (const r of results.filter((x) => !x.ok))
      deps.billing.log.warn({ businessId: r.businessId, reason: r.message }, "eTIMS code lists not refreshed");
    return { refreshed: results.filter((r) => r.ok).length, failed: results.filter((r) => !r.ok).length };
  });
  // Suppliers' KRA invoices for the owner to confirm (Purchases from KRA); the owner may also fetch them at once.
  jobs.every("etims-purchases", ETIMS_PURCHASES_CRON, async () => {
    const results = await fetchAllEtimsPurchases(deps.etims);
    for (const r of results.filter((x) => !x.ok))
      log.warn({ businessId: r.businessId, reason: r.message }, "eTIMS supplier invoices not fetched");
    return { fetched: results.filter((r) => r.ok).length, failed: results.filter((r) => !r.ok).length };
  });
  // Sales, documents and products to KRA, in order per business (flows/etims-queue.ts).
  registerEtimsQueue(jobs, { db: deps.db, etims: deps.etims, ...deps.etimsQueue, log });
  // Receipts by SMS and e-mail: one job per message, retried with backoff, its outcome on the message.
  registerMessageJobs(jobs, deps.messaging);
  // A deleted business is hidden at once and erased for good 30 days on (db/business-data/erase.ts).
  jobs.every("business-erasure", ERASURE_CRON, async () => {
    const erased = await eraseDueBusinesses(deps.db.$client, deps.files, now(), (businessId, err) =>
      log.error({ businessId, err }, "erasing a deleted business failed"),
    );
    return { erased: erased.length };
  });
  // Nightly backups: each check runs one when due (db/backups/runner.ts: idempotent, one at a
  // time), in a process of its own at the lowest priority so the tills keep their speed
  // (db/backups/apart.ts); a big shop's backup may take a while, so the check may run for hours.
  const backups = deps.backups;
  if (backups && backups.checkMinutes > 0)
    jobs.every(
      "backups-due",
      backupCheckCron(backups.checkMinutes),
      async () => ({
        outcome: await runDueBackup(
          deps.db.$client,
          backups.settings,
          now(),
          (m) => log.info({}, m),
          false,
          runBackupApart,
        ),
      }),
      { expireInSeconds: 6 * 3600, retries: 0 },
    );
}
